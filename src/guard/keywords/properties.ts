// `properties`: the schemas of an object's named properties (`./object-walk.ts` checks them, with `required`).
import { pointerSegment } from "../../util/pointer.js";
import type { KeywordDeclaration } from "./keyword.js";
import { objectCheck } from "./object-walk.js";
import { mustBe } from "./read.js";

/**
 * `properties`: an object of schemas. Each property is marked required when `required` (beside it) names it.
 *
 * @example
 * properties.keys; // ["properties"]
 */
export const properties = {
  keys: ["properties"],
  applies: "object",
  // The walk of `properties`, `required`, `additionalProperties`, `patternProperties`, `propertyNames`,
  // `minProperties` and `maxProperties` together.
  check: objectCheck,
  schemas: "map",
  place: "child",
  read(schema, node, at, reader) {
    const map = schema.properties;
    if (typeof map !== "object" || map === null) throw mustBe("properties", at, "an object", map);
    // One Set, read once: a lookup per property stays constant however long the list is. (`./required.ts` refuses a
    // `required` that is not a list of names.)
    const required = new Set(Array.isArray(schema.required) ? (schema.required as unknown[]) : []);
    const byName = map as Record<string, unknown>;
    node.properties = Object.keys(byName).map((key) => ({
      key,
      node: reader.read(byName[key], `${at}/properties/${pointerSegment(key)}`),
      required: required.has(key),
    }));
  },
} satisfies KeywordDeclaration;
