// Every helper of generated guard code in one object, for guard code that takes them as `H`. A module of its own, so
// that a bundle importing single helpers from `tooltype/aot` does not carry this object and all it holds.
import { pointerSegment } from "../util/pointer.js";
import { preview, typeName } from "../util/text.js";
import { hasDuplicates, jsonEqual } from "./equal.js";
import { FORMATS } from "./format-checks.js";
import { isBase64 } from "./formats/base64.js";
import { issueMessage } from "./issue.js";
import { ScopedVerdicts, Verdicts } from "./revisit.js";
import { matches, reportPattern } from "./keywords/pattern.js";
import { codePoints, isMultipleOf, longEnough, ownValue, shortEnough, tooDeep, typeBits } from "./values.js";

/**
 * Every helper of generated guard code in one object, with the `format` checks by name, for guard code that takes
 * them as `H` (`guardCode(schema).body`). It carries them all: a module written by `tooltype compile` imports the
 * named helpers it calls instead.
 *
 * @example
 * import { aotGuard, aotHelpers } from "tooltype/aot";
 * const isCity = aotGuard(schema, ((H) => (v) => typeof v === "string" && H.longEnough(v, 1))(aotHelpers));
 */
export const aotHelpers = {
  hasDuplicates,
  jsonEqual,
  isBase64,
  isMultipleOf,
  longEnough,
  shortEnough,
  ownValue,
  typeBits,
  hasOwn: Object.hasOwn,
  codePoints,
  issueMessage,
  pointerSegment,
  preview,
  typeName,
  tooDeep,
  formats: FORMATS,
  Verdicts,
  ScopedVerdicts,
  matches,
  reportPattern,
};

/** The helpers' type, as guard code compiled ahead of time receives them. @example const H: AotHelpers = aotHelpers; */
export type AotHelpers = typeof aotHelpers;
