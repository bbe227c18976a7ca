// `minItems`: at least how many items (`./array-walk.ts` counts them).
import type { KeywordDeclaration } from "./keyword.js";
import { readCount } from "./read.js";

/**
 * `minItems`: a non-negative integer.
 *
 * @example
 * minItems.issues.min_items("1", "0")
 * // "Expected at least 1 items, received 0"
 */
export const minItems = {
  keys: ["minItems"],
  issues: { min_items: (expected, received) => `Expected at least ${expected} items, received ${received}` },
  read: /* @__PURE__ */ readCount("minItems"),
} satisfies KeywordDeclaration;
