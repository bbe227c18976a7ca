/** A check for a string `format`. */
export type FormatCheck = (value: string) => boolean;

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// The offset is `Z` or `±hh:mm` (RFC 3339 time-numoffset): `+05` and `+0530` are ISO 8601 only, and Date cannot read them.
const TIME = /^(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(?:z|([+-])(\d{2}):(\d{2}))$/i;

/** RFC 3339 `full-date`, calendar-checked (leap years included). */
function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const year = +m[1]!, month = +m[2]!, day = +m[3]!;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS[month]!);
}

/** RFC 3339 `full-time`: an offset (`Z` or `±hh:mm`) is required; a leap second only at 23:59 UTC. */
function isTime(value: string): boolean {
  const m = TIME.exec(value);
  if (!m) return false;
  // Whole seconds only: a fraction of fifteen nines read as a number would round up to the next second.
  const hour = +m[1]!, minute = +m[2]!, second = +m[3]!.slice(0, 2);
  const sign = m[4] === "-" ? -1 : 1, offsetHour = +(m[5] ?? 0), offsetMinute = +(m[6] ?? 0);
  if (offsetHour > 23 || offsetMinute > 59 || hour > 23 || minute > 59) return false;
  if (second < 60) return true;
  if (second >= 61) return false;
  // A leap second: the UTC wall clock must read 23:59.
  const utcMinute = minute - sign * offsetMinute;
  const utcHour = hour - sign * offsetHour - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1);
}

/** RFC 3339 `date-time`: a full date, `T` (or `t`, or a space), a full time. */
function isDateTime(value: string): boolean {
  const sep = value.search(/[Tt ]/);
  return sep === 10 && isDate(value.slice(0, 10)) && isTime(value.slice(11));
}

// RFC 3339 Appendix A: units in order, none skipped between two given (P1Y2D and PT1H2S are not durations).
const DUR_TIME = String.raw`T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S)`;
const DURATION = new RegExp(String.raw`^P(?:(?:\d+D|\d+M(?:\d+D)?|\d+Y(?:\d+M(?:\d+D)?)?)(?:${DUR_TIME})?|${DUR_TIME}|\d+W)$`);

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const H16 = /^[0-9a-f]{1,4}$/i;

/**
 * RFC 4291 section 2.2 text form: eight groups, one `::`, an IPv4 tail (no leading zeros); no zone.
 *
 * @example
 * isIPv6("::ffff:1.2.3.4"); // true
 * isIPv6("::ffff:01.2.3.4"); // false
 */
export function isIPv6(value: string): boolean {
  if (value.length > 45) return false;
  const double = value.indexOf("::");
  if (double !== value.lastIndexOf("::")) return false;
  let groups = 0;
  const part = (text: string, last: boolean): boolean => {
    if (text === "") return true;
    const pieces = text.split(":");
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (last && i === pieces.length - 1 && piece.includes(".")) {
        if (!IPV4.test(piece)) return false;
        groups += 2;
      } else if (H16.test(piece)) groups++;
      else return false;
    }
    return true;
  };
  if (double < 0) return part(value, true) && groups === 8;
  return part(value.slice(0, double), false) && part(value.slice(double + 2), true) && groups < 8;
}

// RFC 1123 labels: letters, digits, inner hyphens, 63 at most; 253 characters in all, no trailing dot.
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * RFC 1123 host name; an A-label (`xn--`) must be valid Punycode for a valid IDNA2008 U-label (RFC 5891).
 *
 * @example
 * isHostname("xn--9n2bp8q.xn--9t4b11yi5a"); // true
 * isHostname("example.");                   // false
 */
export function isHostname(value: string): boolean {
  // One pattern decides, unless a label may be an A-label ("--" in its third and fourth characters).
  if (!HOSTNAME.test(value)) return false;
  if (!value.includes("--")) return true;
  for (const label of value.split(".")) {
    if (!LABEL.test(label)) return false;
    if (label[2] === "-" && label[3] === "-") {
      if (label.slice(0, 2).toLowerCase() !== "xn") return false;
      const decoded = punycode(label.slice(4));
      if (decoded === undefined || !isULabel(decoded)) return false;
    }
  }
  return true;
}

// RFC 5892 section 2.6: code points IDNA2008 disallows although their category would allow them.
const DISALLOWED = /[\u0640\u07fa\u302e\u302f\u3031-\u3035\u303b]/u;
const VIRAMA = /[\u094d\u09cd\u0a4d\u0acd\u0b4d\u0bcd\u0c4d\u0ccd\u0d3b\u0d3c\u0d4d\u0dca\u0e3a\u0eba\u0f84\u1039\u103a\u1714\u1734\u17d2\u1a60\u1b44\u1baa\u1bab\u1bf2\u1bf3\u2d7f\ua806\ua8c4\ua953\ua9c0\uaaf6\uabed\u{10a3f}\u{11046}\u{1107f}\u{110b9}\u{11133}\u{11134}\u{111c0}\u{11235}\u{112ea}\u{1134d}\u{11442}\u{114c2}\u{115bf}\u{1163f}\u{116b6}\u{1172b}\u{11839}\u{119e0}\u{11a34}\u{11a47}\u{11a99}\u{11c3f}\u{11d44}\u{11d45}\u{11d97}]$/u;
const JOINING = String.raw`[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}]`;
const ZWNJ_JOINED = new RegExp(String.raw`${JOINING}\p{Mn}*\u200c\p{Mn}*${JOINING}`, "u");

/** An IDNA2008 U-label (RFC 5891 section 5.4, RFC 5892 Appendix A contextual rules). */
export function isULabel(label: string): boolean {
  if (!label || /^\p{M}/u.test(label) || label.startsWith("-") || label.endsWith("-") || (label[2] === "-" && label[3] === "-")) return false;
  if (DISALLOWED.test(label) || /[^\p{L}\p{M}\p{N}\u00b7\u0375\u05f3\u05f4\u30fb\u200c\u200d\u06fd\u06fe\u0f0b\u0f0c-]/u.test(label) || /\p{Lu}/u.test(label)) return false;
  const chars = [...label];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!, before = chars[i - 1], after = chars[i + 1];
    switch (c) {
      case "\u00b7": // MIDDLE DOT: between two l
        if (before !== "l" || after !== "l") return false;
        break;
      case "\u0375": // GREEK LOWER NUMERAL SIGN (KERAIA): before Greek
        if (after === undefined || !/\p{Script=Greek}/u.test(after)) return false;
        break;
      case "\u05f3": case "\u05f4": // HEBREW GERESH, GERSHAYIM: after Hebrew
        if (before === undefined || !/\p{Script=Hebrew}/u.test(before)) return false;
        break;
      case "\u30fb": // KATAKANA MIDDLE DOT: in a label with Hiragana, Katakana or Han
        if (!/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(label.replace(/\u30fb/g, ""))) return false;
        break;
      case "\u200d": // ZERO WIDTH JOINER: after a virama
        if (before === undefined || !VIRAMA.test(before)) return false;
        break;
      case "\u200c": // ZERO WIDTH NON-JOINER: after a virama, or between joining letters
        if (!(before !== undefined && VIRAMA.test(before)) && !ZWNJ_JOINED.test(label)) return false;
        break;
    }
  }
  // ARABIC-INDIC DIGITS and EXTENDED ARABIC-INDIC DIGITS never mix.
  return !(/[\u0660-\u0669]/.test(label) && /[\u06f0-\u06f9]/.test(label));
}

/** Decodes a Punycode string (RFC 3492 section 6.2), or undefined when it is not one. */
export function punycode(input: string): string | undefined {
  const base = 36, tMin = 1, tMax = 26;
  const adapt = (delta: number, points: number, first: boolean): number => {
    delta = first ? Math.floor(delta / 700) : delta >> 1;
    delta += Math.floor(delta / points);
    let k = 0;
    for (; delta > ((base - tMin) * tMax) >> 1; k += base) delta = Math.floor(delta / (base - tMin));
    return k + Math.floor(((base - tMin + 1) * delta) / (delta + 38));
  };
  const basic = input.lastIndexOf("-");
  const output: number[] = [];
  for (let j = 0; j < basic; j++) {
    const c = input.charCodeAt(j);
    if (c >= 0x80) return undefined;
    output.push(c);
  }
  let n = 128, i = 0, bias = 72;
  for (let index = basic > 0 ? basic + 1 : 0; index < input.length; ) {
    const old = i;
    for (let w = 1, k = base; ; k += base) {
      if (index >= input.length) return undefined;
      const c = input.charCodeAt(index++);
      const digit = c >= 48 && c <= 57 ? c - 22 : c >= 65 && c <= 90 ? c - 65 : c >= 97 && c <= 122 ? c - 97 : base;
      if (digit >= base) return undefined;
      i += digit * w;
      const t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
      if (digit < t) break;
      w *= base - t;
      if (i > 0x7fffffff || w > 0x7fffffff) return undefined;
    }
    bias = adapt(i - old, output.length + 1, old === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff) return undefined;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

// RFC 5321 section 4.1.2 local part (a dot-string, or a quoted string), then a domain or an address literal.
const DOT_ATOM = String.raw`[a-z0-9!#$%&'*+/=?^_\x60{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_\x60{|}~-]+)*`;
const QUOTED = String.raw`"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"`;
const LOCAL = new RegExp(String.raw`^(?:${DOT_ATOM}|${QUOTED})$`, "i");
const PLAIN_EMAIL = new RegExp(String.raw`^${DOT_ATOM}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$`, "i");
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
function isEmail(value: string): boolean {
  // Most addresses: one pattern (a dot-atom at plain host labels) decides.
  if (value.length <= 253 && PLAIN_EMAIL.test(value) && !value.includes("--")) return true;
  // The last "@" ends the local part: a quoted one may hold "@" itself, a domain never does.
  const at = value.lastIndexOf("@");
  return at > 0 && LOCAL.test(value.slice(0, at)) && emailDomain(value.slice(at + 1), isHostname);
}

// RFC 3986 Appendix A (and, with `u`, RFC 3987 for IRIs: the non-ASCII characters `ucschar` allows; see ./idn-formats.ts).
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
  return { absolute: new RegExp(`^${scheme}:${hier}${tail}$`, "u"), reference: new RegExp(`^(?:${scheme}:${hier}|${relative})${tail}$`, "u") };
}

// Made on first use: an app that never checks a URI does not build these patterns.
let uri: ReturnType<typeof uriPatterns> | undefined;
// Most URIs: a scheme, "//", a plain host and port, then path, query and fragment without percent-encoding.
// A subset of RFC 3986 that one pattern decides; anything else takes the full grammar.
const PLAIN_URI = /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(?::\d+)?(?:\/[\w\-.~!$&'()*+,;=:@]*)*(?:\?[\w\-.~!$&'()*+,;=:@/?]*)?(?:#[\w\-.~!$&'()*+,;=:@/?]*)?$/i;

/** Whether `value` matches a URI (or IRI) pattern, with an IP literal's address checked too. */
export function uriLike(pattern: RegExp, value: string): boolean {
  if (PLAIN_URI.test(value)) return true;
  const m = pattern.exec(value);
  if (!m) return false;
  const literal = m.slice(1).find((g) => g !== undefined);
  return literal === undefined || isIPv6(literal) || /^v[0-9a-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/i.test(literal);
}

// RFC 6901 and draft-bhutton-relative-json-pointer-00.
const JSON_POINTER = /^(?:\/(?:[^~/]|~[01])*)*$/;
const RELATIVE_JSON_POINTER = /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~[01])*)*)$/;
// RFC 6570: literals, and expressions of an optional operator and comma-separated varspecs.
const VARNAME = String.raw`(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*`;
const VARSPEC = String.raw`${VARNAME}(?::[1-9][0-9]{0,3}|\*)?`;
const URI_TEMPLATE = new RegExp(String.raw`^(?:[^\x00-\x20\x7f"%<>\\^\x60{|}]|%[0-9A-Fa-f]{2}|\{[+#./;?&=,!@|]?${VARSPEC}(?:,${VARSPEC})*\})*$`, "u");

function isRegex(value: string): boolean {
  try {
    new RegExp(value, "u");
    return true;
  } catch {
    return false;
  }
}

/**
 * The formats every guard checks, each per its RFC as the JSON Schema Test Suite tests it. Another
 * format name is an annotation (draft 2020-12 section 7.2.1): OpenAPI's `int32`, a vendor's own. Give
 * a check for one with `compile(schema, { formats: { name: check } })`.
 *
 * @example
 * FORMATS.email('"john doe"@example.com'); // true
 * FORMATS.hostname("example.");            // false
 */
export const FORMATS: { readonly [name: string]: FormatCheck } = {
  "date-time": isDateTime,
  date: isDate,
  time: isTime,
  duration: (v) => DURATION.test(v),
  email: isEmail,
  hostname: isHostname,
  ipv4: (v) => IPV4.test(v),
  ipv6: isIPv6,
  uuid: (v) => UUID.test(v),
  uri: (v) => uriLike((uri ??= uriPatterns("")).absolute, v),
  "uri-reference": (v) => uriLike((uri ??= uriPatterns("")).reference, v),
  "uri-template": (v) => URI_TEMPLATE.test(v),
  "json-pointer": (v) => JSON_POINTER.test(v),
  "relative-json-pointer": (v) => RELATIVE_JSON_POINTER.test(v),
  regex: isRegex,
};

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$/;

/** Canonical padded base64 (RFC 4648 section 4): what `contentEncoding: "base64"` accepts. */
export function isBase64(value: string): boolean {
  return BASE64.test(value);
}
