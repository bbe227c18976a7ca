/** Deep equality of JSON values, object key order ignored (JSON Schema's notion of equal). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(b, key) || !jsonEqual((a as never)[key], (b as never)[key])) return false;
  }
  return true;
}

/**
 * True when an array holds two deeply equal items. Primitives go through one Set; structured items
 * through another, keyed by a canonical text (sorted keys), so the cost stays linear in the array's
 * size and a string item can never collide with the text of an object or array.
 */
export function hasDuplicates(items: readonly unknown[]): boolean {
  const primitives = new Set<unknown>();
  const structured = new Set<string>();
  for (const item of items) {
    if (typeof item === "object" && item !== null) {
      const key = write(item);
      if (structured.has(key)) return true;
      structured.add(key);
    } else {
      if (primitives.has(item)) return true;
      primitives.add(item);
    }
  }
  return false;
}

function write(value: unknown): string {
  if (typeof value === "bigint") return `${value}n`; // not JSON, but a guard answers for any value
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return "[" + value.map(write).join(",") + "]";
  const keys = Object.keys(value).sort();
  return "{" + keys.map((key) => JSON.stringify(key) + ":" + write((value as never)[key])).join(",") + "}";
}
