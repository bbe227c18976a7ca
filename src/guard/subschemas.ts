// The sub-schemas of a raw schema object, where the keywords declare them (`./keywords/index.ts`): what the walks
// over a schema before it is read follow (`$id` resources, descriptors' defaults).
import { pointerSegment } from "../util/pointer.js";
import { slotOf } from "./keywords/index.js";

/**
 * Calls `visit` with each sub-schema object a schema object holds under a keyword, and its JSON Pointer below `at`.
 * Values that are not objects (`true`, `false`, a name list under draft-07's `dependencies`) are not visited as
 * schemas.
 *
 * @example
 * eachSubschema({ items: { type: "string" }, anyOf: [{}, true] }, "#", (schema, at) => console.log(at));
 * // #/items, then #/anyOf/0
 */
export function eachSubschema(
  schema: Readonly<Record<string, unknown>>,
  at: string,
  visit: (subschema: object, at: string) => void,
): void {
  for (const key of Object.keys(schema)) {
    const slot = slotOf(key);
    const value = schema[key];
    if (slot === undefined || typeof value !== "object" || value === null) continue;
    if (Array.isArray(value)) {
      if (slot !== "map") value.forEach((item, i) => void visitObject(item, `${at}/${key}/${i}`, visit));
    } else if (slot !== "map") visit(value, `${at}/${key}`);
    else {
      const byName = value as Readonly<Record<string, unknown>>;
      for (const name of Object.keys(byName)) visitObject(byName[name], `${at}/${key}/${pointerSegment(name)}`, visit);
    }
  }
}

function visitObject(value: unknown, at: string, visit: (subschema: object, at: string) => void): void {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) visit(value, at);
}
