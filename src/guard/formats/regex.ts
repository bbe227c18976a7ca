/**
 * A regular expression JavaScript reads with the `u` flag: the `regex` format.
 *
 * @example
 * isRegex("^[a-z]+$"); // true
 * isRegex("(");        // false
 */
export function isRegex(value: string): boolean {
  try {
    new RegExp(value, "u");
    return true;
  } catch {
    return false;
  }
}
