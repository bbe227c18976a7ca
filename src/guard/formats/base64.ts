const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$/;

/**
 * Canonical padded base64 (RFC 4648 section 4): what `contentEncoding: "base64"` accepts.
 *
 * @example
 * isBase64("aGk="); // true
 */
export const isBase64 = (value: string): boolean => BASE64.test(value);
