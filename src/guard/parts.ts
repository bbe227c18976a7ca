// The sub-schemas of a read node, as the keywords declare them (`./keywords/index.ts`): what the walks over a
// checked schema follow (reachable nodes, `$ref` loops, revisits, the depth rules).
import { placeOf } from "./keywords/index.js";
import type { PartPlace } from "./keywords/keyword.js";
import type { Node } from "./node.js";
import type { NodeParts } from "./limits.js";

/**
 * The nodes the node's fields of one place hold (a node, a list of nodes, or a list of entries with a `node`). The
 * node's own few fields are walked, rather than every field some keyword declares.
 */
function partsAt(node: Node, place: PartPlace): Node[] {
  const parts: Node[] = [];
  for (const field in node) {
    if (placeOf(field) !== place) continue;
    const value = (node as unknown as Record<string, unknown>)[field];
    if (value === undefined) continue;
    if (!Array.isArray(value)) parts.push(value as Node);
    else
      for (const entry of value as (Node | { readonly node: Node })[]) parts.push("node" in entry ? entry.node : entry);
  }
  return parts;
}

/**
 * The sub-schemas checked against the node's own value: allOf members, anyOf and oneOf branches, not,
 * if/then/else and dependentSchemas (`$ref` aside).
 *
 * @example
 * sameValueParts(readSchema({ not: { type: "null" } })); // [the node of { type: "null" }]
 */
export function sameValueParts(node: Node): Node[] {
  return partsAt(node, "same");
}

/**
 * The sub-schemas checked against the node's items, property values and property names: each one value level down.
 *
 * @example
 * childParts(readSchema({ items: { type: "string" } })); // [the node of { type: "string" }]
 */
export function childParts(node: Node): Node[] {
  return partsAt(node, "child");
}

/**
 * Every node reachable from `root`, through sub-schemas and `$ref` targets, each once (a schema with a cycle through
 * `$ref` included).
 *
 * @example
 * reachable(readSchema({ type: "array", items: { $ref: "#" } })).length;
 * // 2: the root and its items, whose $ref leads back to the root
 */
export function reachable(root: Node): Node[] {
  const seen = new Set<Node>();
  const pending = [root];
  while (pending.length) {
    const node = pending.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    pending.push(...sameValueParts(node), ...childParts(node));
    if (node.ref?.target) pending.push(node.ref.target, ...(node.ref.dynamic?.candidates ?? []));
  }
  return [...seen];
}

/**
 * How `compile` walks its nodes for `depthLimit`: every keyword's parts.
 *
 * @example
 * depthLimit(readSchema({ items: { $ref: "#" } }), GUARD_PARTS);
 */
export const GUARD_PARTS: NodeParts = { sameValue: sameValueParts, children: childParts, reachable };
