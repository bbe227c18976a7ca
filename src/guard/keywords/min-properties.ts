// `minProperties`: at least how many properties (`./object-walk.ts` counts them).
import type { KeywordDeclaration } from "./keyword.js";
import { readCount } from "./read.js";

/**
 * `minProperties`: a non-negative integer.
 *
 * @example
 * minProperties.issues.min_properties("1", "0")
 * // "Expected at least 1 properties, received 0"
 */
export const minProperties = {
  keys: ["minProperties"],
  issues: { min_properties: (expected, received) => `Expected at least ${expected} properties, received ${received}` },
  read: /* @__PURE__ */ readCount("minProperties"),
} satisfies KeywordDeclaration;
