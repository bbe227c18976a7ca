import { numberText, type KeywordSource, type ValueKeyword } from "./keyword.js";
import { boundReaders } from "./read.js";

/**
 * `maximum`: the number must be at most the limit.
 *
 * @example
 * maximum.holds(11, 10); // false
 */
export const maximum: ValueKeyword<number, number> = {
  key: "maximum",
  code: "maximum",
  holds: (n, limit) => n <= limit,
  expected: String,
  received: String,
  message: (expected, received) => `Expected a number <= ${expected}, received ${received}`,
};

/** `maximum` as generated code. @example maximumSource.holds("v", 10, writer) // "v <= 10" */
export const maximumSource: KeywordSource<number> = {
  holds: (x, limit) => `${x} <= ${limit}`,
  received: (x) => numberText(x),
};

/** How `maximum` is read: a finite number (a draft-04 `exclusiveMaximum: true` beside it makes it exclusive). @example maximumReader.keys // ["maximum"] */
export const maximumReader = boundReaders("maximum", "exclusiveMaximum")[0];
