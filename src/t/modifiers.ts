import {
  derive,
  isDescriptor,
  make,
  type Descriptor,
  type Infer,
  type InferJSON,
  type OptionalFlag,
} from "./descriptor.js";
import { ANNOTATION_KEYS } from "./options.js";
import { Named, OptionalMark } from "./symbols.js";

/** A `t.nullable(d)` descriptor. @example const note: TNullable<TString> = t.nullable(t.string()); */
export type TNullable<D extends Descriptor> = Descriptor<Infer<D> | null, InferJSON<D> | null>;

function need(builder: string, d: unknown): asserts d is Descriptor {
  if (!isDescriptor(d)) throw new TypeError(`t.${builder}: expects a descriptor such as t.string()`);
}

/**
 * Marks an object property as optional: it is left out of `required` and its schema is unchanged
 * (as Python's `Optional[T]` is written `T`). The `openai-strict` target turns it into a nullable,
 * required property and maps the model's `null` back to "absent".
 *
 * @example
 * t.object({ city: t.string(), days: t.optional(t.integer()) });
 */
/* @__NO_SIDE_EFFECTS__ */
export function optional<D extends Descriptor>(d: D): D & OptionalFlag {
  need("optional", d);
  return derive(d, {}, { [OptionalMark]: true });
}

/**
 * Allows `null` as well: `{"type":["string","null"]}` for a typed schema (and `null` joins an
 * `enum`), otherwise `{"anyOf":[..., {"type":"null"}]}`.
 *
 * @example
 * t.nullable(t.string()); // {"type":["string","null"]}
 */
/* @__NO_SIDE_EFFECTS__ */
export function nullable<D extends Descriptor>(d: D): TNullable<D> & (D extends OptionalFlag ? OptionalFlag : unknown) {
  need("nullable", d);
  const schema = d as unknown as Record<string, unknown>;
  const type = schema.type;
  const keepTags = { [OptionalMark]: (d as never)[OptionalMark] };
  if (
    type === undefined &&
    schema.enum === undefined &&
    schema.anyOf === undefined &&
    schema.oneOf === undefined &&
    schema.$ref === undefined &&
    Object.keys(schema).every(isAnnotation)
  ) {
    return d as never; // t.any() already admits null
  }
  const named = (d as never)[Named] !== undefined;
  const values = schema.enum as unknown[] | undefined;
  if (!named && values && type === undefined)
    return derive(d, { enum: values.includes(null) ? values : Object.freeze([...values, null]) });
  if (
    !named &&
    (typeof type === "string" || Array.isArray(type)) &&
    schema.anyOf === undefined &&
    schema.oneOf === undefined
  ) {
    const types = typeof type === "string" ? [type] : (type as string[]);
    return derive(d, {
      type: types.includes("null") ? type : Object.freeze([...types, "null"]),
      ...(values && !values.includes(null) && { enum: Object.freeze([...values, null]) }),
    });
  }
  return make("nullable", { anyOf: Object.freeze([d, make("null", { type: "null" })]) }, keepTags);
}

function isAnnotation(key: string): boolean {
  return ANNOTATION_KEYS.includes(key);
}
