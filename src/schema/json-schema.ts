/**
 * A JSON Schema object as plain JSON (draft 2020-12 unless a target says otherwise).
 *
 * @example
 * const schema: JSONSchema = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };
 */
export interface JSONSchema {
  [keyword: string]: unknown;
}
