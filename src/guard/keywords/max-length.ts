import { codePoints, shortEnough } from "../values.js";
import { numberText, type KeywordSource, type ValueKeyword } from "./keyword.js";
import { countReader } from "./read.js";

/**
 * `maxLength`: at most this many characters, counted in Unicode code points.
 *
 * @example
 * maxLength.holds("😀😀", 2); // true: two code points, four UTF-16 units
 */
export const maxLength: ValueKeyword<string, number> = {
  key: "maxLength",
  code: "max_length",
  holds: shortEnough,
  expected: String,
  received: (s) => String(codePoints(s)),
  message: (expected, received) => `Expected at most ${expected} characters, received ${received}`,
};

/** `maxLength` as generated code: the UTF-16 length decides first. @example maxLengthSource.holds("v", 5, writer) */
export const maxLengthSource: KeywordSource<number> = {
  holds: (x, limit, w) => `(${x}.length <= ${limit} || ${w.use("shortEnough", shortEnough)}(${x}, ${limit}))`,
  received: (x, w) => numberText(`${w.use("codePoints", codePoints)}(${x})`),
};

/** How `maxLength` is read: a non-negative integer. @example maxLengthReader.keys // ["maxLength"] */
export const maxLengthReader = countReader("maxLength");
