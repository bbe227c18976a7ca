// `minItems`: at least how many items (`./array-walk.ts` counts them).
import type { KeywordDeclaration, Message } from "./keyword.js";
import { readCount } from "./read.js";

/**
 * The `min_items` issue's message, from its expected and received texts.
 *
 * @example
 * minItemsMessage("2", "1");
 */
export const minItemsMessage: Message = (expected, received) =>
  `Expected at least ${expected} items, received ${received}`;

/**
 * `minItems`: a non-negative integer.
 *
 * @example
 * minItems.issues.min_items("1", "0")
 * // "Expected at least 1 items, received 0"
 */
export const minItems = {
  keys: ["minItems"],
  issues: { min_items: minItemsMessage },
  read: /* @__PURE__ */ readCount("minItems"),
} satisfies KeywordDeclaration;
