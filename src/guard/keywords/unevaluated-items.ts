// `unevaluatedItems`: what the node's other keywords (and its passing in-place subschemas) left unevaluated of an
// array must meet. The annotations are counted by ../evaluated.ts, shared with generated code.
import { preview } from "../../util/text.js";
import { evaluatedItems, interpretedTest, unevaluatedItemsOk } from "../evaluated.js";
import { miss, type Check, type Build } from "../interpret/check.js";
import type { Node } from "../node.js";
import { failUnless, type KeywordDeclaration, type StructureWriter } from "./keyword.js";

/**
 * The array check of `unevaluatedItems` (called for arrays only): a `false` lists each such item as an
 * `additional_item` issue, a schema lists its own issues.
 *
 * @example
 * const check = unevaluatedItemsCheck(readSchema({ prefixItems: [{}], unevaluatedItems: false }), build)!;
 * check([1, 2]); // false: item 1 is not evaluated
 */
export function unevaluatedItemsCheck(node: Node, build: Build): Check | undefined {
  const rest = node.unevaluatedItems;
  if (!rest) return undefined;
  const test = interpretedTest(build);
  const check = build(rest);
  return (value, report, path) => {
    const array = value as unknown[];
    if (report === undefined) return unevaluatedItemsOk(node, array, test); // the verdict generated code gives too
    const single = new Set<number>();
    const leading = evaluatedItems(node, array, test, single, true);
    let ok = true;
    for (let i = leading; i < array.length; i++) {
      if (single.has(i)) continue;
      if (rest.never)
        ok = miss(report, "additional_item", `${path}/${i}`, "unevaluated items are not allowed", preview(array[i]));
      else if (!check(array[i], report, `${path}/${i}`)) ok = false;
    }
    return ok;
  };
}

/**
 * `unevaluatedItems` as generated code, for arrays: the annotation walk of `../evaluated.ts`, testing nodes with
 * this code's own functions.
 *
 * @example
 * unevaluatedItemsSource(node, "v", writer); // "if (!(unevaluatedItemsOk(e1, v, t2f))) return false;\n"
 */
export function unevaluatedItemsSource(node: Node, x: string, writer: StructureWriter): string {
  if (!node.unevaluatedItems) return "";
  const helper = writer.use("unevaluatedItemsOk", unevaluatedItemsOk);
  return failUnless(`${helper}(${writer.external(node)}, ${x}, ${writer.tester(node, node.unevaluatedItems)})`);
}

/**
 * `unevaluatedItems`: a schema. An item `false` refuses is an `additional_item` issue.
 *
 * @example
 * unevaluatedItems.issues.additional_item("unevaluated items are not allowed", undefined);
 * // "Unexpected item; unevaluated items are not allowed"
 */
export const unevaluatedItems = {
  keys: ["unevaluatedItems"],
  schemas: "one",
  place: "child",
  applies: "array",
  issues: { additional_item: (expected) => `Unexpected item; ${expected}` },
  check: unevaluatedItemsCheck,
} satisfies KeywordDeclaration;
