// `allOf`: the value meets every member. Its reading, check, generated code and report; no message of its own
// (the issues are the members').
import { all, type Build, type Check } from "../interpret/check.js";
import type { Node } from "../node.js";
import type { KeywordDeclaration, ReportWriter, StructureWriter } from "./keyword.js";
import type { Path } from "./path-code.js";
import { readSchemaList } from "./read.js";

/** How `allOf` is read: a non-empty array of schemas. @example allOfReader.keys // ["allOf"] */
export const allOf = {
  keys: ["allOf"],
  check: allOfCheck,
  schemas: "list",
  place: "same",
  read: /* @__PURE__ */ readSchemaList("allOf"), // a $dynamicRef beside a $ref may have put one there
} satisfies KeywordDeclaration;

/**
 * `allOf`: every member's check, each listing its own issues.
 *
 * @example
 * allOfCheck(readSchema({ allOf: [{ minimum: 0 }, { maximum: 9 }] }), build)!(10)
 * // false
 */
export function allOfCheck(node: Node, build: Build): Check | undefined {
  return node.allOf ? all(node.allOf.map(build)) : undefined;
}

/** `allOf` as generated code: every member inlined. @example allOfSource(node, "v", writer) */
export function allOfSource(node: Node, x: string, writer: StructureWriter): string {
  let out = "";
  for (const member of node.allOf ?? []) out += writer.body(member, x);
  return out;
}

/** `allOf` as report code: every member's report inlined. @example allOfReport(node, "v", ROOT, reporter) */
export function allOfReport(node: Node, x: string, path: Path, writer: ReportWriter): string {
  let out = "";
  for (const member of node.allOf ?? []) out += writer.node(member, x, path);
  return out;
}
