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
  const hour = +m[1]!, minute = +m[2]!, second = +m[3]!;
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

// The local part is a dot-atom (RFC 5321 Dot-string): no leading, trailing or doubled dot.
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const HOSTNAME = /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const URI = /^[a-z][a-z0-9+.-]*:[^\s]*$/i;
const URI_REFERENCE = /^[^\s]*$/;
const DURATION = /^P(?!$)((\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$/;

function isIPv6(value: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(value) || !value.includes(":")) return false;
  try {
    new URL(`http://[${value}]/`);
    return true;
  } catch {
    return false;
  }
}

function isRegex(value: string): boolean {
  try {
    new RegExp(value, "u");
    return true;
  } catch {
    return false;
  }
}

/**
 * The formats every guard knows. Others are refused at compile time unless given in
 * `compile(schema, { formats })`, since an unchecked format would let anything through.
 */
export const FORMATS: { readonly [name: string]: FormatCheck } = {
  "date-time": isDateTime,
  date: isDate,
  time: isTime,
  duration: (v) => DURATION.test(v),
  email: (v) => EMAIL.test(v),
  hostname: (v) => HOSTNAME.test(v),
  ipv4: (v) => IPV4.test(v),
  ipv6: isIPv6,
  uuid: (v) => UUID.test(v),
  uri: (v) => URI.test(v),
  "uri-reference": (v) => URI_REFERENCE.test(v),
  regex: isRegex,
};

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$/;

/** Canonical padded base64 (RFC 4648 section 4): what `contentEncoding: "base64"` accepts. */
export function isBase64(value: string): boolean {
  return BASE64.test(value);
}
