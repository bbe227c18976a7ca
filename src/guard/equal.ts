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

/** Canonical text of a value (object keys sorted), written without recursion: any depth fits. */
function write(value: unknown): string {
  let out = "";
  // Work items: a value to write, or text to append (closing brackets, separators, keys).
  const work: ({ value: unknown } | string)[] = [{ value }];
  while (work.length) {
    const item = work.pop()!;
    if (typeof item === "string") {
      out += item;
      continue;
    }
    const v = item.value;
    if (typeof v === "bigint")
      out += `${v}n`; // not JSON, but a guard answers for any value
    else if (typeof v !== "object" || v === null) out += JSON.stringify(v) ?? "null";
    else if (Array.isArray(v)) {
      out += "[";
      work.push("]");
      for (let i = v.length - 1; i >= 0; i--) {
        work.push({ value: v[i] });
        if (i > 0) work.push(",");
      }
    } else {
      const keys = Object.keys(v).sort();
      out += "{";
      work.push("}");
      for (let i = keys.length - 1; i >= 0; i--) {
        work.push({ value: (v as never)[keys[i]!] });
        work.push((i > 0 ? "," : "") + JSON.stringify(keys[i]) + ":");
      }
    }
  }
  return out;
}
