/**
 * `tooltype/schema`: JSON Schema out of descriptors (`toJSONSchema`, with a dialect value from
 * `tooltype/dialects` for a provider) and descriptors out of JSON Schema (`fromJSONSchema`).
 *
 * @example
 * import { t } from "tooltype/t";
 * import { toJSONSchema } from "tooltype/schema";
 * toJSONSchema(t.object({ city: t.string() }));
 * // { type: "object", properties: { city: { type: "string" } }, required: ["city"] }
 */
export { toJSONSchema, dialectIssues, type ToJSONSchemaOptions } from "./to-json-schema.js";
export { fromJSONSchema } from "./from-json-schema.js";
export { shareRepeated, repeatedSchemas, type RepeatedSchema } from "./share.js";
export { toDraft07 } from "./draft-07.js";
export { typeText } from "./type-text.js";
export type { JSONSchema } from "./json-schema.js";
export { ConversionError, type ConversionWarning, type IssueKind, type Dialect } from "./dialects/warnings.js";
