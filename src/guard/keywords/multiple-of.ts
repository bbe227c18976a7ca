import { isMultipleOf } from "../values.js";
import { numberText, type KeywordSource, type ValueKeyword, type Message } from "./keyword.js";
import { mustBe } from "./read.js";

/**
 * The `multiple_of` issue's message, from its expected and received texts.
 *
 * @example
 * multipleOfMessage("2", "1");
 */
export const multipleOfMessage: Message = (expected, received) =>
  `Expected a multiple of ${expected}, received ${received}`;

/**
 * `multipleOf`: the number divided by the limit is a whole number (tolerant of binary rounding).
 *
 * @example
 * multipleOf.holds(19.99, 0.01); // true
 */
export const multipleOf = {
  keys: ["multipleOf"],
  applies: "number",
  holds: isMultipleOf,
  expected: String,
  received: String,
  issues: { multiple_of: multipleOfMessage },
  read(schema, node, at) {
    const value = schema.multipleOf;
    if (typeof value !== "number" || !Number.isFinite(value) || !(value > 0))
      throw mustBe("multipleOf", at, "a positive number", value);
    node.multipleOf = value;
  },
} satisfies ValueKeyword<number, number>;

/** `multipleOf` as generated code. @example multipleOfSource.holds("v", 0.5, writer) // "isMultipleOf(v, 0.5)" */
export const multipleOfSource: KeywordSource<number> = {
  holds: (x, limit, writer) => `${writer.use("isMultipleOf", isMultipleOf)}(${x}, ${limit})`,
  received: (x) => numberText(x),
};
