import { Kind, OptionalMark, SourceDefault } from "./symbols.js";

export { Kind, OptionalMark, Named, RefTarget, isDescriptor } from "./symbols.js";

/**
 * A runtime type descriptor: a frozen draft-2020-12 JSON Schema object (its own enumerable keys)
 * tagged with symbols, with its static types carried type-only. Plain data: `compile(d)` makes its guard
 * (a Standard Schema), `toJSONSchema(d)` its JSON.
 *
 * @example
 * const d: Descriptor<string> = t.string();
 * JSON.stringify(d); // '{"type":"string"}'
 */
export interface Descriptor<Out = unknown, In = Out> {
  readonly [Kind]: string;
  /** Type-only: the decoded type (`Out`) and the JSON wire type (`In`). Never present at run time. */
  readonly "~types"?: { readonly output: Out; readonly input: In };
}

/**
 * Marks a descriptor as optional inside `t.object`.
 *
 * @example
 * const days: TNumber & OptionalFlag = t.optional(t.integer());
 */
export interface OptionalFlag {
  readonly [OptionalMark]: true;
}

/**
 * Marks a descriptor whose options gave a `default`.
 *
 * @example
 * const unit: TString & DefaultFlag<"celsius"> = t.string({ default: "celsius" });
 */
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

/**
 * Makes a frozen descriptor from JSON Schema keys plus symbol tags. Internal to the builders.
 * Keys whose value is `undefined` are left out so the schema stays plain JSON. Whether a `default` is a
 * value of the type is checked where the type is compiled (`compile`, `tool`), not here: that needs the guard.
 */
export function make<D>(kind: string, schema: Record<string, unknown>, tags?: Partial<Record<symbol, unknown>>): D {
  const d: Record<string | symbol, unknown> = {};
  for (const key of Object.keys(schema)) if (schema[key] !== undefined) d[key] = schema[key];
  d[Kind] = kind;
  if (tags) for (const sym of Object.getOwnPropertySymbols(tags)) d[sym] = tags[sym];
  return Object.freeze(d) as D;
}

/** Copies a descriptor, its symbol tags included, with some keys or tags changed. Internal. */
export function derive<D>(
  base: Descriptor,
  schema: Record<string, unknown>,
  tags?: Partial<Record<symbol, unknown>>,
): D {
  const merged: Record<string, unknown> = { ...base };
  for (const key of Object.keys(schema)) merged[key] = schema[key];
  const allTags: Partial<Record<symbol, unknown>> = {};
  for (const sym of Object.getOwnPropertySymbols(base)) allTags[sym] = (base as never)[sym];
  if (tags) for (const sym of Object.getOwnPropertySymbols(tags)) allTags[sym] = tags[sym];
  // A default given here is a source default functionToTool writes as the function has it (Python's
  // `None` beside a list is written null): marked, so compile does not refuse it.
  if ("default" in schema) allTags[SourceDefault] = true;
  return make<D>(base[Kind], merged, allTags);
}
