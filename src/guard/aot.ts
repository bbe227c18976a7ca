import type { JSONSchema } from "../schema/json-schema.js";
import { pointerSegment } from "../util/pointer.js";
import { preview, typeName } from "../util/text.js";
import { compile, finishGuard, type Guard } from "./compile.js";
import { dynamicScope } from "./dynamic-scope.js";
import { hasDuplicates, jsonEqual } from "./equal.js";
import { isBase64 } from "./formats/base64.js";
import type { Issue } from "./issue.js";
import { issueMessage } from "./issue.js";
import { listIssues } from "./issue-list.js";
import { ScopedVerdicts, Verdicts } from "./revisit.js";
import { codePoints, isMultipleOf, longEnough, ownValue, shortEnough, tooDeep, typeBits } from "./values.js";

// What generated guard code calls, each importable alone: a module written by `tooltype compile` imports only
// the helpers and format checks its code names, so a bundle carries nothing else.
export {
  hasDuplicates,
  jsonEqual,
  isBase64,
  isMultipleOf,
  longEnough,
  shortEnough,
  ownValue,
  typeBits,
  codePoints,
  pointerSegment,
  preview,
  typeName,
  tooDeep,
  issueMessage,
  Verdicts,
  ScopedVerdicts,
};
export { matches, reportPattern } from "./keywords/pattern.js";
export { isDate } from "./formats/date.js";
export { isDateTime } from "./formats/date-time.js";
export { isTime } from "./formats/time.js";
export { isDuration } from "./formats/duration.js";
export { isEmail } from "./formats/email.js";
export { isHostname } from "./formats/hostname.js";
export { isIPv4 } from "./formats/ipv4.js";
export { isIPv6 } from "./formats/ipv6.js";
export { isUuid } from "./formats/uuid.js";
export { isUri, isUriReference } from "./formats/uri.js";
export { isUriTemplate } from "./formats/uri-template.js";
export { isJsonPointer, isRelativeJsonPointer } from "./formats/json-pointer.js";
export { isRegex } from "./formats/regex.js";

export { aotHelpers, type AotHelpers } from "./aot-helpers.js";

/**
 * Makes a full guard from a predicate compiled ahead of time and the schema it was compiled from: the predicate
 * answers; `errors`, `assert` and Standard Schema's `validate` list issues through the interpreter, built on the
 * first invalid value. No `eval` or `Function` anywhere. What a module writes when its schema's errors need the
 * interpreter (unions, `$ref`: `generatedGuard` otherwise).
 *
 * @example
 * import { aotGuard } from "tooltype/aot";
 * const isName = aotGuard({ type: "string" }, (v) => typeof v === "string");
 * isName("Ada");        // true
 * isName.errors(1);     // [{ code: "type", path: "", message: "Expected string, received integer", ... }]
 * isName.mode;          // "aot"
 */
export function aotGuard<T = unknown>(schema: JSONSchema, predicate: (value: unknown) => boolean): Guard<T> {
  if (typeof predicate !== "function") throw new TypeError("aotGuard: expects the schema and its compiled predicate");
  let interpreted: Guard<unknown> | undefined;
  const slow = () => (interpreted ??= compile(schema, { eval: false, dynamicScope }));
  // The predicate itself is the guard (no call in between on the hot path), unless it already is one.
  const test = Object.hasOwn(predicate, "errors") ? (value: unknown) => predicate(value) : predicate;
  return finishGuard<T>(
    test,
    (value, limit) => slow().errors(value, { limit }),
    schema,
    "aot",
    Function.prototype.toString.call(predicate),
  );
}

/**
 * Makes a full guard from a predicate and an error reporter both compiled ahead of time (what `tooltype compile` and
 * the build plugin write): `report(value, issues)` pushes every issue of an invalid value, the interpreter's issues
 * in the interpreter's order. Nothing else of the guard is carried: no schema reader, no interpreter, no message
 * table, no `eval`.
 *
 * @example
 * import { generatedGuard } from "tooltype/aot";
 * const isName = generatedGuard(
 *   { type: "string" },
 *   (v) => typeof v === "string",
 *   (v, r) => void r.push({ code: "type", path: "", message: "Expected string" }),
 * );
 * isName.errors(1); // [{ code: "type", path: "", message: "Expected string" }]
 */
export function generatedGuard<T = unknown>(
  schema: JSONSchema,
  predicate: (value: unknown) => boolean,
  report: (value: unknown, issues: Issue[]) => void,
): Guard<T> {
  if (typeof predicate !== "function" || typeof report !== "function")
    throw new TypeError("generatedGuard: expects the schema, its compiled predicate and its compiled report");
  return finishGuard<T>(
    predicate,
    (value, limit) => listIssues(report, value, limit, tooDeepIssue, () => undefined),
    schema,
    "aot",
    Function.prototype.toString.call(predicate),
  );
}

// The `too_deep` issue of a whole value, worded as the message table words it (a generated guard carries no table).
function tooDeepIssue(levels: string | undefined): Issue {
  const message = `Value is nested too deeply to check${levels === undefined ? "" : ` (more than ${levels} levels)`}`;
  return levels === undefined
    ? { code: "too_deep", path: "", message }
    : { code: "too_deep", path: "", message, expected: levels };
}
