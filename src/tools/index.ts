/**
 * `tooltype/tools`: tools from typed definitions, their provider formats one by one, the registry, and
 * running a model's calls safely. Reading a plain function is `tooltype/source`.
 *
 * @example
 * import { t } from "tooltype/t";
 * import { tool, toOpenAIFormat, OPENAI_RULES } from "tooltype/tools";
 * const weather = tool({
 *   name: "get_weather",
 *   description: "Weather for a city.",
 *   parameters: t.object({ city: t.string() }),
 *   execute: ({ city }) => city,
 * });
 * toOpenAIFormat(weather, { strict: true, dialect: OPENAI_RULES });
 * await weather.execute('{"city":"Paris"}'); // { success: true, value: "Paris" }
 */
export {
  Tool,
  type AnyTool,
  type ToolClass,
  type ToolDefinition,
  type Logger,
  type RunOptions,
  type LogLevel,
  type ElicitSchema,
  type Elicited,
  type SampleRequest,
  type SampleContent,
  type SampleResult,
} from "./tool.js";
export { tool, type ArgsOf, type TypedToolDefinition } from "./define.js";
export { withJSONSchema, type WithJSONSchema, type GuardBuilder } from "./parameters.js";
export {
  toAISDKTool,
  toAgentsTool,
  ToolCallError,
  type AISDKTool,
  type AISDKModelOutput,
  type JSONValue,
  type AgentsToolOptions,
  type ToolInputSchema,
} from "./frameworks.js";
export { ToolRegistry, TOOLS_PER_REQUEST_WARNING, TOOL_LIMITS, type RegistryFormatOptions } from "./registry.js";
export type { ToolResult } from "./result.js";
export { toolTokens, type ToolTokens, type ToolTokensOptions } from "./tokens.js";
export { modelOutput, isModelOutput, type ModelOutput, type OutputPart, type ModelPart } from "./output.js";
export type { ToolCall, ToolCaller, CallResult, ExecuteAllOptions } from "./call.js";
export {
  toOpenAIFormat,
  toResponsesFormat,
  toAnthropicFormat,
  toAnthropicTools,
  anthropicStrictIssues,
  ANTHROPIC_STRICT_LIMITS,
  OPENAI_RULES,
  ANTHROPIC_RULES,
  GEMINI_RULES,
  MCP_RULES,
  toGeminiFormat,
  toMCPFormat,
  checkTool,
  type FormatOptions,
  type AnthropicFormatOptions,
  type SchemaRules,
  type DialectRules,
  type ToolFormat,
  type FormatOf,
  type ToolIssue,
  type OpenAITool,
  type ResponsesTool,
  type AnthropicTool,
  type GeminiFunctionDeclaration,
  type MCPTool,
} from "./provider-formats.js";
