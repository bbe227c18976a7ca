// `unevaluatedProperties` and `unevaluatedItems`: what the node's other keywords (and its passing in-place
// subschemas) left unevaluated must meet. The annotations are counted by ../evaluated.ts, shared with
// generated code. Their issues are `additional_item` (declared here) and `additional_property` (`./additional-properties.ts`).
import { pointerSegment } from "../../util/pointer.js";
import { preview } from "../../util/text.js";
import { evaluatedItems, evaluatedKeys, unevaluatedItemsOk, unevaluatedPropertiesOk, type Test } from "../evaluated.js";
import { miss, type Check, type Build } from "../interpret/check.js";
import type { Node } from "../node.js";
import { failUnless, type KeywordDeclaration, type StructureWriter } from "./keyword.js";

/** The interpreter's `Test`: a node's check, and the call's dynamic scope where the schema has one. */
function testOf(build: Build): Test {
  return Object.assign((n: Node, v: unknown) => build(n)(v), { scope: () => build.state.scope });
}

/**
 * The object check of `unevaluatedProperties` (called for objects only): a `false` lists each such
 * property as an `additional_property` issue, a schema lists its own issues.
 *
 * @example
 * const check = unevaluatedPropertiesCheck(readSchema({ allOf: [{ properties: { a: {} } }], unevaluatedProperties: false }), build)!;
 * check({ a: 1, b: 2 }); // false: "b" is not evaluated
 */
export function unevaluatedPropertiesCheck(node: Node, build: Build): Check | undefined {
  const rest = node.unevaluatedProperties;
  if (!rest) return undefined;
  const test = testOf(build);
  const check = build(rest);
  return (v, r, p) => {
    const o = v as Record<string, unknown>;
    if (r === undefined) return unevaluatedPropertiesOk(node, o, test); // the verdict generated code gives too
    const keys = new Set<string>();
    if (evaluatedKeys(node, o, test, keys, true)) return true;
    let ok = true;
    for (const key of Object.keys(o)) {
      if (keys.has(key)) continue;
      if (rest.never)
        ok = miss(
          r,
          "additional_property",
          `${p}/${pointerSegment(key)}`,
          "unevaluated properties are not allowed",
          preview(key),
        );
      else if (!check(o[key], r, `${p}/${pointerSegment(key)}`)) ok = false;
    }
    return ok;
  };
}

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
  const test = testOf(build);
  const check = build(rest);
  return (v, r, p) => {
    const a = v as unknown[];
    if (r === undefined) return unevaluatedItemsOk(node, a, test); // the verdict generated code gives too
    const single = new Set<number>();
    const leading = evaluatedItems(node, a, test, single, true);
    let ok = true;
    for (let i = leading; i < a.length; i++) {
      if (single.has(i)) continue;
      if (rest.never) ok = miss(r, "additional_item", `${p}/${i}`, "unevaluated items are not allowed", preview(a[i]));
      else if (!check(a[i], r, `${p}/${i}`)) ok = false;
    }
    return ok;
  };
}

/**
 * `unevaluatedItems` (for arrays) or `unevaluatedProperties` (for objects) as generated code: the annotation walk
 * of `../evaluated.ts`, testing nodes with this code's own functions.
 *
 * @example
 * unevaluatedSource(node, "v", "unevaluatedItems", writer); // "if (!(unevaluatedItemsOk(e1, v, t2f))) return false;\n"
 */
export function unevaluatedSource(
  node: Node,
  x: string,
  keyword: "unevaluatedItems" | "unevaluatedProperties",
  w: StructureWriter,
): string {
  if (!node[keyword]) return "";
  const helper =
    keyword === "unevaluatedItems"
      ? w.use("unevaluatedItemsOk", unevaluatedItemsOk)
      : w.use("unevaluatedPropertiesOk", unevaluatedPropertiesOk);
  return failUnless(`${helper}(${w.external(node)}, ${x}, ${w.tester(node)})`);
}

/**
 * `unevaluatedItems` and `unevaluatedProperties`: schemas. An item or a property `false` refuses is an
 * `additional_item` or an `additional_property` issue.
 *
 * @example
 * unevaluated.keys // ["unevaluatedItems", "unevaluatedProperties"]
 */
export const unevaluated = {
  keys: ["unevaluatedItems", "unevaluatedProperties"],
  schemas: "one",
  place: "child",
  issues: { additional_item: (expected) => `Unexpected item; ${expected}` },
  read(schema, node, at, reader) {
    if (schema.unevaluatedItems !== undefined)
      node.unevaluatedItems = reader.read(schema.unevaluatedItems, `${at}/unevaluatedItems`);
    if (schema.unevaluatedProperties !== undefined)
      node.unevaluatedProperties = reader.read(schema.unevaluatedProperties, `${at}/unevaluatedProperties`);
  },
} satisfies KeywordDeclaration;
