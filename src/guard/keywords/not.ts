// `not`: the value must fail the sub-schema. Its check, its generated code and its message.
import { describe } from "../describe.js";
import { miss, type Build, type Check } from "../interpret/check.js";
import type { Node } from "../node.js";
import { failIf, type KeywordDeclaration, type StructureWriter } from "./keyword.js";

/**
 * `not`: the sub-schema is tested plainly (its issues are never listed); passing it is the one issue.
 *
 * @example
 * notCheck(readSchema({ not: { type: "null" } }), build)!(null); // false
 */
export function notCheck(node: Node, build: Build): Check | undefined {
  const target = node.not;
  if (!target) return undefined;
  const not = build(target);
  return (value, report, path) => !not(value) || (report !== undefined && miss(report, "not", path, describe(target)));
}

/** `not` as generated code. @example notSource(node, "v", writer) // "if (f1(v)) return false;\n" */
export function notSource(node: Node, x: string, writer: StructureWriter): string {
  return node.not ? failIf(`${writer.fn(node.not)}(${x})`) : "";
}

/** `not`: a schema the value must fail. @example not.issues.not("null", undefined) // "Value must not match null" */
export const not = {
  keys: ["not"],
  check: notCheck,
  schemas: "one",
  place: "same",
  issues: { not: (expected) => `Value must not match ${expected}` },
} satisfies KeywordDeclaration;
