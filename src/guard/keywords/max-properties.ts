// `maxProperties`: at most how many properties (`./object-walk.ts` counts them).
import type { KeywordDeclaration } from "./keyword.js";
import { readCount } from "./read.js";

/**
 * `maxProperties`: a non-negative integer.
 *
 * @example
 * maxProperties.issues.max_properties("1", "0")
 * // "Expected at most 1 properties, received 0"
 */
export const maxProperties = {
  keys: ["maxProperties"],
  issues: { max_properties: (expected, received) => `Expected at most ${expected} properties, received ${received}` },
  read: /* @__PURE__ */ readCount("maxProperties"),
} satisfies KeywordDeclaration;
