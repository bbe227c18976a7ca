import type { JSONSchema } from "../schema/json-schema.js";
import { pointerSegment } from "../util/pointer.js";
import { preview, typeName } from "../util/text.js";
import { compile, finishGuard, type Guard } from "./compile.js";
import { hasDuplicates, jsonEqual } from "./equal.js";
import { FORMATS, isBase64 } from "./format-checks.js";
import { issueMessage } from "./issue.js";
import { Verdicts } from "./revisit.js";
import { matches } from "./keywords/pattern.js";
import { codePoints, isMultipleOf, longEnough, ownValue, shortEnough, tooDeep, typeBits } from "./values.js";

/**
 * What guard code compiled ahead of time calls: the helpers generated code uses (the same functions `tooltype/jit`
 * hands to `new Function`), the `format` checks by name, and the per-call verdict cache of recursive schemas. A
 * guard module written by `tooltype compile` or the build plugin imports it; nothing here evaluates text.
 *
 * @example
 * import { aotGuard, aotHelpers } from "tooltype/aot";
 * const isCity = aotGuard(schema, ((H) => (v) => typeof v === "string" && H.longEnough(v, 1))(aotHelpers));
 */
export const aotHelpers = {
  hasDuplicates, jsonEqual, isBase64, isMultipleOf, longEnough, shortEnough, ownValue, typeBits, hasOwn: Object.hasOwn,
  codePoints, issueMessage, pointerSegment, preview, typeName, tooDeep, formats: FORMATS, Verdicts, matches,
};

/** The helpers' type, as guard code compiled ahead of time receives them. @example const H: AotHelpers = aotHelpers; */
export type AotHelpers = typeof aotHelpers;

/**
 * Makes a full guard from a predicate compiled ahead of time (by `tooltype compile` or the build plugin) and the
 * schema it was compiled from: the predicate answers; `errors`, `assert` and Standard Schema's `validate` list
 * issues through the interpreter, built on the first invalid value (errors are the slow path). No `eval` or
 * `Function` anywhere, so it runs at generated-code speed under a CSP without `unsafe-eval` and in Workers.
 *
 * @example
 * import { aotGuard, aotHelpers } from "tooltype/aot";
 * const isName = aotGuard({ type: "string" }, (v) => typeof v === "string");
 * isName("Ada");        // true
 * isName.errors(1);     // [{ code: "type", path: "", message: "Expected string, received integer", ... }]
 * isName.mode;          // "aot"
 */
export function aotGuard<T = unknown>(schema: JSONSchema, predicate: (value: unknown) => boolean): Guard<T> {
  if (typeof predicate !== "function") throw new TypeError("aotGuard: expects the schema and its compiled predicate");
  let interpreted: Guard<unknown> | undefined;
  const slow = () => (interpreted ??= compile(schema, { eval: false }));
  // The predicate itself is the guard (no call in between on the hot path), unless it already is one.
  const test = Object.hasOwn(predicate, "errors") ? (value: unknown) => predicate(value) : predicate;
  return finishGuard<T>(test, (value, limit) => slow().errors(value, { limit }), schema, "aot", Function.prototype.toString.call(predicate));
}
