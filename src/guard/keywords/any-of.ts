// `anyOf`: the value meets at least one branch (`./union.ts` checks the branches, and blames one when none matched).
import type { KeywordDeclaration, Message } from "./keyword.js";
import { readSchemaList } from "./read.js";
import { unionCheck } from "./union.js";

/**
 * The `union` issue's message, from its expected and received texts.
 *
 * @example
 * unionMessage("2", "1");
 */
export const unionMessage: Message = (expected, received) => `Expected ${expected}, received ${received}`;

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
  issues: { union: unionMessage },
  check: (node, build) => node.anyOf && unionCheck(node.anyOf, build, false),
  read: /* @__PURE__ */ readSchemaList("anyOf"),
} satisfies KeywordDeclaration;
