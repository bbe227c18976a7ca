// Leaves: simple nodes as data, tested by one function, so loops over items and properties stay monomorphic.
import { once, type Build } from "./check.js";
import { hasType } from "../keywords/type.js";
import { ANY, BOOLEAN, INTEGER, NUMBER, STRING, type Node } from "../node.js";
import { typeBits } from "../values.js";
/**
 * What a simple node asks, as data: its types, a set of primitive values, numeric bounds. Every leaf has
 * the same shape and one function tests them all, so the loops over properties and items make a call
 * the engine can inline, where calling each node's own closure would go megamorphic.
 */
export interface Leaf {
  /** Which test decides: one of the `LEAF_*` kinds. */
  readonly kind: number;
  readonly bits: number;
  readonly values: ReadonlySet<unknown> | null;
  readonly min: number;
  readonly max: number;
  readonly exclusiveMin: number;
  readonly exclusiveMax: number;
}

// A leaf of one type and nothing else, of numbers with bounds, or of values (each of an allowed type) is
// tested by one case; any other leaf by the general test. The bounds default to ±Infinity, and an
// exclusive one of ±Infinity refuses NaN and the infinities, as `Number.isFinite` would.
const LEAF_STRING = 0,
  LEAF_NUMBER = 1,
  LEAF_INTEGER = 2,
  LEAF_BOOLEAN = 3,
  LEAF_VALUES = 4,
  LEAF_GENERAL = 5;

const LEAF_KEYS = new Set([
  "id",
  "types",
  "enum",
  "isConst",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
]);

/** The node as a `Leaf` when it asks nothing a leaf cannot hold, else null; made once per node. */
export function leafOf(node: Node, build: Build): Leaf | null {
  return once(build.leaves, node, () => makeLeaf(node));
}

function makeLeaf(node: Node): Leaf | null {
  if (node.types === ANY && !node.enum) return null; // `never` is not among LEAF_KEYS
  for (const key in node) {
    if (!LEAF_KEYS.has(key) && (node as unknown as Record<string, unknown>)[key] !== undefined) return null;
  }
  const values = node.enum;
  if (values && !values.every((value) => typeof value !== "object" || value === null)) return null;
  const bits = node.types;
  const bounded =
    node.minimum !== undefined ||
    node.maximum !== undefined ||
    node.exclusiveMinimum !== undefined ||
    node.exclusiveMaximum !== undefined;
  let kind = LEAF_GENERAL;
  if (values) {
    if (!bounded && values.every((value) => (typeBits(value) & bits) !== 0)) kind = LEAF_VALUES;
  } else if (bits === STRING || bits === BOOLEAN) {
    kind = bits === STRING ? LEAF_STRING : LEAF_BOOLEAN;
  } else if (bits === NUMBER || bits === (NUMBER | INTEGER)) {
    kind = LEAF_NUMBER;
  } else if (bits === INTEGER) {
    kind = LEAF_INTEGER;
  }
  return {
    kind,
    bits,
    values: values ? new Set(values) : null,
    min: node.minimum ?? -Infinity,
    max: node.maximum ?? Infinity,
    exclusiveMin: node.exclusiveMinimum ?? -Infinity,
    exclusiveMax: node.exclusiveMaximum ?? Infinity,
  };
}

export function leafOk(value: unknown, leaf: Leaf): boolean {
  switch (leaf.kind) {
    case LEAF_STRING:
      return typeof value === "string";
    case LEAF_NUMBER:
      return typeof value === "number" && inBounds(value, leaf);
    case LEAF_INTEGER:
      return Number.isInteger(value) && inBounds(value as number, leaf);
    case LEAF_BOOLEAN:
      return typeof value === "boolean";
    case LEAF_VALUES:
      return leaf.values!.has(value);
  }
  if (!hasType(value, leaf.bits) || (leaf.values !== null && !leaf.values.has(value))) return false;
  return typeof value !== "number" || inBounds(value, leaf);
}

function inBounds(n: number, leaf: Leaf): boolean {
  return n >= leaf.min && n <= leaf.max && n > leaf.exclusiveMin && n < leaf.exclusiveMax;
}
