import { make, type Descriptor, type WithDefault } from "./descriptor.js";
import {
  ANNOTATION_KEYS,
  NUMBER_KEYS,
  STRING_KEYS,
  schemaOptions,
  type Annotations,
  type NumberOptions,
  type StringOptions,
} from "./options.js";

/** A `t.string()` descriptor. @example const city: TString = t.string(); */
export type TString = Descriptor<string> & { readonly type: "string" };
/** A `t.number()` or `t.integer()` descriptor. @example const days: TNumber = t.integer({ minimum: 1 }); */
export type TNumber = Descriptor<number> & { readonly type: "number" | "integer" };
/** A `t.boolean()` descriptor. @example const metric: TBoolean = t.boolean(); */
export type TBoolean = Descriptor<boolean> & { readonly type: "boolean" };
/** A `t.null()` descriptor. @example const nothing: TNull = t.null(); */
export type TNull = Descriptor<null> & { readonly type: "null" };
/** A `t.any()` descriptor: any JSON value. @example const payload: TAny = t.any(); */
export type TAny = Descriptor<unknown>;

/**
 * A string: `{"type":"string"}`.
 *
 * @example
 * t.string({ description: "City name", minLength: 1 });
 */
/* @__NO_SIDE_EFFECTS__ */
export function string<const O extends StringOptions = {}>(options?: O): TString & WithDefault<O> {
  return make("string", { type: "string", ...schemaOptions("string", options, STRING_KEYS) });
}

/**
 * A finite number: `{"type":"number"}`.
 *
 * @example
 * t.number({ minimum: 0, exclusiveMaximum: 1 });
 */
/* @__NO_SIDE_EFFECTS__ */
export function number<const O extends NumberOptions = {}>(options?: O): TNumber & WithDefault<O> {
  return make("number", { type: "number", ...schemaOptions("number", options, NUMBER_KEYS) });
}

/**
 * A whole number: `{"type":"integer"}`.
 *
 * @example
 * t.integer({ minimum: 1, default: 3 });
 */
/* @__NO_SIDE_EFFECTS__ */
export function integer<const O extends NumberOptions = {}>(options?: O): TNumber & WithDefault<O> {
  return make("integer", { type: "integer", ...schemaOptions("integer", options, NUMBER_KEYS) });
}

/**
 * `true` or `false`: `{"type":"boolean"}`.
 *
 * @example
 * t.boolean({ default: false });
 */
/* @__NO_SIDE_EFFECTS__ */
export function boolean<const O extends Annotations<boolean> = {}>(options?: O): TBoolean & WithDefault<O> {
  return make("boolean", { type: "boolean", ...schemaOptions("boolean", options, ANNOTATION_KEYS) });
}

/**
 * Only `null`: `{"type":"null"}`. Exported from `t` as `t.null`.
 *
 * @example
 * t.union([t.string(), t.null()]);
 */
/* @__NO_SIDE_EFFECTS__ */
export function nullType<const O extends Annotations<null> = {}>(options?: O): TNull & WithDefault<O> {
  return make("null", { type: "null", ...schemaOptions("null", options, ANNOTATION_KEYS) });
}

/**
 * Any JSON value: `{}`.
 *
 * @example
 * t.object({ payload: t.any({ description: "Passed through untouched" }) });
 */
/* @__NO_SIDE_EFFECTS__ */
export function any<const O extends Annotations<unknown> = {}>(options?: O): TAny & WithDefault<O> {
  return make("any", schemaOptions("any", options, ANNOTATION_KEYS));
}
