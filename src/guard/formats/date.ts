// RFC 3339 `full-date`.
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * RFC 3339 `full-date`, calendar-checked (leap years included): the `date` format.
 *
 * @example
 * isDate("2024-02-29"); // true
 * isDate("2023-02-29"); // false
 */
export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const year = +m[1]!,
    month = +m[2]!,
    day = +m[3]!;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS[month]!);
}
