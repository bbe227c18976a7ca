import { numberText, type KeywordSource, type ValueKeyword } from "./keyword.js";
import { boundReaders } from "./read.js";

/**
 * `exclusiveMinimum`: the number must be above the limit.
 *
 * @example
 * exclusiveMinimum.holds(0, 0); // false
 */
export const exclusiveMinimum: ValueKeyword<number, number> = {
  key: "exclusiveMinimum",
  code: "exclusive_minimum",
  holds: (n, limit) => n > limit,
  expected: String,
  received: String,
  message: (expected, received) => `Expected a number > ${expected}, received ${received}`,
};

/** `exclusiveMinimum` as generated code. @example exclusiveMinimumSource.holds("v", 0, writer) // "v > 0" */
export const exclusiveMinimumSource: KeywordSource<number> = {
  holds: (x, limit) => `${x} > ${limit}`,
  received: (x) => numberText(x),
};

/** How `exclusiveMinimum` is read: a finite number, or draft-04's and OpenAPI 3.0's boolean beside `minimum`. @example exclusiveMinimumReader.keys // ["exclusiveMinimum"] */
export const exclusiveMinimumReader = boundReaders("minimum", "exclusiveMinimum")[1];
