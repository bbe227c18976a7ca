import { isMultipleOf } from "../values.js";
import { numberText, type KeywordSource, type ValueKeyword } from "./keyword.js";
import { mustBe, type KeywordReader } from "./read.js";

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

/** How `multipleOf` is read: a positive finite number. @example multipleOfReader.keys // ["multipleOf"] */
export const multipleOfReader: KeywordReader = {
  keys: ["multipleOf"],
  read(s, node, at) {
    const value = s.multipleOf;
    if (typeof value !== "number" || !Number.isFinite(value) || !(value > 0))
      throw mustBe("multipleOf", at, "a positive number", value);
    node.multipleOf = value;
  },
};
