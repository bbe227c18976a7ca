import { numberText, type KeywordSource, type ValueKeyword, type Message } from "./keyword.js";
import { readBound } from "./read.js";

/**
 * The `maximum` issue's message, from its expected and received texts.
 *
 * @example
 * maximumMessage("2", "1");
 */
export const maximumMessage: Message = (expected, received) => `Expected a number <= ${expected}, received ${received}`;

/**
 * `maximum`: the number must be at most the limit.
 *
 * @example
 * maximum.holds(11, 10); // false
 */
export const maximum = {
  keys: ["maximum"],
  applies: "number",
  holds: (n, limit) => n <= limit,
  expected: String,
  received: String,
  issues: { maximum: maximumMessage },
  read: /* @__PURE__ */ readBound("maximum", "exclusiveMaximum"),
} satisfies ValueKeyword<number, number>;

/** `maximum` as generated code. @example maximumSource.holds("v", 10, writer) // "v <= 10" */
export const maximumSource: KeywordSource<number> = {
  holds: (x, limit) => `${x} <= ${limit}`,
  received: (x) => numberText(x),
};
