import { isDate } from "./date.js";
import { isTime } from "./time.js";

/**
 * RFC 3339 `date-time`: a full date, `T` (or `t`, or a space), a full time. The `date-time` format.
 *
 * @example
 * isDateTime("2026-11-25T10:00:00Z"); // true
 */
export function isDateTime(value: string): boolean {
  const sep = value.search(/[Tt ]/);
  return sep === 10 && isDate(value.slice(0, 10)) && isTime(value.slice(11));
}
