import { setOwn } from "./own.js";
import { encodeBase64 } from "./base64.js";

// Past this nesting a result is cut: nothing a model reads needs more, and the copy must not overflow the stack.
const MAX_NESTING = 256;

/**
 * A tool's value as JSON data, for the text or object a provider takes back. What `JSON.stringify`
 * writes, plus what it would lose or throw on: a BigInt becomes its decimal text, a `Set` an array, a
 * `Map` an object (an array of `[key, value]` pairs when a key is not a string), a `Uint8Array` its
 * base64 text (as `t.bytes()` writes bytes), a cycle
 * `"[Circular]"`, nesting past 256 levels `"[nested too deeply]"`, a property whose getter throws
 * `"[unreadable]"`. Never throws.
 *
 * @example
 * jsonData({ id: 12345678901234567890n, tags: new Set(["a"]), at: new Date(0) });
 * // { id: "12345678901234567890", tags: ["a"], at: "1970-01-01T00:00:00.000Z" }
 */
export function jsonData(value: unknown): unknown {
  const open = new Set<object>(); // the objects being copied: meeting one again is a cycle
  // `key` is the property or index the value sits at ("" at the top), which `toJSON` is given.
  const copy = (v: unknown, depth: number, key: string): unknown => {
    if (typeof v === "bigint") return v.toString();
    if (typeof v === "number") return Number.isFinite(v) ? v : null;
    if (typeof v !== "object" || v === null) return typeof v === "function" || typeof v === "symbol" ? undefined : v;
    if (v instanceof String || v instanceof Number || v instanceof Boolean || v instanceof BigInt)
      return copy(v.valueOf(), depth, key);
    if (v instanceof Uint8Array) return encodeBase64(v); // as t.bytes() writes bytes
    if (open.has(v)) return "[Circular]";
    if (depth >= MAX_NESTING) return "[nested too deeply]";
    const toJSON = (v as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") {
      const replaced: unknown = toJSON.call(v, key);
      if (replaced !== v) return copy(replaced, depth + 1, key); // a toJSON returning its own object is written by its keys
    }
    open.add(v);
    try {
      if (Array.isArray(v) || v instanceof Set)
        return Array.from(v as Iterable<unknown>, (item, i) => copy(item, depth + 1, String(i)) ?? null);
      if (v instanceof Map) {
        const entries = [...v];
        if (!entries.every(([k]) => typeof k === "string"))
          return entries.map(([k, item], i) => [
            copy(k, depth + 1, "0") ?? null,
            copy(item, depth + 1, String(i)) ?? null,
          ]);
        return fromEntries(entries.map(([k, item]) => [k as string, copy(item, depth + 1, k as string)]));
      }
      return fromEntries(Object.keys(v).map((k) => [k, read(v, k, depth)]));
    } finally {
      open.delete(v);
    }
  };
  const read = (object: object, key: string, depth: number): unknown => {
    try {
      return copy((object as Record<string, unknown>)[key], depth + 1, key);
    } catch {
      return "[unreadable]";
    }
  };
  try {
    return copy(value, 0, "");
  } catch {
    return "[unreadable]"; // a Proxy whose traps throw
  }
}

// An object from entries, skipping undefined values as JSON does.
function fromEntries(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) if (value !== undefined) setOwn(out, key, value);
  return out;
}
