import { SchemaError, type Node } from "./node.js";
import { MAX_DEPTH } from "./values.js";

/**
 * The deepest a schema document may nest (objects and arrays, annotations and `const` values included).
 *
 * @example
 * compile(nestedDeeperThan(MAX_SCHEMA_DEPTH)); // SchemaError: compile: the schema nests deeper than 512 levels ...
 */
const MAX_SCHEMA_DEPTH = 512;

/**
 * The most objects, arrays and properties an untrusted schema may hold (`compile(s, { untrusted })`).
 *
 * @example
 * compile({ type: "object", properties: aMillionProperties }, { untrusted }); // SchemaError: ... more than 100000 ...
 */
const MAX_UNTRUSTED_SCHEMA_SIZE = 100_000;

/**
 * The deepest a guard follows a value through `$ref`, in value levels: a check that would go further refuses
 * the whole value (`too_deep`), on both guard paths alike, so they cannot differ on it however deep it goes
 * and no check can run out of stack. Schemas without `$ref` never read a value deeper than they are.
 *
 * @example
 * compile(t.recursive("Tree", (self) => t.object({ kids: t.array(self) }))).errors(nested(300));
 * // [{ code: "too_deep", ... }]
 */
const MAX_VALUE_DEPTH = 512;

/**
 * How far a guard's `$ref` checks may go.
 *
 * @example
 * depthLimit(readSchema({ items: { $ref: "#" } }), GUARD_PARTS)
 * // { refs: 256, levels: 256 }
 */
export interface DepthLimit {
  /** `$ref` levels a check may follow; one more refuses the value. */
  readonly refs: number;
  /** The value levels those `$ref`s may enter, at most `MAX_VALUE_DEPTH`: what a `too_deep` issue names. */
  readonly levels: number;
}

/**
 * The `$ref` levels a guard of `root` may follow: `MAX_DEPTH`, or fewer where one `$ref` enters many value
 * levels before the next (`{ items: { items: ... { $ref: "#" } } }`), so that no check goes deeper than
 * `MAX_VALUE_DEPTH` value levels. Both guard paths count `$ref` levels the same way, so a rule in `$ref` levels
 * costs nothing a call beyond the count they keep anyway, and no value is walked before it is checked.
 *
 * @example
 * depthLimit(
 *   readSchema({ $defs: { T: { properties: { kids: { items: { $ref: "#/$defs/T" } } } } }, $ref: "#/$defs/T" }),
 *   GUARD_PARTS,
 * );
 * // { refs: 256, levels: 512 }
 */
export function depthLimit(root: Node, parts: NodeParts): DepthLimit {
  // The most value levels a node enters before it reaches a `$ref` (targets not followed); -1 when it reaches none.
  const strides = new Map<Node, number>();
  const strideOf = (node: Node): number => {
    let known = strides.get(node);
    if (known === undefined) {
      known = node.ref ? 0 : -1;
      for (const part of parts.sameValue(node)) known = Math.max(known, strideOf(part));
      for (const child of parts.children(node)) {
        const below = strideOf(child);
        if (below >= 0) known = Math.max(known, below + 1);
      }
      strides.set(node, known);
    }
    return known;
  };
  let stride = 1;
  for (const node of parts.reachable(root)) stride = Math.max(stride, strideOf(node));
  const refs = Math.max(1, Math.min(MAX_DEPTH, Math.floor(MAX_VALUE_DEPTH / stride)));
  return { refs, levels: refs * stride };
}

/**
 * How a guard walks its nodes for `depthLimit`: the parts checked against a node's own value, the parts one value
 * level down, and every node reachable from a root. `compile` walks every keyword; `compileDescriptor` the few it
 * reads.
 */
export interface NodeParts {
  sameValue(node: Node): readonly Node[];
  children(node: Node): readonly Node[];
  reachable(root: Node): readonly Node[];
}

/**
 * Walks a schema document (with those given in `schemas`) once, without recursion, before it is read: deeper than
 * `MAX_SCHEMA_DEPTH`, or (with `untrusted`) larger than `MAX_UNTRUSTED_SCHEMA_SIZE` entries in all, is a `SchemaError`
 * that says so, found in time and memory bounded by the limits, not by the documents. A cycle (an object inside itself)
 * is left
 * for the reader, which names where it is.
 *
 * @example
 * scanSchema(JSON.parse(text), { untrusted }); // throws a SchemaError for a schema 600 levels deep
 */
export function scanSchema(schema: unknown, options: { readonly untrusted?: object; readonly schemas?: object }): void {
  const maxSize = options.untrusted ? MAX_UNTRUSTED_SCHEMA_SIZE : Infinity;
  let size = 0;
  const seen = new Set<object>();
  // The documents given in `schemas` count as the schema does: they are read with it.
  const stack: [unknown, number][] = [schema, ...Object.values(options.schemas ?? {})].map((root) => [root, 0]);
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    if (depth > MAX_SCHEMA_DEPTH) {
      throw new SchemaError(
        `compile: the schema nests deeper than ${MAX_SCHEMA_DEPTH} levels; no schema a tool needs is that deep (a schema that refers to itself uses $ref)`,
      );
    }
    const keys = Array.isArray(value) ? undefined : Object.keys(value);
    size += keys ? keys.length : (value as unknown[]).length;
    if (size > maxSize) {
      throw new SchemaError(
        `compile: the untrusted schema holds more than ${MAX_UNTRUSTED_SCHEMA_SIZE} properties and items; it was not read further`,
      );
    }
    if (keys) {
      for (const key of keys) {
        const item = (value as Record<string, unknown>)[key];
        if (typeof item === "object" && item !== null) stack.push([item, depth + 1]);
      }
    } else {
      for (const item of value as unknown[])
        if (typeof item === "object" && item !== null) stack.push([item, depth + 1]);
    }
  }
}
