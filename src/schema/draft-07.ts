// Keys whose value is a subschema, a list of subschemas, or a map of subschemas.
const SCHEMA = [
  "items",
  "additionalItems",
  "additionalProperties",
  "not",
  "contains",
  "propertyNames",
  "if",
  "then",
  "else",
];
const SCHEMA_LIST = ["prefixItems", "items", "anyOf", "oneOf", "allOf"];
const SCHEMA_MAP = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];

/**
 * Rewrites draft 2020-12 JSON Schema as draft-07, in place, for consumers that read only the older draft:
 * a tuple's `prefixItems` and `items` become `items` (a list) and `additionalItems`; `$defs` become
 * `definitions`, and `$ref`s into them follow. Everything else means the same in both.
 *
 * @example
 * toDraft07({ type: "array", prefixItems: [{ type: "string" }], items: false });
 * // { type: "array", items: [{ type: "string" }], additionalItems: false }
 */
export function toDraft07(schema: Record<string, unknown>): Record<string, unknown> {
  const pending: unknown[] = [schema];
  while (pending.length) {
    const s = pending.pop() as Record<string, unknown>;
    if (typeof s !== "object" || s === null || Array.isArray(s)) continue;
    if (Array.isArray(s.prefixItems)) {
      const rest = s.items;
      s.items = s.prefixItems;
      delete s.prefixItems;
      if (rest !== undefined) s.additionalItems = rest;
    }
    if (typeof s.$defs === "object" && s.$defs !== null && s.definitions === undefined) {
      s.definitions = s.$defs;
      delete s.$defs;
    }
    if (typeof s.$ref === "string" && s.$ref.startsWith("#/$defs/")) s.$ref = `#/definitions/${s.$ref.slice(8)}`;
    for (const key of SCHEMA) if (!Array.isArray(s[key])) pending.push(s[key]);
    for (const key of SCHEMA_LIST) if (Array.isArray(s[key])) pending.push(...(s[key] as unknown[]));
    for (const key of SCHEMA_MAP) {
      const map = s[key];
      if (typeof map === "object" && map !== null) pending.push(...Object.values(map));
    }
  }
  return schema;
}
