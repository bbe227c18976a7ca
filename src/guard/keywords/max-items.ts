// `maxItems`: at most how many items (`./array-walk.ts` counts them).
import type { KeywordDeclaration } from "./keyword.js";
import { readCount } from "./read.js";

/**
 * `maxItems`: a non-negative integer.
 *
 * @example
 * maxItems.issues.max_items("1", "0")
 * // "Expected at most 1 items, received 0"
 */
export const maxItems = {
  keys: ["maxItems"],
  issues: { max_items: (expected, received) => `Expected at most ${expected} items, received ${received}` },
  read: /* @__PURE__ */ readCount("maxItems"),
} satisfies KeywordDeclaration;
