// `maxItems`: at most how many items (`./array-walk.ts` counts them).
import type { KeywordDeclaration, Message } from "./keyword.js";
import { readCount } from "./read.js";

/**
 * The `max_items` issue's message, from its expected and received texts.
 *
 * @example
 * maxItemsMessage("2", "1");
 */
export const maxItemsMessage: Message = (expected, received) =>
  `Expected at most ${expected} items, received ${received}`;

/**
 * `maxItems`: a non-negative integer.
 *
 * @example
 * maxItems.issues.max_items("1", "0")
 * // "Expected at most 1 items, received 0"
 */
export const maxItems = {
  keys: ["maxItems"],
  issues: { max_items: maxItemsMessage },
  read: /* @__PURE__ */ readCount("maxItems"),
} satisfies KeywordDeclaration;
