// `contains`: how many items must match a schema (`minContains`, `maxContains` bound the count; one issue for both).
// Its declaration, check and generated code (its report is the interpreter's).
import { describe } from "../describe.js";
import { miss, type Build, type Check } from "../interpret/check.js";
import type { Node } from "../node.js";
import { failIf, type KeywordDeclaration, type StructureWriter } from "./keyword.js";

/**
 * `contains`, for arrays: items are tested plainly; a count out of range is one issue.
 *
 * @example
 * containsCheck(readSchema({ contains: { type: "integer" }, minContains: 2 }), build)!([1, "a"]); // false
 */
export function containsCheck(node: Node, build: Build): Check | undefined {
  const target = node.contains;
  if (!target) return undefined;
  const { minContains, maxContains } = node;
  const contains = build(target);
  const least = minContains ?? 1;
  return (value, report, path) => {
    const array = value as unknown[];
    let count = 0;
    for (let i = 0; i < array.length; i++) if (contains(array[i])) count++;
    if (count >= least && (maxContains === undefined || count <= maxContains)) return true;
    const range = maxContains === undefined ? `at least ${least}` : `${least} to ${maxContains}`;
    return report !== undefined && miss(report, "contains", path, `${range} ${describe(target)}`, String(count));
  };
}

/**
 * `contains` as generated code.
 *
 * @example
 * containsSource(node, "v", writer)
 * // "let c1 = 0;\nfor (...) if (f2(v[i3])) c1++;\n..."
 */
export function containsSource(node: Node, x: string, writer: StructureWriter): string {
  if (!node.contains) return "";
  const c = writer.id("c"),
    i = writer.id("i"),
    f = writer.fn(node.contains);
  const max = node.maxContains === undefined ? "" : ` || ${c} > ${node.maxContains}`;
  return `let ${c} = 0;\nfor (let ${i} = 0; ${i} < ${x}.length; ${i}++) if (${f}(${x}[${i}])) ${c}++;\n${failIf(`${c} < ${node.minContains ?? 1}${max}`)}`;
}

/**
 * `contains`: a schema some items must match (how many: `minContains`, `maxContains`, declared in their own modules).
 *
 * @example
 * contains.issues.contains("at least 1 integer", "0") // "Expected at least 1 integer matching items, received 0"
 */
export const contains = {
  keys: ["contains"],
  applies: "array",
  check: containsCheck,
  schemas: "one",
  place: "child",
  issues: { contains: (expected, received) => `Expected ${expected} matching items, received ${received}` },
} satisfies KeywordDeclaration;
