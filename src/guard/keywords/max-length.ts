import { codePoints, shortEnough } from "../values.js";
import { numberText, type KeywordSource, type ValueKeyword, type Message } from "./keyword.js";
import { readCount } from "./read.js";

/**
 * The `max_length` issue's message, from its expected and received texts.
 *
 * @example
 * maxLengthMessage("2", "1");
 */
export const maxLengthMessage: Message = (expected, received) =>
  `Expected at most ${expected} characters, received ${received}`;

/**
 * `maxLength`: at most this many characters, counted in Unicode code points.
 *
 * @example
 * maxLength.holds("😀😀", 2); // true: two code points, four UTF-16 units
 */
export const maxLength = {
  keys: ["maxLength"],
  applies: "string",
  holds: shortEnough,
  expected: String,
  received: (s) => String(codePoints(s)),
  issues: { max_length: maxLengthMessage },
  read: /* @__PURE__ */ readCount("maxLength"),
} satisfies ValueKeyword<string, number>;

/** `maxLength` as generated code: the UTF-16 length decides first. @example maxLengthSource.holds("v", 5, writer) */
export const maxLengthSource: KeywordSource<number> = {
  holds: (x, limit, writer) => `(${x}.length <= ${limit} || ${writer.use("shortEnough", shortEnough)}(${x}, ${limit}))`,
  received: (x, writer) => numberText(`${writer.use("codePoints", codePoints)}(${x})`),
};
