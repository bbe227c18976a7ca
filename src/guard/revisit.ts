import { ARRAY, OBJECT, type Node } from "./node.js";
import { childParts, reachable, sameValueParts } from "./parts.js";

/**
 * Whether one guard call can check a value against the same `$ref` target more than once. That
 * happens when two parts of a node may take the same value (union branches, allOf members, a `$ref`,
 * keywords that can meet one item or property twice) and both lead to a `$ref`. Through recursion such
 * repeats multiply with every level of nesting: `{ items: { anyOf: [{ $ref: "#" }, { $ref: "#" }] } }`
 * would take 2^n steps on a value nested n deep. Guards of such schemas keep each target's verdict per
 * value for the length of a call, so their time stays linear in the value.
 *
 * @example
 * mayRevisit(readSchema({ type: "array", items: { anyOf: [{ $ref: "#" }, { $ref: "#" }] } })); // true
 * mayRevisit(readSchema({ type: "object", properties: { left: { $ref: "#" }, right: { $ref: "#" } } })); // false
 */
export function mayRevisit(root: Node): boolean {
  const reaches = new Map<Node, boolean>();
  // Whether checking the node can call a `$ref`; the target is not followed (it is visited on its own).
  const reachesRef = (node: Node): boolean => {
    let known = reaches.get(node);
    if (known === undefined) {
      known = node.ref !== undefined || sameValueParts(node).some(reachesRef) || childParts(node).some(reachesRef);
      reaches.set(node, known);
    }
    return known;
  };
  for (const node of reachable(root)) {
    const same = sameValueParts(node);
    const below = childParts(node);
    // The routes into the node's value that lead to a `$ref`, each as the JSON types it does work on:
    // a part's own type test, not what its anyOf or `$ref` narrow it to (its items run before those refuse).
    const routes: number[] = [];
    for (const part of same) if (reachesRef(part)) routes.push(part.types);
    if (node.ref) routes.push(node.ref.target!.types);
    // Items and properties meet each child once; `contains` and each patternProperties entry may meet it again.
    if (node.items && reachesRef(node.items)) routes.push(ARRAY);
    else if (node.prefixItems?.some(reachesRef)) routes.push(ARRAY);
    if (node.contains && reachesRef(node.contains)) routes.push(ARRAY);
    if (node.additionalProperties && reachesRef(node.additionalProperties)) routes.push(OBJECT);
    else if (node.properties?.some((property) => reachesRef(property.node))) routes.push(OBJECT);
    for (const entry of node.patternProperties ?? []) if (reachesRef(entry.node)) routes.push(OBJECT);
    // The annotation walk of unevaluated* tests branches and items a second time.
    if (
      (node.unevaluatedItems || node.unevaluatedProperties) &&
      (same.some(reachesRef) || below.some(reachesRef) || node.ref)
    )
      return true;
    for (let i = 0; i < routes.length; i++) {
      for (let j = i + 1; j < routes.length; j++) if ((routes[i]! & routes[j]! & node.types) !== 0) return true;
    }
  }
  return false;
}

/**
 * One `$ref` target's verdicts within one guard call, per object value. An entry is the call's number
 * (a multiple of 4) + 2 once the value's issues were listed + 1 when it passed, so entries of other
 * calls never match. (A check that goes past the depth limit refuses the whole value, so no verdict
 * depends on the depth it was reached at.)
 *
 * @example
 * const verdicts = new Verdicts();
 * verdicts.set(value, 4, true, false);
 * verdicts.get(value, 4, false); // 1: passed
 * verdicts.get(value, 8, false); // -1: another call
 */
export class Verdicts {
  private readonly entries = new WeakMap<object, number>();

  /** 1 or 0 when this call's verdict of `v` is known, else -1; `reporting` also needs its issues listed (or a pass). */
  get(value: object, call: number, reporting: boolean): number {
    const e = (this.entries.get(value) ?? -1) - call;
    return e < 0 || e > 3 || (reporting && e === 0) ? -1 : e & 1;
  }

  set(value: object, call: number, ok: boolean, reporting: boolean): void {
    this.entries.set(value, call + (reporting ? 2 : 0) + (ok ? 1 : 0));
  }
}

/**
 * A `$ref` target's `Verdicts` per dynamic scope (the scope's slots joined), for schemas whose `$dynamicRef`s make a
 * target's verdict depend on the path taken to it.
 *
 * @example
 * new ScopedVerdicts().at("1,").get(value, 4, false); // -1: not known in that scope
 */
export class ScopedVerdicts {
  private readonly byScope = new Map<string, Verdicts>();

  at(scope: string): Verdicts {
    let verdicts = this.byScope.get(scope);
    if (!verdicts) this.byScope.set(scope, (verdicts = new Verdicts()));
    return verdicts;
  }
}
