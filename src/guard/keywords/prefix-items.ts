// `prefixItems`: the schemas of an array's first items, in order (`./array-walk.ts` checks them with `items`).
import type { KeywordDeclaration } from "./keyword.js";
import { mustBe, readList } from "./read.js";

/**
 * `prefixItems`: an array of schemas (draft-07 writes it as an array `items`: `./items.ts`).
 *
 * @example
 * prefixItems.keys
 * // ["prefixItems"]
 */
export const prefixItems = {
  keys: ["prefixItems"],
  schemas: "list",
  place: "child",
  read(schema, node, at, reader) {
    const list = schema.prefixItems;
    if (!Array.isArray(list)) throw mustBe("prefixItems", at, "an array of schemas", list);
    node.prefixItems = readList(list, "prefixItems", at, reader);
  },
} satisfies KeywordDeclaration;
