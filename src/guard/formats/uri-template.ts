// RFC 6570: literals, and expressions of an optional operator and comma-separated varspecs.
const VARNAME = String.raw`(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*`;
const VARSPEC = String.raw`${VARNAME}(?::[1-9][0-9]{0,3}|\*)?`;
const URI_TEMPLATE = new RegExp(
  String.raw`^(?:[^\x00-\x20\x7f"%<>\\^\x60{|}]|%[0-9A-Fa-f]{2}|\{[+#./;?&=,!@|]?${VARSPEC}(?:,${VARSPEC})*\})*$`,
  "u",
);

/**
 * RFC 6570 URI template: the `uri-template` format.
 *
 * @example
 * isUriTemplate("https://example.com/{id}{?q,page}"); // true
 */
export const isUriTemplate = (value: string): boolean => URI_TEMPLATE.test(value);
