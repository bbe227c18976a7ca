import { isDescriptor, make, type Descriptor, type Infer, type InferJSON, type WithDefault } from "./descriptor.js";
import { ANNOTATION_KEYS, ARRAY_KEYS, schemaOptions, type ArrayOptions } from "./options.js";
import { string, type TString } from "./primitives.js";

/** A `t.array(item)` descriptor. @example const scores: TArray<TNumber> = t.array(t.integer()); */
export type TArray<I extends Descriptor> = Descriptor<Infer<I>[], InferJSON<I>[]> & {
  readonly type: "array";
  readonly items: I;
};
/**
 * A `t.set(item)` descriptor: a `Set` in code, an array of unique items on the wire.
 *
 * @example
 * const tags: TSet<TString> = t.set(t.string());
 */
export type TSet<I extends Descriptor> = Descriptor<Set<Infer<I>>, InferJSON<I>[]> & {
  readonly type: "array";
  readonly uniqueItems: true;
};
/**
 * A `t.tuple([...], rest?)` descriptor (`Rest` is `undefined` for a fixed tuple).
 *
 * @example
 * const point: TTuple<[TNumber, TNumber]> = t.tuple([t.number(), t.number()]);
 * const row: TTuple<[TString], TNumber> = t.tuple([t.string()], t.number());
 */
export type TTuple<Items extends readonly Descriptor[], Rest = undefined> = Descriptor<
  [...{ -readonly [K in keyof Items]: Infer<Items[K]> }, ...([Rest] extends [Descriptor] ? Infer<Rest>[] : [])],
  [...{ -readonly [K in keyof Items]: InferJSON<Items[K]> }, ...([Rest] extends [Descriptor] ? InferJSON<Rest>[] : [])]
> & { readonly type: "array" };

function itemOf(builder: string, item: Descriptor | undefined): Descriptor {
  if (item === undefined) return string();
  if (!isDescriptor(item)) throw new TypeError(`t.${builder}: the item type must be a descriptor such as t.string()`);
  return item;
}

/**
 * A list: `{"type":"array","items":...}`; without an item type, a list of strings.
 *
 * @example
 * t.array(t.integer(), { minItems: 1, description: "Scores" });
 */
/* @__NO_SIDE_EFFECTS__ */
export function array<I extends Descriptor = TString, const O extends ArrayOptions<Infer<I>[]> = {}>(
  item?: I,
  options?: O,
): TArray<I> & WithDefault<O> {
  return make("array", { type: "array", items: itemOf("array", item), ...schemaOptions("array", options, ARRAY_KEYS) });
}

/**
 * A set: an array with `"uniqueItems": true` (items compared deeply). Tools receive a `Set`.
 *
 * @example
 * t.set(t.string(), { description: "Tags" });
 */
/* @__NO_SIDE_EFFECTS__ */
export function set<I extends Descriptor = TString, const O extends ArrayOptions<Infer<I>[] | Set<Infer<I>>> = {}>(
  item?: I,
  options?: O,
): TSet<I> & WithDefault<O> {
  return make("set", {
    type: "array",
    items: itemOf("set", item),
    uniqueItems: true,
    ...schemaOptions("set", options, ARRAY_KEYS),
  });
}

/**
 * A fixed-length tuple (`prefixItems` with `minItems` = `maxItems` = its length), or, with a rest
 * item, a tuple followed by any number of rest items. `t.tuple([], rest)` is a plain array of `rest`.
 *
 * @example
 * t.tuple([t.number(), t.number()], { description: "Latitude and longitude" });
 * t.tuple([t.string()], t.integer()); // a name then any number of integers
 */
export function tuple<const Items extends readonly Descriptor[], const O extends ArrayOptions<unknown[]> = {}>(
  items: Items,
  options?: O,
): TTuple<Items> & WithDefault<O>;
export function tuple<
  const Items extends readonly Descriptor[],
  Rest extends Descriptor,
  const O extends ArrayOptions<unknown[]> = {},
>(items: Items, rest: Rest, options?: O): TTuple<Items, Rest> & WithDefault<O>;
/* @__NO_SIDE_EFFECTS__ */
export function tuple(
  items: readonly Descriptor[],
  restOrOptions?: Descriptor | object,
  maybeOptions?: object,
): Descriptor {
  if (!Array.isArray(items) || !items.every(isDescriptor))
    throw new TypeError("t.tuple: the first argument must be an array of descriptors");
  const rest = isDescriptor(restOrOptions) ? restOrOptions : undefined;
  // A fixed tuple's length is its own; only a tuple with a rest item takes minItems / maxItems.
  const options = schemaOptions("tuple", rest ? maybeOptions : restOrOptions, rest ? ARRAY_KEYS : ANNOTATION_KEYS);
  const n = items.length;
  const prefixItems = Object.freeze([...items]);
  // `prefixItems` must not be empty (draft 2020-12's meta-schema), so `t.tuple([])` is `maxItems: 0` alone.
  if (!rest)
    return make("tuple", {
      type: "array",
      prefixItems: n ? prefixItems : undefined,
      minItems: n,
      maxItems: n,
      ...options,
    });
  if (n === 0) return make("tuple", { type: "array", items: rest, ...options });
  return make("tuple", {
    type: "array",
    prefixItems,
    items: rest,
    minItems: n,
    ...options,
    ...(options.minItems !== undefined && { minItems: Math.max(n, options.minItems as number) }),
  });
}
