import { numberText, type KeywordSource, type ValueKeyword, type Message } from "./keyword.js";
import { readExclusiveBound } from "./read.js";

/**
 * The `exclusive_minimum` issue's message, from its expected and received texts.
 *
 * @example
 * exclusiveMinimumMessage("2", "1");
 */
export const exclusiveMinimumMessage: Message = (expected, received) =>
  `Expected a number > ${expected}, received ${received}`;

/**
 * `exclusiveMinimum`: the number must be above the limit.
 *
 * @example
 * exclusiveMinimum.holds(0, 0); // false
 */
export const exclusiveMinimum = {
  keys: ["exclusiveMinimum"],
  applies: "number",
  holds: (n, limit) => n > limit,
  expected: String,
  received: String,
  issues: { exclusive_minimum: exclusiveMinimumMessage },
  read: /* @__PURE__ */ readExclusiveBound("minimum", "exclusiveMinimum"),
} satisfies ValueKeyword<number, number>;

/** `exclusiveMinimum` as generated code. @example exclusiveMinimumSource.holds("v", 0, writer) // "v > 0" */
export const exclusiveMinimumSource: KeywordSource<number> = {
  holds: (x, limit) => `${x} > ${limit}`,
  received: (x) => numberText(x),
};
