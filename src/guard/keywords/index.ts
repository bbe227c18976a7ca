// The value keywords by JSON type, in the order their checks run and their issues are listed. The
// interpreter reads these lists; generated code reads `./sources.js`, which pairs each with its source.
import { minLength } from "./min-length.js";
import { maxLength } from "./max-length.js";
import { pattern } from "./pattern.js";
import { format } from "./format.js";
import { contentEncoding } from "./content-encoding.js";
import { minimum } from "./minimum.js";
import { maximum } from "./maximum.js";
import { exclusiveMinimum } from "./exclusive-minimum.js";
import { exclusiveMaximum } from "./exclusive-maximum.js";
import { multipleOf } from "./multiple-of.js";
import type { ValueKeyword } from "./keyword.js";

/** The keywords that test a string, in order. */
export const STRING_KEYWORDS: readonly ValueKeyword<string, never>[] = [
  minLength,
  maxLength,
  pattern,
  format,
  contentEncoding,
] as never;

/** The keywords that test a number, in order. */
export const NUMBER_KEYWORDS: readonly ValueKeyword<number, never>[] = [
  minimum,
  maximum,
  exclusiveMinimum,
  exclusiveMaximum,
  multipleOf,
] as never;
