import { SchemaError } from "./ir.js";

/**
 * The deepest a schema document may nest (objects and arrays, annotations and `const` values included).
 *
 * @example
 * compile(nestedDeeperThan(MAX_SCHEMA_DEPTH)); // SchemaError: compile: the schema nests deeper than 512 levels ...
 */
export const MAX_SCHEMA_DEPTH = 512;

/**
 * The most objects, arrays and properties an untrusted schema may hold (`compile(s, { untrusted })`).
 *
 * @example
 * compile({ type: "object", properties: aMillionProperties }, { untrusted }); // SchemaError: ... more than 100000 ...
 */
export const MAX_UNTRUSTED_SCHEMA_SIZE = 100_000;

/**
 * The deepest a value may nest for a guard whose checks can follow it all the way down: a schema with a
 * `$ref` (recursion) or `uniqueItems` (which compares whole items). Both guard paths refuse a deeper value
 * before checking anything, so they cannot differ on it however deep it goes, and no check can run out of
 * stack. Other schemas never read a value deeper than they are themselves. (A tree of objects holding arrays
 * takes two levels a node: 512 levels are the 256 nodes the `$ref` count allowed before.)
 *
 * @example
 * compile({ type: "array", items: { $ref: "#" } }).errors(nested(MAX_VALUE_DEPTH + 1)); // [{ code: "too_deep", ... }]
 */
export const MAX_VALUE_DEPTH = 512;

/** What a scan found that the guard needs to know. @example scanSchema({ uniqueItems: true }, {}).unbounded // true */
export interface SchemaScan {
  /** The schema can follow a value to any depth (`$ref`, `uniqueItems`): values are measured first. */
  readonly unbounded: boolean;
}

/**
 * Walks a schema document once, without recursion, before it is read: deeper than `MAX_SCHEMA_DEPTH`, or
 * (with `untrusted`) larger than `MAX_UNTRUSTED_SCHEMA_SIZE` entries, is a `SchemaError` that says so, found in
 * time and memory bounded by the limits, not by the document. A cycle (an object inside itself) is left
 * for the reader, which names where it is.
 *
 * @example
 * scanSchema({ type: "array", items: { $ref: "#" } }, {}); // { unbounded: true }
 */
export function scanSchema(schema: unknown, options: { readonly untrusted?: object }): SchemaScan {
  const maxSize = options.untrusted ? MAX_UNTRUSTED_SCHEMA_SIZE : Infinity;
  let unbounded = false;
  let size = 0;
  const seen = new Set<object>();
  const stack: [unknown, number][] = [[schema, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    if (depth > MAX_SCHEMA_DEPTH) {
      throw new SchemaError(`compile: the schema nests deeper than ${MAX_SCHEMA_DEPTH} levels; no schema a tool needs is that deep (a schema that refers to itself uses $ref)`);
    }
    const keys = Array.isArray(value) ? undefined : Object.keys(value);
    size += keys ? keys.length : (value as unknown[]).length;
    if (size > maxSize) {
      throw new SchemaError(`compile: the untrusted schema holds more than ${MAX_UNTRUSTED_SCHEMA_SIZE} properties and items; it was not read further`);
    }
    if (keys) {
      for (const key of keys) {
        const item = (value as Record<string, unknown>)[key];
        if ((key === "$ref" || key === "$dynamicRef") && typeof item === "string") unbounded = true;
        else if (key === "uniqueItems" && item === true) unbounded = true;
        if (typeof item === "object" && item !== null) stack.push([item, depth + 1]);
      }
    } else {
      for (const item of value as unknown[]) if (typeof item === "object" && item !== null) stack.push([item, depth + 1]);
    }
  }
  return { unbounded };
}

/**
 * Whether a value nests at most `max` levels (an array or object is one level deeper than what holds it),
 * found without recursion and stopping at the first place it goes deeper. Cycles count as too deep. Data
 * properties only: a getter is not called (values from JSON have none; `execute` copies what it is handed
 * to plain data), so measuring has no side effects; what a getter returns is bounded by the `$ref` count.
 *
 * @example
 * withinDepth([[1]], 2); // true
 * withinDepth([[[1]]], 2); // false
 */
export function withinDepth(value: unknown, max: number): boolean {
  if (typeof value !== "object" || value === null) return true;
  const items: object[] = [value];
  const depths: number[] = [1];
  // Made only for a large value: an object shared by two places is then walked again only when met deeper.
  // (A tree, what arguments almost always are, needs none: each object is met once.)
  let deepest: Map<object, number> | undefined;
  let walked = 0;
  while (items.length) {
    const item = items.pop()!;
    const depth = depths.pop()!;
    if (depth > max) return false;
    if (++walked > 4096) {
      deepest ??= new Map();
      if ((deepest.get(item) ?? 0) >= depth) continue;
      deepest.set(item, depth);
    }
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) {
        const child: unknown = item[i];
        if (typeof child === "object" && child !== null) items.push(child), depths.push(depth + 1);
      }
      continue;
    }
    for (const key in item) {
      // Data properties only: a getter is never called here (the guard calls it, once).
      const descriptor = Object.getOwnPropertyDescriptor(item, key);
      const child: unknown = descriptor?.value;
      if (typeof child === "object" && child !== null) items.push(child), depths.push(depth + 1);
    }
  }
  return true;
}
