import { describe } from "../describe.js";
// Arrays: lengths and elements in one call on the plain path; every keyword one by one when reporting.
import { hasDuplicates } from "../equal.js";
import { miss, all, once, asksOnly, type Check, type Build } from "./check.js";
import { leafOf, leafOk, type Leaf } from "./leaf.js";
import { ARRAY, type Node } from "../ir.js";
import type { Issue } from "../issue.js";
/** What an array's plain check needs: length bounds and element checks, as leaves where they can be. */
export interface Elements {
  readonly min: number;
  readonly max: number;
  readonly prefix: readonly Check[];
  readonly prefixLeaves: readonly (Leaf | null)[];
  readonly item: Check | null;
  readonly itemLeaf: Leaf | null;
  /** The item when it is a list or tuple itself (a table's rows), checked by a direct call. */
  readonly itemElements: Elements | null;
}

function elementsOf(node: Node, build: Build): Elements {
  return {
    min: node.minItems ?? 0,
    max: node.maxItems ?? Infinity,
    prefix: node.prefixItems?.map(build) ?? [],
    prefixLeaves: node.prefixItems?.map((item) => leafOf(item, build)) ?? [],
    item: node.items ? build(node.items) : null,
    itemLeaf: node.items ? leafOf(node.items, build) : null,
    itemElements: node.items ? arrayOnly(node.items, build) : null,
  };
}

/** An array's lengths and elements, in one function: a row of a table is one call, not one per keyword. */
export function elementsOk(a: unknown[], e: Elements): boolean {
  if (a.length < e.min || a.length > e.max) return false;
  const { prefix, prefixLeaves, item, itemLeaf, itemElements } = e;
  const n = Math.min(a.length, prefix.length);
  for (let i = 0; i < n; i++) {
    const leaf = prefixLeaves[i]!;
    if (leaf !== null ? !leafOk(a[i], leaf) : !prefix[i]!(a[i])) return false;
  }
  if (itemLeaf !== null) {
    for (let i = prefix.length; i < a.length; i++) if (!leafOk(a[i], itemLeaf)) return false;
  } else if (itemElements !== null) {
    for (let i = prefix.length; i < a.length; i++) {
      const row = a[i];
      if (!Array.isArray(row) || !elementsOk(row, itemElements)) return false;
    }
  } else if (item !== null) {
    for (let i = prefix.length; i < a.length; i++) if (!item(a[i])) return false;
  }
  return true;
}

const ELEMENT_KEYS = new Set(["id", "types", "prefixItems", "items", "minItems", "maxItems"]);

/** The node's elements when it is an array and asks nothing else (a list, a tuple), else null. */
export function arrayOnly(node: Node, build: Build): Elements | null {
  return once(build.lists, node, () => (asksOnly(node, ARRAY, ELEMENT_KEYS) ? elementsOf(node, build) : null));
}

export function arrayCheck(node: Node, build: Build): Check | undefined {
  type ArrayCheck = (a: unknown[], r?: Issue[], p?: string) => boolean;
  // Reporting runs these one by one; a plain check runs `elementsOk`, then the rest.
  const reports: ArrayCheck[] = [];
  const rest: ArrayCheck[] = [];
  const { minItems, maxItems, minContains, maxContains } = node;
  if (minItems !== undefined) reports.push((a, r, p) => a.length >= minItems || miss(r!, "min_items", p, String(minItems), String(a.length)));
  if (maxItems !== undefined) reports.push((a, r, p) => a.length <= maxItems || miss(r!, "max_items", p, String(maxItems), String(a.length)));
  const elements = arrayOnly(node, build) ?? elementsOf(node, build);
  const { prefix, item } = elements;
  if (prefix.length) {
    reports.push((a, r, p) => {
      let ok = true;
      const n = Math.min(a.length, prefix.length);
      for (let i = 0; i < n; i++) if (!prefix[i]!(a[i], r, `${p}/${i}`)) ok = false;
      return ok;
    });
  }
  if (item) {
    reports.push((a, r, p) => {
      let ok = true;
      for (let i = prefix.length; i < a.length; i++) if (!item(a[i], r, `${p}/${i}`)) ok = false;
      return ok;
    });
  }
  if (node.uniqueItems) rest.push((a, r, p) => !hasDuplicates(a) || (r !== undefined && miss(r, "unique_items", p, undefined, "some items are equal")));
  if (node.contains) {
    const target = node.contains;
    const contains = build(target);
    const least = minContains ?? 1;
    rest.push((a, r, p) => {
      let count = 0;
      for (let i = 0; i < a.length; i++) if (contains(a[i])) count++;
      if (count >= least && (maxContains === undefined || count <= maxContains)) return true;
      const range = maxContains === undefined ? `at least ${least}` : `${least} to ${maxContains}`;
      return r !== undefined && miss(r, "contains", p, `${range} ${describe(target)}`, String(count));
    });
  }
  if (!reports.length && !rest.length) return undefined;
  const report = all([...reports, ...rest] as Check[]);
  const others = rest.length ? all(rest as Check[]) : undefined;
  return (a, r, p) => (r === undefined ? elementsOk(a as unknown[], elements) && (others === undefined || others(a)) : report(a, r, p));
}

