// RFC 3339 `full-time`. The offset is `Z` or `±hh:mm` (RFC 3339 time-numoffset): `+05` and `+0530` are ISO 8601
// only, and Date cannot read them.
const TIME = /^(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(?:z|([+-])(\d{2}):(\d{2}))$/i;

/**
 * RFC 3339 `full-time`: an offset (`Z` or `±hh:mm`) is required; a leap second only at 23:59 UTC. The `time` format.
 *
 * @example
 * isTime("23:59:60Z"); // true
 * isTime("12:00:00");  // false: no offset
 */
export function isTime(value: string): boolean {
  const m = TIME.exec(value);
  if (!m) return false;
  // Whole seconds only: a fraction of fifteen nines read as a number would round up to the next second.
  const hour = +m[1]!,
    minute = +m[2]!,
    second = +m[3]!.slice(0, 2);
  const sign = m[4] === "-" ? -1 : 1,
    offsetHour = +(m[5] ?? 0),
    offsetMinute = +(m[6] ?? 0);
  if (offsetHour > 23 || offsetMinute > 59 || hour > 23 || minute > 59) return false;
  if (second < 60) return true;
  if (second >= 61) return false;
  // A leap second: the UTC wall clock must read 23:59.
  const utcMinute = minute - sign * offsetMinute;
  const utcHour = hour - sign * offsetHour - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1);
}
