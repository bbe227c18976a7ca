import { codePoints, longEnough } from "../values.js";
import { numberText, type KeywordSource, type ValueKeyword, type Message } from "./keyword.js";
import { readCount } from "./read.js";

/**
 * The `min_length` issue's message, from its expected and received texts.
 *
 * @example
 * minLengthMessage("2", "1");
 */
export const minLengthMessage: Message = (expected, received) =>
  `Expected at least ${expected} characters, received ${received}`;

/**
 * `minLength`: at least this many characters, counted in Unicode code points.
 *
 * @example
 * minLength.holds("😀", 2); // false: one code point
 */
export const minLength = {
  keys: ["minLength"],
  applies: "string",
  holds: longEnough,
  expected: String,
  received: (s) => String(codePoints(s)),
  issues: { min_length: minLengthMessage },
  read: /* @__PURE__ */ readCount("minLength"),
} satisfies ValueKeyword<string, number>;

/** `minLength` as generated code. @example minLengthSource.holds("v", 2, writer) // "longEnough(v, 2)" */
export const minLengthSource: KeywordSource<number> = {
  holds: (x, limit, writer) => `${writer.use("longEnough", longEnough)}(${x}, ${limit})`,
  received: (x, writer) => numberText(`${writer.use("codePoints", codePoints)}(${x})`),
};
