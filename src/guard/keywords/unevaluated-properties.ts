// `unevaluatedProperties`: what the node's other keywords (and its passing in-place subschemas) left unevaluated of
// an object must meet. The annotations are counted by ../evaluated.ts, shared with generated code. Its issue is
// `additional_property` (`./additional-properties.ts`).
import { pointerSegment } from "../../util/pointer.js";
import { preview } from "../../util/text.js";
import { evaluatedKeys, interpretedTest, unevaluatedPropertiesOk } from "../evaluated.js";
import { miss, type Check, type Build } from "../interpret/check.js";
import type { Node } from "../node.js";
import { failUnless, type KeywordDeclaration, type StructureWriter } from "./keyword.js";

/**
 * The object check of `unevaluatedProperties` (called for objects only): a `false` lists each such
 * property as an `additional_property` issue, a schema lists its own issues.
 *
 * @example
 * const check = unevaluatedPropertiesCheck(
 *   readSchema({ allOf: [{ properties: { a: {} } }], unevaluatedProperties: false }),
 *   build,
 * )!;
 * check({ a: 1, b: 2 }); // false: "b" is not evaluated
 */
export function unevaluatedPropertiesCheck(node: Node, build: Build): Check | undefined {
  const rest = node.unevaluatedProperties;
  if (!rest) return undefined;
  const test = interpretedTest(build);
  const check = build(rest);
  return (value, report, path) => {
    const object = value as Record<string, unknown>;
    if (report === undefined) return unevaluatedPropertiesOk(node, object, test); // the verdict generated code gives too
    const keys = new Set<string>();
    if (evaluatedKeys(node, object, test, keys, true)) return true;
    let ok = true;
    for (const key of Object.keys(object)) {
      if (keys.has(key)) continue;
      if (rest.never)
        ok = miss(
          report,
          "additional_property",
          `${path}/${pointerSegment(key)}`,
          "unevaluated properties are not allowed",
          preview(key),
        );
      else if (!check(object[key], report, `${path}/${pointerSegment(key)}`)) ok = false;
    }
    return ok;
  };
}

/**
 * `unevaluatedProperties` as generated code, for objects: the annotation walk of `../evaluated.ts`, testing nodes
 * with this code's own functions.
 *
 * @example
 * unevaluatedPropertiesSource(node, "v", writer); // "if (!(unevaluatedPropertiesOk(e1, v, t2f))) return false;\n"
 */
export function unevaluatedPropertiesSource(node: Node, x: string, writer: StructureWriter): string {
  if (!node.unevaluatedProperties) return "";
  const helper = writer.use("unevaluatedPropertiesOk", unevaluatedPropertiesOk);
  return failUnless(`${helper}(${writer.external(node)}, ${x}, ${writer.tester(node, node.unevaluatedProperties)})`);
}

/** `unevaluatedProperties`: a schema. @example unevaluatedProperties.keys // ["unevaluatedProperties"] */
export const unevaluatedProperties = {
  keys: ["unevaluatedProperties"],
  schemas: "one",
  place: "child",
  applies: "object",
  check: unevaluatedPropertiesCheck,
} satisfies KeywordDeclaration;
