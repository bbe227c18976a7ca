import { numberText, type KeywordSource, type ValueKeyword } from "./keyword.js";
import { boundReaders } from "./read.js";

/**
 * `exclusiveMaximum`: the number must be below the limit.
 *
 * @example
 * exclusiveMaximum.holds(0.5, 1); // true
 */
export const exclusiveMaximum: ValueKeyword<number, number> = {
  key: "exclusiveMaximum",
  code: "exclusive_maximum",
  holds: (n, limit) => n < limit,
  expected: String,
  received: String,
  message: (expected, received) => `Expected a number < ${expected}, received ${received}`,
};

/** `exclusiveMaximum` as generated code. @example exclusiveMaximumSource.holds("v", 1, writer) // "v < 1" */
export const exclusiveMaximumSource: KeywordSource<number> = {
  holds: (x, limit) => `${x} < ${limit}`,
  received: (x) => numberText(x),
};

/** How `exclusiveMaximum` is read: a finite number, or draft-04's and OpenAPI 3.0's boolean beside `maximum`. @example exclusiveMaximumReader.keys // ["exclusiveMaximum"] */
export const exclusiveMaximumReader = boundReaders("maximum", "exclusiveMaximum")[1];
