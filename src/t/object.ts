import {
  isDescriptor,
  make,
  type DefaultFlag,
  type Descriptor,
  type Infer,
  type InferJSON,
  type OptionalFlag,
  type WithDefault,
} from "./descriptor.js";
import { OBJECT_KEYS, schemaOptions, type ObjectOptions } from "./options.js";
import { string, type TString } from "./primitives.js";
import { OptionalMark } from "./symbols.js";

/** The properties of a `t.object`: names to descriptors. @example const shared: Properties = { city: t.string() }; */
export type Properties = { readonly [key: string]: Descriptor };

type Simplify<T> = { [K in keyof T]: T[K] } & {};
// In code, a property is optional only when it is t.optional without a default (defaults are filled in).
type OptionalOut<P> = {
  [K in keyof P]: P[K] extends DefaultFlag<unknown> ? never : P[K] extends OptionalFlag ? K : never;
}[keyof P];
// On the wire, t.optional and defaulted properties may both be left out.
type OptionalIn<P> = { [K in keyof P]: P[K] extends OptionalFlag | DefaultFlag<unknown> ? K : never }[keyof P];

/** The decoded type of an object's properties. */
export type ObjectOut<P extends Properties> = Simplify<
  { -readonly [K in Exclude<keyof P, OptionalOut<P>>]: Infer<P[K]> } & { -readonly [K in OptionalOut<P>]?: Infer<P[K]> }
>;
/** The JSON wire type of an object's properties. */
export type ObjectIn<P extends Properties> = Simplify<
  { -readonly [K in Exclude<keyof P, OptionalIn<P>>]: InferJSON<P[K]> } & {
    -readonly [K in OptionalIn<P>]?: InferJSON<P[K]>;
  }
>;

/**
 * A `t.object({...})` descriptor.
 *
 * @example
 * const point: TObject<{ x: TNumber; y: TNumber }> = t.object({ x: t.number(), y: t.number() });
 */
export type TObject<P extends Properties> = Descriptor<ObjectOut<P>, ObjectIn<P>> & {
  readonly type: "object";
  readonly properties: P;
  readonly required?: readonly string[];
};
/**
 * A `t.record(value)` descriptor: string keys, values of one type.
 *
 * @example
 * const prices: TRecord<TNumber> = t.record(t.number());
 */
export type TRecord<V extends Descriptor> = Descriptor<Record<string, Infer<V>>, Record<string, InferJSON<V>>> & {
  readonly type: "object";
  readonly additionalProperties: V;
};

/**
 * An object with known properties. A property is required unless it is `t.optional(...)` or has a
 * `default`; `required` is left out when nothing is required. Extra properties are allowed unless
 * `additionalProperties: false` is given (JSON Schema's default; strict provider targets close it).
 *
 * @example
 * t.object({
 *   location: t.string({ description: "City and country" }),
 *   unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }),
 *   days: t.optional(t.integer({ minimum: 1 })),
 * });
 */
/* @__NO_SIDE_EFFECTS__ */
export function object<const P extends Properties, const O extends ObjectOptions<ObjectOut<P>> = {}>(
  properties: P,
  options?: O,
): TObject<P> & WithDefault<O> {
  if (typeof properties !== "object" || properties === null || Array.isArray(properties) || isDescriptor(properties)) {
    throw new TypeError("t.object: expects a map of property names to descriptors, such as { name: t.string() }");
  }
  const props: Record<string, Descriptor> = Object.create(null);
  const required: string[] = [];
  for (const key of Object.keys(properties)) {
    const d = properties[key];
    if (!isDescriptor(d))
      throw new TypeError(`t.object: property "${key}" is not a descriptor (use t.string(), t.number(), ...)`);
    props[key] = d;
    if (!(d as never)[OptionalMark] && !("default" in d)) required.push(key);
  }
  const schemaKeys = schemaOptions("object", options, OBJECT_KEYS);
  const additional = schemaKeys.additionalProperties;
  if (typeof additional === "object" && !isDescriptor(additional))
    throw new TypeError("t.object: additionalProperties must be a boolean or a descriptor");
  return make("object", {
    type: "object",
    properties: Object.freeze({ ...props }),
    required: required.length ? Object.freeze(required) : undefined,
    ...schemaKeys,
  });
}

/**
 * A map from string keys to values of one type: `{"type":"object","additionalProperties":...}`;
 * without a value type, string values.
 *
 * @example
 * t.record(t.number(), { description: "Price per product id" });
 */
/* @__NO_SIDE_EFFECTS__ */
export function record<
  V extends Descriptor = TString,
  const O extends Omit<ObjectOptions<Record<string, Infer<V>>>, "additionalProperties"> = {},
>(value?: V, options?: O): TRecord<V> & WithDefault<O> {
  if (value !== undefined && !isDescriptor(value))
    throw new TypeError("t.record: the value type must be a descriptor such as t.number()");
  const rest = schemaOptions(
    "record",
    options,
    OBJECT_KEYS.filter((key) => key !== "additionalProperties"),
  );
  return make("record", { type: "object", additionalProperties: value ?? string(), ...rest });
}
