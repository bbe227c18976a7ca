/**
 * Whether a value is JSON as it stands (what `enum` and `const` may hold): no NaN or Infinity, no
 * undefined, functions, BigInts or class instances, no cycles. Guards compare such values exactly.
 *
 * @example
 * isJSONValue({ a: [1, "x"] }); // true
 * isJSONValue({ a: NaN });      // false
 */
export function isJSONValue(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "object" || depth > 256) return false;
  if (Array.isArray(value)) return value.every((v) => isJSONValue(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && Object.values(value).every((v) => isJSONValue(v, depth + 1));
}
