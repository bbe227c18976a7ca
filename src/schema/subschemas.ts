// Where a JSON Schema holds sub-schemas (draft 2020-12, with draft-07's tuple `additionalItems` and `definitions`):
// the one list the schema writers walk by. (The guard's keyword modules declare the same slots for its own walks; a
// test keeps the two in step.)

/** How a keyword holds sub-schemas: one schema, a list of schemas, or a map of schemas by name. */
export type SubschemaSlot = "one" | "list" | "map";

/**
 * Each keyword whose value is a sub-schema, a list of them or a map of them. `items` is `one`, and a list in
 * draft-07's tuple form: each walker says what it does with a `one` that holds an array.
 *
 * @example
 * SUBSCHEMAS.get("anyOf"); // "list"
 */
export const SUBSCHEMAS: ReadonlyMap<string, SubschemaSlot> = new Map([
  ...slots("one", "items additionalItems contains additionalProperties propertyNames unevaluatedItems"),
  ...slots("one", "unevaluatedProperties not if then else contentSchema"),
  ...slots("list", "prefixItems allOf anyOf oneOf"),
  ...slots("map", "properties patternProperties dependentSchemas $defs definitions"),
]);

function slots(slot: SubschemaSlot, keys: string): [string, SubschemaSlot][] {
  return keys.split(" ").map((key) => [key, slot]);
}
