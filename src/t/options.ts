import type { Descriptor } from "./descriptor.js";
import { encodeBase64 } from "../util/base64.js";

/**
 * Annotations every builder accepts. `default` makes an object property optional on the wire.
 *
 * @example
 * t.string({ description: "City", default: "Paris", examples: ["Oslo"] });
 * // {"type":"string","description":"City","default":"Paris","examples":["Oslo"]}
 */
export interface Annotations<T> {
  readonly description?: string;
  readonly title?: string;
  readonly default?: T;
  readonly examples?: readonly T[];
  readonly deprecated?: boolean;
}

/** Options of `t.string()` and the string formats. @example t.string({ minLength: 1, pattern: "^[a-z]+$" }) */
export interface StringOptions extends Annotations<string> {
  readonly minLength?: number;
  readonly maxLength?: number;
  /** An ECMAScript regular expression (checked with the `u` flag), as a string or a `RegExp` without flags. */
  readonly pattern?: string | RegExp;
  readonly format?: string;
}

/** Options of `t.number()` and `t.integer()`. @example t.integer({ minimum: 1, maximum: 10 }) */
export interface NumberOptions extends Annotations<number> {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
}

/** Options of `t.array()`, `t.set()` and `t.tuple()`. @example t.array(t.string(), { minItems: 1 }) */
export interface ArrayOptions<T> extends Annotations<T> {
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** Options of `t.object()` and `t.record()`. @example t.object({ a: t.string() }, { additionalProperties: false }) */
export interface ObjectOptions<T> extends Annotations<T> {
  /** `false` closes the object; a descriptor types the extra properties. Open (JSON Schema's default) when absent. */
  readonly additionalProperties?: boolean | Descriptor;
  readonly minProperties?: number;
  readonly maxProperties?: number;
}

const ANNOTATIONS = ["description", "title", "default", "examples", "deprecated"];
/** The option keys each family of builders accepts. */
export const STRING_KEYS = /* @__PURE__ */ ANNOTATIONS.concat("minLength", "maxLength", "pattern", "format");
export const NUMBER_KEYS = /* @__PURE__ */ ANNOTATIONS.concat(
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
);
export const ARRAY_KEYS = /* @__PURE__ */ ANNOTATIONS.concat("minItems", "maxItems");
export const OBJECT_KEYS = /* @__PURE__ */ ANNOTATIONS.concat("additionalProperties", "minProperties", "maxProperties");
export const ANNOTATION_KEYS = ANNOTATIONS;

const COUNTS = new Set(["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"]);
const BOUNDS = new Set(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]);

/**
 * Checks a builder's options and returns them as JSON Schema keys. Throws a TypeError naming the
 * builder and the option for an unknown key or a value of the wrong kind, so a typo never passes silently.
 */
export function schemaOptions(
  builder: string,
  options: object | undefined,
  allowed: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (options === undefined) return out;
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError(
      `t.${builder}: options must be an object, received ${options === null ? "null" : typeof options}`,
    );
  }
  for (const key of Object.keys(options)) {
    const value = (options as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (!allowed.includes(key)) {
      throw new TypeError(`t.${builder}: unknown option "${key}"; it accepts ${allowed.join(", ")}`);
    }
    out[key] = checkOption(builder, key, value);
  }
  return out;
}

function checkOption(builder: string, key: string, value: unknown): unknown {
  const fail = (want: string) =>
    new TypeError(`t.${builder}: option "${key}" must be ${want}, received ${JSON.stringify(value) ?? typeof value}`);
  if (COUNTS.has(key)) {
    if (!Number.isSafeInteger(value) || (value as number) < 0) throw fail("a non-negative integer");
  } else if (BOUNDS.has(key)) {
    if (typeof value !== "number" || !Number.isFinite(value)) throw fail("a finite number");
  } else if (key === "multipleOf") {
    if (typeof value !== "number" || !(value > 0) || !Number.isFinite(value)) throw fail("a positive number");
  } else if (key === "pattern") {
    return patternSource(builder, value);
  } else if (key === "description" || key === "title" || key === "format") {
    if (typeof value !== "string") throw fail("a string");
  } else if (key === "deprecated") {
    if (typeof value !== "boolean") throw fail("a boolean");
  } else if (key === "examples") {
    if (!Array.isArray(value)) throw fail("an array");
    return Object.freeze(value.map((v) => jsonValue(builder, key, v)));
  } else if (key === "default") {
    return jsonValue(builder, key, value);
  } else if (key === "additionalProperties") {
    if (typeof value !== "boolean" && (typeof value !== "object" || value === null))
      throw fail("a boolean or a descriptor");
  }
  return value;
}

function patternSource(builder: string, value: unknown): string {
  let source: string;
  if (value instanceof RegExp) {
    if (value.flags.replace("u", "") !== "")
      throw new TypeError(`t.${builder}: a pattern RegExp cannot carry flags (${value.flags}); JSON Schema has none`);
    source = value.source;
  } else if (typeof value === "string") source = value;
  else throw new TypeError(`t.${builder}: option "pattern" must be a string or a RegExp`);
  try {
    new RegExp(source, "u");
  } catch (error) {
    throw new TypeError(
      `t.${builder}: option "pattern" is not a valid regular expression: ${(error as Error).message}`,
    );
  }
  return source;
}

// Plain data all the way down (a Date, which writes itself as JSON, included): no Map, Set or class
// instance whose JSON would drop its content.
function plainJSON(value: unknown): boolean {
  if (typeof value !== "object" || value === null || value instanceof Date) return true;
  if (Array.isArray(value)) return value.every(plainJSON);
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && Object.values(value).every(plainJSON);
}

// Defaults and examples are emitted into JSON Schema, so they must be JSON (a Date is turned into its ISO text).
function jsonValue(builder: string, key: string, value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return encodeBase64(value);
  if (value instanceof Set) value = [...value];
  // JSON.stringify would write a Map, or any other class instance, as {}: its content silently lost.
  if (value instanceof Map) value = Object.fromEntries(value);
  if (!plainJSON(value))
    throw new TypeError(
      `t.${builder}: option "${key}" must be a JSON value (plain objects, arrays, strings, numbers, booleans, null; a Date, a Set, a Map or bytes)`,
    );
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) throw new TypeError(`t.${builder}: option "${key}" must be a JSON value`);
  return JSON.parse(text);
}
