/**
 * `tooltype/dialects`: each provider's JSON Schema dialect as a value for `toJSONSchema(d, { target })`,
 * so a bundle carries only the writers it names.
 *
 * @example
 * import { toJSONSchema } from "tooltype/schema";
 * import { openaiStrict } from "tooltype/dialects";
 * toJSONSchema(t.object({ city: t.optional(t.string()) }), { target: openaiStrict });
 * // { type: "object", properties: { city: { type: ["string", "null"] } }, required: ["city"], additionalProperties:
 * // false }
 */
export { draft202012, openai, anthropic, mcp } from "./plain.js";
export { openaiStrict, anthropicStrict } from "./strict.js";
export { gemini, geminiJSON, GEMINI_UNROLL } from "./gemini.js";
export { ConversionError, type ConversionWarning, type IssueKind, type Dialect } from "./warnings.js";
export { isObjectRoot, WRAPPER_KEY } from "./wrap.js";
export type { Encodings } from "./encodings.js";
