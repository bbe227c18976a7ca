import { numberText, type KeywordSource, type ValueKeyword } from "./keyword.js";
import { boundReaders } from "./read.js";

/**
 * `minimum`: the number must be at least the limit.
 *
 * @example
 * minimum.holds(1, 1); // true
 */
export const minimum: ValueKeyword<number, number> = {
  key: "minimum",
  code: "minimum",
  holds: (n, limit) => n >= limit,
  expected: String,
  received: String,
  message: (expected, received) => `Expected a number >= ${expected}, received ${received}`,
};

/** `minimum` as generated code. @example minimumSource.holds("v", 1, writer) // "v >= 1" */
export const minimumSource: KeywordSource<number> = {
  holds: (x, limit) => `${x} >= ${limit}`,
  received: (x) => numberText(x),
};

/** How `minimum` is read: a finite number (a draft-04 `exclusiveMinimum: true` beside it makes it exclusive). @example minimumReader.keys // ["minimum"] */
export const minimumReader = boundReaders("minimum", "exclusiveMinimum")[0];
