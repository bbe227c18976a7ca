// The array walk shared by `prefixItems`, `items`, `minItems` and `maxItems` (each declared in its own module): an
// array's lengths and elements, in one call on the plain path and every keyword one by one when reporting. Their
// checks, generated code and report.
import { miss, all, once, asksOnly, type Check, type Build } from "../interpret/check.js";
import { leafOf, leafOk, type Leaf } from "../interpret/leaf.js";
import { ARRAY, type Node } from "../node.js";
import type { Issue } from "../issue.js";
import { failIf, numberText, type ReportWriter, type StructureWriter } from "./keyword.js";
import { withExpr, withText, type Path } from "./path-code.js";
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
export function elementsOk(array: unknown[], elements: Elements): boolean {
  if (array.length < elements.min || array.length > elements.max) return false;
  const { prefix, prefixLeaves, item, itemLeaf, itemElements } = elements;
  const n = Math.min(array.length, prefix.length);
  for (let i = 0; i < n; i++) {
    const leaf = prefixLeaves[i]!;
    if (leaf !== null ? !leafOk(array[i], leaf) : !prefix[i]!(array[i])) return false;
  }
  if (itemLeaf !== null) {
    for (let i = prefix.length; i < array.length; i++) if (!leafOk(array[i], itemLeaf)) return false;
  } else if (itemElements !== null) {
    for (let i = prefix.length; i < array.length; i++) {
      const row = array[i];
      if (!Array.isArray(row) || !elementsOk(row, itemElements)) return false;
    }
  } else if (item !== null) {
    for (let i = prefix.length; i < array.length; i++) if (!item(array[i])) return false;
  }
  return true;
}

const ELEMENT_KEYS = new Set(["id", "types", "prefixItems", "items", "minItems", "maxItems"]);

/** The node's elements when it is an array and asks nothing else (a list, a tuple), else null. */
export function arrayOnly(node: Node, build: Build): Elements | null {
  return once(build.lists, node, () => (asksOnly(node, ARRAY, ELEMENT_KEYS) ? elementsOf(node, build) : null));
}

/**
 * The array check of `items`, `prefixItems`, `minItems` and `maxItems` (called for arrays only).
 *
 * @example
 * arrayCheck(readSchema({ type: "array", items: { type: "string" }, minItems: 1 }), build)!([]); // false
 */
export function arrayCheck(node: Node, build: Build): Check | undefined {
  type ArrayCheck = (array: unknown[], report?: Issue[], path?: string) => boolean;
  // Reporting runs these one by one; a plain check runs `elementsOk`.
  const reports: ArrayCheck[] = [];
  const { minItems, maxItems } = node;
  if (minItems !== undefined)
    reports.push(
      (array, report, path) =>
        array.length >= minItems || miss(report!, "min_items", path, String(minItems), String(array.length)),
    );
  if (maxItems !== undefined)
    reports.push(
      (array, report, path) =>
        array.length <= maxItems || miss(report!, "max_items", path, String(maxItems), String(array.length)),
    );
  const elements = arrayOnly(node, build) ?? elementsOf(node, build);
  const { prefix, item } = elements;
  if (prefix.length) {
    reports.push((array, report, path) => {
      let ok = true;
      const n = Math.min(array.length, prefix.length);
      for (let i = 0; i < n; i++) if (!prefix[i]!(array[i], report, `${path}/${i}`)) ok = false;
      return ok;
    });
  }
  if (item) {
    reports.push((array, report, path) => {
      let ok = true;
      for (let i = prefix.length; i < array.length; i++) if (!item(array[i], report, `${path}/${i}`)) ok = false;
      return ok;
    });
  }
  if (!reports.length) return undefined;
  const reportAll = all(reports as Check[]);
  return (value, report, path) =>
    report === undefined ? elementsOk(value as unknown[], elements) : reportAll(value, report, path);
}

/**
 * `items`, `prefixItems`, `minItems` and `maxItems` as generated code, for arrays: the elements inlined.
 *
 * @example
 * itemsSource(readSchema({ items: { type: "string" } }), "v", writer);
 * // 'for (let i1 = 0; i1 < v.length; i1++) {\nconst v2 = v[i1];\nif (!(typeof v2 === "string")) return false;\n}\n'
 */
export function itemsSource(node: Node, x: string, writer: StructureWriter): string {
  const { minItems = 0, maxItems, prefixItems = [] } = node;
  let out = "";
  if (minItems === maxItems) out += failIf(`${x}.length !== ${minItems}`);
  else {
    if (minItems > 0) out += failIf(`${x}.length < ${minItems}`);
    if (maxItems !== undefined) out += failIf(`${x}.length > ${maxItems}`);
  }
  prefixItems.forEach((item, i) => {
    const y = writer.id("v");
    const body = writer.body(item, y);
    const load = `const ${y} = ${x}[${i}];\n${body}`;
    // Below minItems the item is known to be there.
    if (body) out += i < minItems ? load : `if (${x}.length > ${i}) {\n${load}}\n`;
  });
  if (node.items) {
    const i = writer.id("i"),
      y = writer.id("v");
    const body = writer.body(node.items, y);
    if (body)
      out += `for (let ${i} = ${prefixItems.length}; ${i} < ${x}.length; ${i}++) {\nconst ${y} = ${x}[${i}];\n${body}}\n`;
  }
  return out;
}

/**
 * `items`, `prefixItems`, `minItems` and `maxItems` as report code, for arrays.
 *
 * @example
 * itemsReport(node, "v", ROOT, reporter)
 */
export function itemsReport(node: Node, x: string, path: Path, writer: ReportWriter): string {
  const { minItems, maxItems, prefixItems = [] } = node;
  let out = "";
  if (minItems)
    out += `if (${x}.length < ${minItems}) ${writer.push("min_items", path, String(minItems), numberText(`${x}.length`))}`;
  if (maxItems !== undefined)
    out += `if (${x}.length > ${maxItems}) ${writer.push("max_items", path, String(maxItems), numberText(`${x}.length`))}`;
  prefixItems.forEach((item, i) => {
    const y = writer.src.id("v");
    const body = writer.node(item, y, withText(path, `/${i}`));
    if (body) out += `if (${x}.length > ${i}) {\nconst ${y} = ${x}[${i}];\n${body}}\n`;
  });
  if (node.items) {
    const i = writer.src.id("i"),
      y = writer.src.id("v");
    const body = writer.node(node.items, y, withExpr(withText(path, "/"), i));
    if (body)
      out += `for (let ${i} = ${prefixItems.length}; ${i} < ${x}.length; ${i}++) {\nconst ${y} = ${x}[${i}];\n${body}}\n`;
  }
  return out;
}
