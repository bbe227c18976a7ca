// The value keywords as generated code, paired with their interpreted forms (`./index.js`), in the same order.
import { minLength, minLengthSource } from "./min-length.js";
import { maxLength, maxLengthSource } from "./max-length.js";
import { pattern, patternSource } from "./pattern.js";
import { format, formatSource } from "./format.js";
import { contentEncoding, contentEncodingSource } from "./content-encoding.js";
import { minimum, minimumSource } from "./minimum.js";
import { maximum, maximumSource } from "./maximum.js";
import { exclusiveMinimum, exclusiveMinimumSource } from "./exclusive-minimum.js";
import { exclusiveMaximum, exclusiveMaximumSource } from "./exclusive-maximum.js";
import { multipleOf, multipleOfSource } from "./multiple-of.js";
import type { KeywordSource, ValueKeyword } from "./keyword.js";

/** A keyword with its generated form. */
export type WithSource = readonly [ValueKeyword<never, never>, KeywordSource<never>];

/** The string keywords with their generated forms, in the interpreter's order. */
export const STRING_SOURCES: readonly WithSource[] = [
  [minLength, minLengthSource],
  [maxLength, maxLengthSource],
  [pattern, patternSource],
  [format, formatSource],
  [contentEncoding, contentEncodingSource],
] as never;

/** The number keywords with their generated forms, in the interpreter's order. */
export const NUMBER_SOURCES: readonly WithSource[] = [
  [minimum, minimumSource],
  [maximum, maximumSource],
  [exclusiveMinimum, exclusiveMinimumSource],
  [exclusiveMaximum, exclusiveMaximumSource],
  [multipleOf, multipleOfSource],
] as never;
