import { numberText, type KeywordSource, type ValueKeyword } from "./keyword.js";
import { readBound } from "./read.js";

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
  issues: { maximum: (expected, received) => `Expected a number <= ${expected}, received ${received}` },
  read: /* @__PURE__ */ readBound("maximum", "exclusiveMaximum"),
} satisfies ValueKeyword<number, number>;

/** `maximum` as generated code. @example maximumSource.holds("v", 10, writer) // "v <= 10" */
export const maximumSource: KeywordSource<number> = {
  holds: (x, limit) => `${x} <= ${limit}`,
  received: (x) => numberText(x),
};
