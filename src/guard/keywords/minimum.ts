import { numberText, type KeywordSource, type ValueKeyword, type Message } from "./keyword.js";
import { readBound } from "./read.js";

/**
 * The `minimum` issue's message, from its expected and received texts.
 *
 * @example
 * minimumMessage("2", "1");
 */
export const minimumMessage: Message = (expected, received) => `Expected a number >= ${expected}, received ${received}`;

/**
 * `minimum`: the number must be at least the limit.
 *
 * @example
 * minimum.holds(1, 1); // true
 */
export const minimum = {
  keys: ["minimum"],
  applies: "number",
  holds: (n, limit) => n >= limit,
  expected: String,
  received: String,
  issues: { minimum: minimumMessage },
  read: /* @__PURE__ */ readBound("minimum", "exclusiveMinimum"),
} satisfies ValueKeyword<number, number>;

/** `minimum` as generated code. @example minimumSource.holds("v", 1, writer) // "v >= 1" */
export const minimumSource: KeywordSource<number> = {
  holds: (x, limit) => `${x} >= ${limit}`,
  received: (x) => numberText(x),
};
