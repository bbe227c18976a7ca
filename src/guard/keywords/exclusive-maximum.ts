import { numberText, type KeywordSource, type ValueKeyword, type Message } from "./keyword.js";
import { readExclusiveBound } from "./read.js";

/**
 * The `exclusive_maximum` issue's message, from its expected and received texts.
 *
 * @example
 * exclusiveMaximumMessage("2", "1");
 */
export const exclusiveMaximumMessage: Message = (expected, received) =>
  `Expected a number < ${expected}, received ${received}`;

/**
 * `exclusiveMaximum`: the number must be below the limit.
 *
 * @example
 * exclusiveMaximum.holds(0.5, 1); // true
 */
export const exclusiveMaximum = {
  keys: ["exclusiveMaximum"],
  applies: "number",
  holds: (n, limit) => n < limit,
  expected: String,
  received: String,
  issues: { exclusive_maximum: exclusiveMaximumMessage },
  read: /* @__PURE__ */ readExclusiveBound("maximum", "exclusiveMaximum"),
} satisfies ValueKeyword<number, number>;

/** `exclusiveMaximum` as generated code. @example exclusiveMaximumSource.holds("v", 1, writer) // "v < 1" */
export const exclusiveMaximumSource: KeywordSource<number> = {
  holds: (x, limit) => `${x} < ${limit}`,
  received: (x) => numberText(x),
};
