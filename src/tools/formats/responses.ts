import type { JSONSchema } from "../../schema/json-schema.js";
import type { FormatOptions, FormattableTool } from "../format-types.js";
import { checkName, fullDescription, rulesFor, schemaFor } from "../format-rules.js";
import { OPENAI_NAMES, OPENAI_RULES } from "./openai.js";

/**
 * An OpenAI Responses API function tool.
 *
 * @example
 * { type: "function", name: "get_weather", description: "Current weather for a city.", parameters: { type: "object", ... }, strict: false }
 */
export interface ResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: JSONSchema;
  strict: boolean;
  defer_loading?: boolean;
}

/**
 * The Responses API's flat function tool; `strict` is always written, since Responses guesses when it is missing.
 *
 * @example
 * toResponsesFormat(weather);
 * // { type: "function", name: "get_weather", description: "Current weather for a city.", parameters: { type: "object",
 * // ... }, strict: false }
 */
export function toResponsesFormat(tool: FormattableTool, options: FormatOptions = {}): ResponsesTool {
  const name = checkName(tool, "responses", OPENAI_NAMES);
  const { dialect, strict } = rulesFor(tool, OPENAI_RULES, "responses", options);
  return {
    type: "function",
    name,
    description: fullDescription(tool),
    parameters: schemaFor(tool, tool.parameters, dialect, "responses", options),
    strict,
    ...(tool.defer && { defer_loading: true }),
  };
}
