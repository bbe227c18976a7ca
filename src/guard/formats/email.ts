import { isHostname } from "./hostname.js";
import { IPV4 } from "./ipv4.js";
import { isIPv6 } from "./ipv6.js";

// RFC 5321 section 4.1.2 local part (a dot-string, or a quoted string), then a domain or an address literal.
const DOT_ATOM = String.raw`[a-z0-9!#$%&'*+/=?^_\x60{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_\x60{|}~-]+)*`;
const QUOTED = String.raw`"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"`;
const LOCAL = new RegExp(String.raw`^(?:${DOT_ATOM}|${QUOTED})$`, "i");
const PLAIN_EMAIL = new RegExp(
  String.raw`^${DOT_ATOM}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$`,
  "i",
);
/**
 * An e-mail domain: an IPv4 or `IPv6:` address literal, else a host name as `host` reads it.
 *
 * @example
 * emailDomain("[IPv6:::1]", isHostname)
 * // true
 */
export function emailDomain(domain: string, host: (name: string) => boolean): boolean {
  if (domain.charCodeAt(0) === 91 && domain.endsWith("]")) {
    const literal = domain.slice(1, -1);
    return /^ipv6:/i.test(literal) ? isIPv6(literal.slice(5)) : IPV4.test(literal);
  }
  return host(domain);
}

/**
 * RFC 5321 mailbox: a dot-string or quoted local part, `@`, a host name or an IPv4 / `IPv6:` address literal.
 *
 * @example
 * isEmail('"joe bloggs"@[IPv6:::1]'); // true
 */
export function isEmail(value: string): boolean {
  // Most addresses: one pattern (a dot-atom at plain host labels) decides.
  if (value.length <= 253 && PLAIN_EMAIL.test(value) && !value.includes("--")) return true;
  // The last "@" ends the local part: a quoted one may hold "@" itself, a domain never does.
  const at = value.lastIndexOf("@");
  return at > 0 && LOCAL.test(value.slice(0, at)) && emailDomain(value.slice(at + 1), isHostname);
}
