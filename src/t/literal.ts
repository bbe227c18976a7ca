import { make, type Descriptor, type WithDefault } from "./descriptor.js";
import { ANNOTATION_KEYS, schemaOptions, type Annotations } from "./options.js";

/** A value `t.literal` and `t.enum` accept. @example const values: Primitive[] = ["on", 1, true, null]; */
export type Primitive = string | number | boolean | null;

/**
 * A `t.literal(v)` or `t.enum([...])` descriptor.
 *
 * @example
 * const unit: TEnum<"celsius" | "fahrenheit"> = t.enum(["celsius", "fahrenheit"]);
 */
export type TEnum<V> = Descriptor<V> & { readonly enum: readonly V[] };

/**
 * Exactly one value: `{"type":"string","enum":["on"]}` (a one-value enum, which every provider
 * accepts, unlike `const`).
 *
 * @example
 * t.literal("celsius");
 */
/* @__NO_SIDE_EFFECTS__ */
export function literal<const V extends Primitive, const O extends Annotations<V> = {}>(
  value: V,
  options?: O,
): TEnum<V> & WithDefault<O> {
  return enumOf("literal", [value], options);
}

/** The values of a TypeScript `enum` object, or the members of a value array. */
type EnumValues<E> = E extends readonly (infer V)[] ? V : E[keyof E];

/**
 * One of several values: an array, or a TypeScript `enum` object (a numeric enum's reverse keys are
 * skipped). `type` is emitted when every value shares one JSON type.
 *
 * @example
 * t.enum(["celsius", "fahrenheit"]); // {"type":"string","enum":["celsius","fahrenheit"]}
 * enum Level { Low = 1, High = 2 }
 * t.enum(Level);                      // {"type":"integer","enum":[1,2]}
 */
/* @__NO_SIDE_EFFECTS__ */
export function enumType<
  const E extends readonly Primitive[] | Record<string, string | number>,
  const O extends Annotations<EnumValues<E>> = {},
>(values: E, options?: O): TEnum<EnumValues<E>> & WithDefault<O> {
  return enumOf(
    "enum",
    Array.isArray(values) ? values : enumObjectValues(values as Record<string, string | number>),
    options,
  );
}

function enumOf<D>(builder: string, values: readonly unknown[], options: object | undefined): D {
  if (values.length === 0) throw new TypeError(`t.${builder}: needs at least one value`);
  const seen = new Set<unknown>();
  for (const value of values) {
    const type = jsonType(value);
    if (type === undefined)
      throw new TypeError(`t.${builder}: ${String(value)} is not a string, finite number, boolean or null`);
    if (seen.has(value)) throw new TypeError(`t.${builder}: ${JSON.stringify(value)} is listed twice`);
    seen.add(value);
  }
  return make(builder, {
    type: sharedType(values),
    enum: Object.freeze([...values]),
    ...schemaOptions(builder, options, ANNOTATION_KEYS),
  });
}

// A numeric TypeScript enum maps each value back to its name (`{ 0: "Low", Low: 0 }`); those reverse keys are
// not members. Two members may share a value (an alias: `{ Low = 0, Least = 0 }`): it is listed once.
function enumObjectValues(object: Record<string, string | number>): unknown[] {
  if (typeof object !== "object" || object === null)
    throw new TypeError("t.enum: expects an array of values or a TypeScript enum object");
  const members = Object.keys(object)
    .filter((key) => !(typeof object[key] === "string" && object[object[key] as string] === Number(key) && key !== ""))
    .map((key) => object[key]);
  return [...new Set(members)];
}

/** The JSON Schema type of one primitive value, or undefined when it is not JSON. */
export function jsonType(value: unknown): string | undefined {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
    case "boolean":
      return typeof value;
    case "number":
      return Number.isInteger(value) ? "integer" : Number.isFinite(value) ? "number" : undefined;
    default:
      return undefined;
  }
}

/** The one JSON type all values share (`integer` widens to `number` beside a fraction), or undefined. */
function sharedType(values: readonly unknown[]): string | undefined {
  let shared: string | undefined;
  for (const value of values) {
    const type = jsonType(value);
    if (shared === undefined || shared === type) shared = type;
    else if ((shared === "integer" && type === "number") || (shared === "number" && type === "integer"))
      shared = "number";
    else return undefined;
  }
  return shared;
}
