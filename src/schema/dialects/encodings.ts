// Shapes a dialect writes values in that the tool's own schema does not: what a model sends back in them is turned
// into the shape the function expects before the arguments are checked. Each dialect that writes such shapes carries
// its way back as `Dialect.encodings`, so only a program that writes in that dialect carries the way back.

type Schema = Record<string, unknown>;

/**
 * How values written in a dialect's shapes go back to the schema's own: `decode` returns the value in the schema's
 * shape when `value` is in the dialect's shape of it (undefined otherwise); `fits` tells whether `value` could be the
 * dialect's shape of a value of `schema` (used to pick a union's branch). A tool sent in such a dialect undoes them
 * before checking its arguments.
 *
 * @example
 * TUPLES_AND_MAPS.decode({ prefixItems: [{ type: "number" }, { type: "number" }] }, { "0": 1, "1": 2 }); // [1, 2]
 */
export interface Encodings {
  readonly decode: (schema: Schema, value: object) => unknown;
  readonly fits: (schema: Schema, value: object) => boolean;
}

/**
 * The strict dialects' and Gemini's shapes: a tuple as an object keyed by position (`{ "0": a, "1": b, rest?: [...]
 * }`), a record (an open object) as a list of `{ key, value }` entries.
 *
 * @example
 * TUPLES_AND_MAPS.decode({ type: "object" }, [{ key: "a", value: 1 }]); // { a: 1 }
 */
export const TUPLES_AND_MAPS: Encodings = {
  decode: (schema, value) => {
    if (Array.isArray(value))
      return isObjectSchema(schema) && isEntryList(value)
        ? Object.fromEntries(value.map((e) => [e.key, e.value]))
        : undefined;
    const prefix = prefixOf(schema);
    return prefix && isPositional(value, prefix.length)
      ? fromPositional(value as Record<string, unknown>, prefix.length)
      : undefined;
  },
  fits: (schema, value) => (Array.isArray(value) ? isObjectSchema(schema) : prefixOf(schema) !== undefined),
};

/**
 * A tuple's leading item schemas: `prefixItems`, or draft-07's array `items`; undefined when the schema has none.
 *
 * @example
 * prefixOf({ prefixItems: [{ type: "string" }] }); // [{ type: "string" }]
 */
export function prefixOf(schema: Schema): Schema[] | undefined {
  if (Array.isArray(schema.prefixItems)) return schema.prefixItems as Schema[];
  return Array.isArray(schema.items) ? (schema.items as Schema[]) : undefined;
}

function isObjectSchema(schema: Schema): boolean {
  return schema.type === "object" || (Array.isArray(schema.type) && schema.type.includes("object"));
}

function isEntryList(value: unknown[]): value is { key: string; value: unknown }[] {
  return value.every(
    (e) =>
      typeof e === "object" &&
      e !== null &&
      !Array.isArray(e) &&
      typeof (e as { key?: unknown }).key === "string" &&
      "value" in e &&
      Object.keys(e).length === 2,
  );
}

// A tuple written as { "0": ..., "1": ..., rest?: [...] }.
function isPositional(value: object, length: number): boolean {
  const keys = Object.keys(value).filter((k) => k !== "rest" || Array.isArray((value as Record<string, unknown>).rest));
  const positions = keys.filter((k) => k !== "rest");
  return (
    positions.length === length &&
    positions.every((k) => /^(0|[1-9]\d*)$/.test(k) && +k < length) &&
    keys.length >= length
  );
}

function fromPositional(value: Record<string, unknown>, length: number): unknown[] {
  const items = Array.from({ length }, (_, i) => value[String(i)]);
  return Array.isArray(value.rest) ? [...items, ...value.rest] : items;
}
