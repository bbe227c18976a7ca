import type { JSONSchema } from "../../schema/json-schema.js";
import type { FormatOptions, FormattableTool } from "../format-types.js";
import { checkName, fullDescription, rulesFor, schemaFor } from "../format-rules.js";
import { OPENAI_NAMES, OPENAI_PLAIN } from "./openai.js";
import { CODE_EXECUTION, sendableCallers } from "./callers.js";

/**
 * An OpenAI Responses API function tool.
 *
 * @example
 * {
 *   type: "function",
 *   name: "get_weather",
 *   description: "Current weather for a city.",
 *   parameters: { type: "object", ... },
 *   strict: false,
 * }
 */
export interface ResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: JSONSchema;
  strict: boolean;
  defer_loading?: boolean;
  /**
   * Who may call it: `"direct"` (the model) and `"programmatic"` (a program run by the `programmatic_tool_calling`
   * tool).
   */
  allowed_callers?: ("direct" | "programmatic")[];
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
  const { dialect, strict } = rulesFor(tool, OPENAI_PLAIN, "responses", options);
  // allowed_callers: "direct" and "programmatic" (`FunctionTool.allowed_callers` in the openai SDK's Responses
  // types); Anthropic's code-execution names mean the same, a program the provider runs calling the tool.
  const callers = sendableCallers(tool, "responses", options, (caller) =>
    caller === "direct" || caller === "programmatic"
      ? caller
      : CODE_EXECUTION.test(caller)
        ? ("programmatic" as const)
        : undefined,
  );
  return {
    type: "function",
    name,
    description: fullDescription(tool),
    parameters: schemaFor(tool, tool.parameters, dialect, "responses", options),
    strict,
    ...(tool.defer && { defer_loading: true }),
    ...(callers && { allowed_callers: callers }),
  };
}
