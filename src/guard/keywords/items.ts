// `items`: the schema of an array's items after `prefixItems` (`./array-walk.ts` checks them), with draft-07 tuples:
// `items` as a list, `additionalItems` for the rest (TypeBox 0.34 writes these).
import { arrayCheck } from "./array-walk.js";
import type { KeywordDeclaration } from "./keyword.js";
import { readList, refuse } from "./read.js";

/**
 * `items` (a schema, or draft-07's list read as `prefixItems`) and draft-07's `additionalItems`.
 *
 * @example
 * items.keys; // ["items", "additionalItems"]
 */
export const items = {
  keys: ["items", "additionalItems"],
  applies: "array",
  // The walk of `prefixItems`, `items`, `minItems` and `maxItems` together.
  check: arrayCheck,
  schemas: "one",
  place: "child",
  read(schema, node, at, reader) {
    const { items, additionalItems } = schema;
    if (Array.isArray(items)) {
      if (schema.prefixItems !== undefined)
        throw refuse(`both "prefixItems" and an array "items"`, at, "(a tuple is one or the other)");
      node.prefixItems = readList(items, "items", at, reader);
      if (additionalItems !== undefined) node.items = reader.read(additionalItems, `${at}/additionalItems`);
    } else if (additionalItems !== undefined) {
      throw refuse(`"additionalItems"`, at, `needs "items" to be an array (draft-07); use "prefixItems" and "items"`);
    } else if (items !== undefined) node.items = reader.read(items, `${at}/items`);
  },
} satisfies KeywordDeclaration;
