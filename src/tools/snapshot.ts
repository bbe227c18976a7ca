import { setOwn } from "../util/own.js";

/**
 * Most properties and items a snapshot copies; a larger value is refused as a whole.
 *
 * @example
 * snapshot(new Array(MAX_SNAPSHOT_ENTRIES + 1)); // throws TypeError: the arguments hold more than 10000000 ...
 */
const MAX_SNAPSHOT_ENTRIES = 10_000_000;

/**
 * Arguments copied to plain data before they are checked, each property read exactly once: a getter or a
 * `Proxy` that answers the check with one value and the function with another cannot slip the second past
 * the guard. Arrays become arrays (indices `0` to `length - 1`), every other object a plain object of its
 * own enumerable string keys (what a JSON Schema check reads; `__proto__` stays an own key) whose value is
 * not `undefined` (JSON has no such value: the property is absent, so a default fills it); primitives,
 * functions and symbols are kept as they are, for the guard to refuse. A value shared by two places is
 * copied once and shared again; a cycle, or more than `MAX_SNAPSHOT_ENTRIES` entries, throws a `TypeError`.
 * No recursion: any depth fits. A throwing getter or trap throws here, before anything runs.
 *
 * @example
 * let reads = 0;
 * const args = { get city() { return reads++ === 0 ? "Paris" : 42; } };
 * snapshot(args); // { city: "Paris" }: the second read never happens
 */
export function snapshot(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const copies = new Map<object, unknown>(); // every object met, to its copy
  const open = new Set<object>(); // objects whose copy is being filled: meeting one again is a cycle
  type Frame = {
    source: Record<string, unknown>;
    copy: Record<string, unknown> | unknown[];
    keys: string[] | undefined;
    length: number;
    next: number;
  };
  const frames: Frame[] = [];
  let entries = 0;

  const begin = (source: object): unknown => {
    const known = copies.get(source);
    if (known !== undefined) {
      if (open.has(source)) throw new TypeError("the arguments contain a cycle, which JSON cannot carry");
      return known;
    }
    const isArray = Array.isArray(source);
    const copy: Record<string, unknown> | unknown[] = isArray ? [] : {};
    const keys = isArray ? undefined : Object.keys(source);
    const length = isArray ? Number((source as unknown[]).length) : keys!.length;
    if (!Number.isSafeInteger(length) || length < 0)
      throw new TypeError(`an array in the arguments reports the length ${String(length)}`);
    if (length > MAX_SNAPSHOT_ENTRIES - entries)
      throw new TypeError(`the arguments hold more than ${MAX_SNAPSHOT_ENTRIES} properties and items`);
    entries += length;
    copies.set(source, copy);
    open.add(source);
    frames.push({ source: source as Record<string, unknown>, copy, keys, length, next: 0 });
    return copy;
  };

  const root = begin(value);
  while (frames.length) {
    const frame = frames[frames.length - 1]!;
    if (frame.next === frame.length) {
      open.delete(frame.source);
      frames.pop();
      continue;
    }
    const index = frame.next++;
    const key = frame.keys ? frame.keys[index]! : String(index);
    let item = frame.source[key]; // read once
    if (typeof item === "object" && item !== null) item = begin(item);
    if (frame.keys) {
      if (item !== undefined) setOwn(frame.copy as Record<string, unknown>, key, item); // absent, as in JSON
    } else (frame.copy as unknown[])[index] = item;
  }
  return root;
}
