// `oneOf`: the value meets exactly one branch (`./union.ts` checks the branches; none matching is `anyOf`'s issue).
import type { KeywordDeclaration, Message } from "./keyword.js";
import { readSchemaList } from "./read.js";
import { unionCheck } from "./union.js";

/**
 * The `one_of` issue's message, from its expected and received texts.
 *
 * @example
 * oneOfMessage("2", "1");
 */
export const oneOfMessage: Message = (expected, received) =>
  `Expected exactly one of ${expected} to match, but ${received} matched`;

/**
 * `oneOf`: a non-empty array of schemas. More than one branch matching is a `one_of` issue.
 *
 * @example
 * oneOf.issues.one_of("a | b", "2 branches"); // "Expected exactly one of a | b to match, but 2 branches matched"
 */
export const oneOf = {
  keys: ["oneOf"],
  schemas: "list",
  place: "same",
  issues: { one_of: oneOfMessage },
  check: (node, build) => node.oneOf && unionCheck(node.oneOf, build, true),
  read: /* @__PURE__ */ readSchemaList("oneOf"),
} satisfies KeywordDeclaration;
