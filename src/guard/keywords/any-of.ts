// `anyOf`: the value meets at least one branch (`./union.ts` checks the branches, and blames one when none matched).
import type { KeywordDeclaration } from "./keyword.js";
import { readSchemaList } from "./read.js";
import { unionCheck } from "./union.js";

/**
 * `anyOf`: a non-empty array of schemas. A value no branch takes is one `union` issue, or the issues of the branch
 * it picks.
 *
 * @example
 * anyOf.issues.union("string | null", "integer"); // "Expected string | null, received integer"
 */
export const anyOf = {
  keys: ["anyOf"],
  schemas: "list",
  place: "same",
  issues: { union: (expected, received) => `Expected ${expected}, received ${received}` },
  check: (node, build) => node.anyOf && unionCheck(node.anyOf, build, false),
  read: /* @__PURE__ */ readSchemaList("anyOf"),
} satisfies KeywordDeclaration;
