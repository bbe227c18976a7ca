// `minProperties`: at least how many properties (`./object-walk.ts` counts them).
import type { KeywordDeclaration, Message } from "./keyword.js";
import { readCount } from "./read.js";

/**
 * The `min_properties` issue's message, from its expected and received texts.
 *
 * @example
 * minPropertiesMessage("2", "1");
 */
export const minPropertiesMessage: Message = (expected, received) =>
  `Expected at least ${expected} properties, received ${received}`;

/**
 * `minProperties`: a non-negative integer.
 *
 * @example
 * minProperties.issues.min_properties("1", "0")
 * // "Expected at least 1 properties, received 0"
 */
export const minProperties = {
  keys: ["minProperties"],
  issues: { min_properties: minPropertiesMessage },
  read: /* @__PURE__ */ readCount("minProperties"),
} satisfies KeywordDeclaration;
