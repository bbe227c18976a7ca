import { isIPv6 } from "./ipv6.js";

// RFC 3986 Appendix A (and, with `u`, RFC 3987 for IRIs: the non-ASCII characters `ucschar` allows; see
// ./idn-formats.ts).
/**
 * The RFC 3986 URI and URI-reference patterns; with `u` (the non-ASCII characters an IRI allows), RFC 3987's.
 *
 * @example
 * uriPatterns("").absolute.test("https://a.b/c")
 * // true
 */
export function uriPatterns(u: string): { readonly absolute: RegExp; readonly reference: RegExp } {
  const unreserved = String.raw`A-Za-z0-9\-._~${u}`;
  const pct = String.raw`%[0-9A-Fa-f]{2}`;
  const sub = String.raw`!$&'()*+,;=`;
  const pchar = String.raw`(?:[${unreserved}${sub}:@]|${pct})`;
  const userinfo = String.raw`(?:[${unreserved}${sub}:]|${pct})*`;
  const host = String.raw`(?:\[([^\]]*)\]|(?:[${unreserved}${sub}]|${pct})*)`;
  const authority = String.raw`(?:${userinfo}@)?${host}(?::\d*)?`;
  const segment = `${pchar}*`;
  const nz = `${pchar}+`;
  const nzNoColon = String.raw`(?:[${unreserved}${sub}@]|${pct})+`;
  const privateUse = u ? String.raw`\uE000-\uF8FF\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}` : "";
  const tail = String.raw`(?:\?(?:${pchar}|[/?${privateUse}])*)?(?:#(?:${pchar}|[/?])*)?`;
  const hier = `(?://${authority}(?:/${segment})*|/(?:${nz}(?:/${segment})*)?|${nz}(?:/${segment})*|)`;
  const relative = `(?://${authority}(?:/${segment})*|/(?:${nz}(?:/${segment})*)?|${nzNoColon}(?:/${segment})*|)`;
  const scheme = String.raw`[A-Za-z][A-Za-z0-9+\-.]*`;
  return {
    absolute: new RegExp(`^${scheme}:${hier}${tail}$`, "u"),
    reference: new RegExp(`^(?:${scheme}:${hier}|${relative})${tail}$`, "u"),
  };
}

// Made on first use: an app that never checks a URI does not build these patterns.
let uri: ReturnType<typeof uriPatterns> | undefined;
// Most URIs: a scheme, "//", a plain host and port, then path, query and fragment without percent-encoding.
// A subset of RFC 3986 that one pattern decides; anything else takes the full grammar.
const PLAIN_URI =
  /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(?::\d+)?(?:\/[\w\-.~!$&'()*+,;=:@]*)*(?:\?[\w\-.~!$&'()*+,;=:@/?]*)?(?:#[\w\-.~!$&'()*+,;=:@/?]*)?$/i;

/** Whether `value` matches a URI (or IRI) pattern, with an IP literal's address checked too. */
export function uriLike(pattern: RegExp, value: string): boolean {
  if (PLAIN_URI.test(value)) return true;
  const m = pattern.exec(value);
  if (!m) return false;
  const literal = m.slice(1).find((g) => g !== undefined);
  return literal === undefined || isIPv6(literal) || /^v[0-9a-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/i.test(literal);
}

/**
 * RFC 3986 URI (absolute, with a scheme): the `uri` format.
 *
 * @example
 * isUri("https://example.com/a?b#c"); // true
 * isUri("/relative");                 // false
 */
export const isUri = (value: string): boolean => uriLike((uri ??= uriPatterns("")).absolute, value);

/**
 * RFC 3986 URI reference (absolute or relative): the `uri-reference` format.
 *
 * @example
 * isUriReference("../a#b"); // true
 */
export const isUriReference = (value: string): boolean => uriLike((uri ??= uriPatterns("")).reference, value);
