import type { StandardSchemaV1 } from "../standard-schema.js";
import { standardProps } from "../guard/standard.js";
import { Kind, OptionalMark } from "./symbols.js";
import { checkDefault } from "./options.js";

export { Kind, OptionalMark, Named, RefTarget, isDescriptor } from "./symbols.js";

/**
 * A runtime type descriptor: a frozen draft-2020-12 JSON Schema object (its own enumerable keys)
 * tagged with symbols, with its static types carried type-only.
 *
 * @example
 * const d: Descriptor<string> = t.string();
 * JSON.stringify(d); // '{"type":"string"}'
 */
export interface Descriptor<Out = unknown, In = Out> {
  readonly [Kind]: string;
  /** Type-only: the decoded type (`Out`) and the JSON wire type (`In`). Never present at run time. */
  readonly "~types"?: { readonly output: Out; readonly input: In };
  /** Standard Schema v1: lets other libraries validate with this descriptor. */
  readonly "~standard": StandardSchemaV1.Props<In, In>;
}

/** Marks a descriptor as optional inside `t.object`. */
export interface OptionalFlag {
  readonly [OptionalMark]: true;
}

/** Marks a descriptor whose options gave a `default`. */
export interface DefaultFlag<V> {
  readonly default: V;
}

/** Adds `DefaultFlag` when the options object passed to a builder has a `default`. */
export type WithDefault<O> = O extends { readonly default: infer V } ? DefaultFlag<V> : unknown;

/**
 * The decoded static type of a descriptor: what a tool's function receives
 * (`Date` for `t.datetime()`, `Set` for `t.set()`).
 *
 * @example
 * const Point = t.object({ x: t.number(), y: t.number() });
 * type Point = Infer<typeof Point>; // { x: number; y: number }
 */
export type Infer<D> = D extends { readonly "~types"?: { readonly output: infer O } } ? O : unknown;

/**
 * The JSON wire type of a descriptor: what the model sends and what a guard's predicate narrows to
 * (`string` for `t.datetime()`, an array for `t.set()`).
 *
 * @example
 * type Wire = InferJSON<typeof t.datetime>; // string
 */
export type InferJSON<D> = D extends { readonly "~types"?: { readonly input: infer I } } ? I : unknown;

const standardCache = new WeakMap<object, StandardSchemaV1.Props>();

// Shared prototype: `~standard` lives here so it is neither enumerable nor emitted by JSON.stringify.
const DescriptorPrototype: object = Object.create(Object.prototype, {
  "~standard": {
    get(this: Descriptor) {
      let props = standardCache.get(this);
      if (!props) standardCache.set(this, (props = standardProps(this)));
      return props;
    },
  },
});

/**
 * Makes a frozen descriptor from JSON Schema keys plus symbol tags. Internal to the builders.
 * Keys whose value is `undefined` are left out so the schema stays plain JSON. A `default` must be
 * a value of the type (the builder is named after the kind).
 */
export function make<D>(kind: string, schema: Record<string, unknown>, tags?: Partial<Record<symbol, unknown>>): D {
  const d = build<D>(kind, schema, tags);
  if (schema.default !== undefined) checkDefault(kind, d as object);
  return d;
}

function build<D>(kind: string, schema: Record<string, unknown>, tags?: Partial<Record<symbol, unknown>>): D {
  const d = Object.create(DescriptorPrototype);
  for (const key of Object.keys(schema)) if (schema[key] !== undefined) d[key] = schema[key];
  d[Kind] = kind;
  if (tags) for (const sym of Object.getOwnPropertySymbols(tags)) d[sym] = tags[sym];
  return Object.freeze(d);
}

/** Copies a descriptor, its symbol tags included, with some keys or tags changed. Internal. */
export function derive<D>(base: Descriptor, schema: Record<string, unknown>, tags?: Partial<Record<symbol, unknown>>): D {
  const merged: Record<string, unknown> = { ...base };
  for (const key of Object.keys(schema)) merged[key] = schema[key];
  const allTags: Partial<Record<symbol, unknown>> = {};
  for (const sym of Object.getOwnPropertySymbols(base)) allTags[sym] = (base as never)[sym];
  if (tags) for (const sym of Object.getOwnPropertySymbols(tags)) allTags[sym] = tags[sym];
  // Not checked again: the base's default was checked when it was made, and one given here is a source
  // default functionToTool writes as the function has it (seed 001 writes `None` beside a list as null).
  return build<D>(base[Kind], merged, allTags);
}
