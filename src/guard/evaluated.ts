// What `unevaluatedProperties` and `unevaluatedItems` need: which of a value's properties and items the
// other keywords evaluated (draft 2020-12 section 11). One walk over the checked schema, shared by the
// interpreter and generated code, so both paths count the same annotations.
import { refTarget, type Node, type Scope } from "./node.js";
import { sameValueParts } from "./parts.js";
import type { Build } from "./interpret/check.js";

/**
 * A node's verdict on a value, as the caller's guard path computes it, and (where a `$dynamicRef` needs it) the
 * call's dynamic scope.
 *
 * @example
 * const test: Test = (node, value) => build(node)(value); // the interpreter's
 */
export interface Test {
  (node: Node, value: unknown): boolean;
  readonly scope?: () => Scope;
}

/**
 * The interpreter's `Test`: a node's check, and the call's dynamic scope where the schema has one.
 *
 * @example
 * interpretedTest(build)(node, value)
 */
export function interpretedTest(build: Build): Test {
  return Object.assign((node: Node, value: unknown) => build(node)(value), { scope: () => build.state.scope });
}

/**
 * Adds to `into` the keys of `o` that `node` evaluates, given that `node` passes on `o`: declared and
 * pattern-matched properties, and those of every in-place subschema that passes (allOf members, the
 * anyOf and oneOf branches that match, `if` with `then` or `else`, dependentSchemas of present keys,
 * a `$ref`'s target). Returns true when every key is evaluated (`additionalProperties`, a nested
 * `unevaluatedProperties`). With `self`, the node's own `unevaluatedProperties` is the one being
 * decided, so it is not counted.
 *
 * @example
 * const keys = new Set<string>();
 * evaluatedKeys(readSchema({ allOf: [{ properties: { a: {} } }] }), { a: 1, b: 2 }, test, keys); // false; keys: {"a"}
 */
export function evaluatedKeys(
  node: Node,
  object: Record<string, unknown>,
  test: Test,
  into: Set<string>,
  self = false,
): boolean {
  if (node.additionalProperties || (!self && node.unevaluatedProperties)) return true;
  for (const property of node.properties ?? []) if (Object.hasOwn(object, property.key)) into.add(property.key);
  if (node.patternProperties) {
    for (const key of Object.keys(object))
      if (node.patternProperties.some((entry) => entry.pattern.test(key))) into.add(key);
  }
  return inPlace(node, object, test, (part) => evaluatedKeys(part, object, test, into));
}

/**
 * The items of `a` that `node` evaluates, given that it passes: returns how many leading items are
 * evaluated (`Infinity` for all), and adds single indices (from `contains`) to `into`. With `self`,
 * the node's own `unevaluatedItems` is not counted.
 *
 * @example
 * evaluatedItems(readSchema({ prefixItems: [{}, {}] }), [1, 2, 3], test, new Set()); // 2
 */
export function evaluatedItems(
  node: Node,
  array: readonly unknown[],
  test: Test,
  into: Set<number>,
  self = false,
): number {
  if (node.items || (!self && node.unevaluatedItems)) return Infinity;
  let leading = node.prefixItems?.length ?? 0;
  if (node.contains) for (let i = 0; i < array.length; i++) if (test(node.contains, array[i])) into.add(i);
  inPlace(node, array, test, (part) => {
    leading = Math.max(leading, evaluatedItems(part, array, test, into));
    return leading === Infinity;
  });
  return leading;
}

/** Calls `collect` on each in-place subschema that passes on `v`; stops at the first that says "all". */
function inPlace(node: Node, value: unknown, test: Test, collect: (part: Node) => boolean): boolean {
  if (node.ref?.target && collect(test.scope ? refTarget(node.ref, test.scope()) : node.ref.target)) return true;
  for (const part of node.allOf ?? []) if (collect(part)) return true;
  for (const part of [...(node.anyOf ?? []), ...(node.oneOf ?? [])])
    if (test(part, value) && collect(part)) return true;
  if (node.if) {
    if (test(node.if, value)) {
      if (collect(node.if) || (node.then !== undefined && collect(node.then))) return true;
    } else if (node.else !== undefined && collect(node.else)) return true;
  }
  if (node.dependentSchemas && typeof value === "object" && value !== null && !Array.isArray(value)) {
    for (const d of node.dependentSchemas) if (Object.hasOwn(value, d.key) && collect(d.node)) return true;
  }
  return false;
}

/**
 * The nodes `evaluatedKeys` and `evaluatedItems` may test from `node`: the anyOf and oneOf branches, `if`
 * and `contains` nodes in its in-place closure. Generated code writes a function for each.
 *
 * @example
 * testedBy(readSchema({ anyOf: [{ properties: { a: {} } }, {}] })); // the two branches
 */
export function testedBy(node: Node): Node[] {
  const out = new Set<Node>();
  const seen = new Set<Node>();
  const visit = (n: Node): void => {
    if (seen.has(n)) return;
    seen.add(n);
    for (const b of [...(n.anyOf ?? []), ...(n.oneOf ?? [])]) out.add(b);
    if (n.if) out.add(n.if);
    if (n.contains) out.add(n.contains);
    for (const part of sameValueParts(n)) if (part !== n.not) visit(part);
    if (n.ref?.target) for (const target of [n.ref.target, ...(n.ref.dynamic?.candidates ?? [])]) visit(target);
  };
  visit(node);
  return [...out];
}

/**
 * `unevaluatedProperties` of `node` on `o`, plainly: every key no other keyword evaluated meets it.
 *
 * @example
 * unevaluatedPropertiesOk(readSchema({ properties: { a: {} }, unevaluatedProperties: false }), { a: 1, b: 2 }, test);
 * // false
 */
export function unevaluatedPropertiesOk(node: Node, object: Record<string, unknown>, test: Test): boolean {
  const keys = new Set<string>();
  if (evaluatedKeys(node, object, test, keys, true)) return true;
  const rest = node.unevaluatedProperties!;
  for (const key of Object.keys(object)) if (!keys.has(key) && !test(rest, object[key])) return false;
  return true;
}

/**
 * `unevaluatedItems` of `node` on `a`, plainly: every item no other keyword evaluated meets it.
 *
 * @example
 * unevaluatedItemsOk(readSchema({ prefixItems: [{}], unevaluatedItems: false }), [1, 2], test); // false
 */
export function unevaluatedItemsOk(node: Node, array: readonly unknown[], test: Test): boolean {
  const single = new Set<number>();
  const leading = evaluatedItems(node, array, test, single, true);
  const rest = node.unevaluatedItems!;
  for (let i = leading; i < array.length; i++) if (!single.has(i) && !test(rest, array[i])) return false;
  return true;
}
