// `uniqueItems`: no two items equal as JSON values, compared without recursion (`../equal.ts`). Its check, its
// generated code, its report and its message.
import { hasDuplicates } from "../equal.js";
import { miss, type Check } from "../interpret/check.js";
import type { Node } from "../node.js";
import { failIf, type KeywordDeclaration, type ReportWriter, type StructureWriter, type Message } from "./keyword.js";
import { quote, type Path } from "./path-code.js";
import { mustBe } from "./read.js";

/** `uniqueItems: true`, for arrays. @example uniqueItemsCheck(readSchema({ uniqueItems: true }))!([1, 1]) // false */
export function uniqueItemsCheck(node: Node): Check | undefined {
  if (!node.uniqueItems) return undefined;
  return (a, report, path) =>
    !hasDuplicates(a as unknown[]) ||
    (report !== undefined && miss(report, "unique_items", path, undefined, "some items are equal"));
}

/**
 * `uniqueItems` as generated code.
 *
 * @example
 * uniqueItemsSource(node, "v", writer)
 * // "if (hasDuplicates(v)) return false;\n"
 */
export function uniqueItemsSource(node: Node, x: string, writer: StructureWriter): string {
  return node.uniqueItems ? failIf(`${writer.use("hasDuplicates", hasDuplicates)}(${x})`) : "";
}

/**
 * `uniqueItems` as report code.
 *
 * @example
 * uniqueItemsReport(node, "v", ROOT, reporter)
 * // 'if (hasDuplicates(v)) {\n...r.push(...)'
 */
export function uniqueItemsReport(node: Node, x: string, path: Path, writer: ReportWriter): string {
  if (!node.uniqueItems) return "";
  return `if (${writer.src.use("hasDuplicates", hasDuplicates)}(${x})) ${writer.push("unique_items", path, undefined, quote("some items are equal"))}`;
}

/**
 * The `unique_items` issue's message, from its expected and received texts.
 *
 * @example
 * uniqueItemsMessage("2", "1");
 */
export const uniqueItemsMessage: Message = (_expected, received) => `Expected unique items; ${received}`;

/** `uniqueItems`: a boolean. @example uniqueItems.keys // ["uniqueItems"] */
export const uniqueItems = {
  keys: ["uniqueItems"],
  applies: "array",
  check: uniqueItemsCheck,
  issues: { unique_items: uniqueItemsMessage },
  read(schema, node, at) {
    if (typeof schema.uniqueItems !== "boolean") throw mustBe("uniqueItems", at, "a boolean", schema.uniqueItems);
    if (schema.uniqueItems) node.uniqueItems = true;
  },
} satisfies KeywordDeclaration;
