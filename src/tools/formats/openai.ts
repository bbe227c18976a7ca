import type { JSONSchema } from "../../schema/json-schema.js";
import { openai } from "../../schema/dialects/plain.js";
import { openaiStrict } from "../../schema/dialects/strict.js";
import type { DialectRules, FormatOptions, FormattableTool } from "../format-types.js";
import { checkName, fullDescription, rulesFor, schemaFor } from "../format-rules.js";
import { noCallers } from "./callers.js";

/**
 * An OpenAI Chat Completions function tool.
 *
 * @example
 * {
 *   type: "function",
 *   function: {
 *     name: "get_weather",
 *     description: "Current weather for a city.",
 *     parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
 *   },
 * }
 */
export interface OpenAITool {
  type: "function";
  function: { name: string; description: string; parameters: JSONSchema; strict?: boolean };
}

// OpenAI's rule for tool names: "a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64"
// (https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools, function.name).
/** The tool names OpenAI takes (Chat Completions and Responses). @example OPENAI_NAMES.test("get_weather"); // true */
export const OPENAI_NAMES = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * OpenAI's schema rules, plain and strict (Structured Outputs): what the root entry's `toOpenAIFormat` and
 * `toResponsesFormat` write in. On a lean entry, pass them to go strict (its formats carry the plain writer only).
 *
 * @example
 * toOpenAIFormat(weather, { strict: true, dialect: OPENAI_RULES });
 * toAnthropicFormat(weather, { dialect: OPENAI_RULES }); // OpenAI's rules behind Anthropic's wire
 */
export const OPENAI_RULES: DialectRules = { plain: openai, strict: openaiStrict };

/**
 * OpenAI's plain rules alone: what a lean entry's `toOpenAIFormat` and `toResponsesFormat` write in by default, so
 * that a program that never goes strict carries no strict writer.
 *
 * @example
 * toOpenAIFormat(weather, { dialect: OPENAI_PLAIN }); // the same as toOpenAIFormat(weather)
 */
export const OPENAI_PLAIN: DialectRules = { plain: openai };

/**
 * OpenAI's function tool; with `strict`, its strict form (every property required, closed objects, `strict: true`),
 * written by the strict rules given as `dialect` (`OPENAI_RULES`; the root entry passes them itself).
 *
 * @example
 * const weather = tool({
 *   name: "get_weather",
 *   description: "Current weather for a city.",
 *   parameters: t.object({ city: t.string() }),
 *   execute: ({ city }) => city,
 * });
 * toOpenAIFormat(weather, { strict: true, dialect: OPENAI_RULES });
 * // { type: "function", function: { name: "get_weather", description: "Current weather for a city.",
 * // parameters: { type: "object", properties: { city: { type: "string" } }, additionalProperties: false, required:
 * // ["city"] }, strict: true } }
 */
export function toOpenAIFormat(tool: FormattableTool, options: FormatOptions = {}): OpenAITool {
  const name = checkName(tool, "openai", OPENAI_NAMES);
  const { dialect, strict } = rulesFor(tool, OPENAI_PLAIN, "openai", options);
  const parameters = schemaFor(tool, tool.parameters, dialect, "openai", options);
  noCallers(tool, "openai", options);
  return {
    type: "function",
    function: { name, description: fullDescription(tool), parameters, ...(strict && { strict: true }) },
  };
}
