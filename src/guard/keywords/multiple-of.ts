import { isMultipleOf } from "../values.js";
import { numberText, type KeywordSource, type ValueKeyword } from "./keyword.js";

/**
 * `multipleOf`: the number divided by the limit is a whole number (tolerant of binary rounding).
 *
 * @example
 * multipleOf.holds(19.99, 0.01); // true
 */
export const multipleOf: ValueKeyword<number, number> = {
  key: "multipleOf",
  code: "multiple_of",
  holds: isMultipleOf,
  expected: String,
  received: String,
  message: (expected, received) => `Expected a multiple of ${expected}, received ${received}`,
};

/** `multipleOf` as generated code. @example multipleOfSource.holds("v", 0.5, writer) // "isMultipleOf(v, 0.5)" */
export const multipleOfSource: KeywordSource<number> = {
  holds: (x, limit, w) => `${w.use("isMultipleOf", isMultipleOf)}(${x}, ${limit})`,
  received: (x) => numberText(x),
};
