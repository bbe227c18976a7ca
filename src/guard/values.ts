import { ARRAY, BOOLEAN, INTEGER, NULL, NUMBER, OBJECT, STRING, isPrototypeKey } from "./node.js";

/** The JSON type bits of a value (an integer is both `INTEGER` and `NUMBER`); 0 for non-JSON values. */
export function typeBits(value: unknown): number {
  switch (typeof value) {
    case "string":
      return STRING;
    case "number":
      return Number.isInteger(value) ? INTEGER | NUMBER : Number.isFinite(value) ? NUMBER : 0;
    case "boolean":
      return BOOLEAN;
    case "object":
      return value === null ? NULL : Array.isArray(value) ? ARRAY : OBJECT;
    default:
      return 0;
  }
}

/** A plain JSON object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Length in Unicode code points, as JSON Schema counts `minLength` / `maxLength`. */
export function codePoints(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** `minLength` without counting code points when the UTF-16 length already decides. */
export function longEnough(text: string, min: number): boolean {
  return text.length >= min * 2 || (text.length >= min && codePoints(text) >= min);
}

/** `maxLength` without counting code points when the UTF-16 length already decides. */
export function shortEnough(text: string, max: number): boolean {
  return text.length <= max || codePoints(text) <= max;
}

/**
 * `multipleOf`, tolerant of binary rounding: `19.99` is a multiple of `0.01` although `19.99 / 0.01`
 * is `1998.9999999999998`. The quotient may be a few units in the last place off a whole number, but at
 * most an eighth: from about 1e15 a relative tolerance alone would pass every quotient. Safe integers
 * are exact in binary, so for them the remainder decides (`3000000000000001` is not even), as it does
 * when the quotient overflows.
 */
export function isMultipleOf(value: number, divisor: number): boolean {
  if (Number.isSafeInteger(value) && Number.isSafeInteger(divisor)) return value % divisor === 0;
  const quotient = value / divisor;
  // A quotient past the largest double (1e308 / 0.5): the remainder, which fmod computes exactly, decides.
  if (!Number.isFinite(quotient)) return Number.isFinite(value) && value % divisor === 0;
  return Math.abs(quotient - Math.round(quotient)) <= Math.min(4 * Number.EPSILON * Math.abs(quotient), 0.125);
}

/** Own-property read, for keys such as `constructor` that every plain object inherits. */
export function ownValue(object: object, key: string): unknown {
  return Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

/**
 * Whether an object has a property, read as an own property for names every object inherits.
 *
 * @example
 * hasProperty({}, "constructor"); // false
 */
export function hasProperty(object: Record<string, unknown>, key: string): boolean {
  return isPrototypeKey(key) ? Object.hasOwn(object, key) : object[key] !== undefined;
}

/** The most `$ref` levels a guard follows (fewer where each enters many value levels: `depthLimit`). */
export const MAX_DEPTH = 256;

/** Thrown when a check goes past its guard's `$ref` limit; a RangeError, as a stack overflow is. */
export class TooDeep extends RangeError {
  /** The value levels the guard follows at most, which the `too_deep` issue names. */
  constructor(readonly levels: number) {
    super(`nested deeper than ${levels} levels`);
  }
}

/**
 * Refuses a value whose check went past its guard's `$ref` limit: the guard answers false, `errors` a `too_deep` issue.
 */
export function tooDeep(levels: number): never {
  throw new TooDeep(levels);
}
