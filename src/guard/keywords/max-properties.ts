// `maxProperties`: at most how many properties (`./object-walk.ts` counts them).
import type { KeywordDeclaration, Message } from "./keyword.js";
import { readCount } from "./read.js";

/**
 * The `max_properties` issue's message, from its expected and received texts.
 *
 * @example
 * maxPropertiesMessage("2", "1");
 */
export const maxPropertiesMessage: Message = (expected, received) =>
  `Expected at most ${expected} properties, received ${received}`;

/**
 * `maxProperties`: a non-negative integer.
 *
 * @example
 * maxProperties.issues.max_properties("1", "0")
 * // "Expected at most 1 properties, received 0"
 */
export const maxProperties = {
  keys: ["maxProperties"],
  issues: { max_properties: maxPropertiesMessage },
  read: /* @__PURE__ */ readCount("maxProperties"),
} satisfies KeywordDeclaration;
