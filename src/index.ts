/**
 * tooltype: turn functions into LLM tools. The root entry is the batteries-included one: every public name,
 * dialects by name, `compile` with generated code where eval is allowed. Every module is free of side
 * effects, so a bundler keeps only what is imported; the lean entries (`tooltype/t`, `tooltype/schema`,
 * `tooltype/dialects`, `tooltype/guard`, `tooltype/jit`, `tooltype/tools`, `tooltype/source`,
 * `tooltype/calls`, `tooltype/agent`, `tooltype/mcp`, `tooltype/builtins`) are the same modules.
 *
 * @example
 * import { t, tool, toJSONSchema, compile } from "tooltype";
 */
export * from "./t/index.js";
export {
  toJSONSchema,
  dialectIssues,
  compile,
  functionToTool,
  function_to_tool,
  functionToToolFromSource,
  tool,
  toolsFrom,
  DIALECTS,
  type Target,
} from "./batteries.js";
export {
  fromJSONSchema,
  toDraft07,
  typeText,
  shareRepeated,
  repeatedSchemas,
  type RepeatedSchema,
  type ToJSONSchemaOptions,
  type JSONSchema,
  ConversionError,
  type ConversionWarning,
  type IssueKind,
  type Dialect,
} from "./schema/index.js";
export {
  ValidationError,
  compileDescriptor,
  type CompileDescriptorOptions,
  standard,
  SchemaError,
  untrusted,
  patternHazard,
  type Untrusted,
  type IgnoredKeyword,
  dynamicScope,
  type DynamicScope,
  FORMATS,
  IDN_FORMATS,
  META_SCHEMAS_2020_12,
  vocabularies,
  type Vocabularies,
  type Guard,
  type GuardType,
  type CompileOptions,
  type Jit,
  type GuardStandardProps,
  type StandardJSONSchemaOptions,
  type FormatCheck,
  type Issue,
  type IssueCode,
  type StandardSchemaV1,
} from "./guard/index.js";
export { jit } from "./guard/jit.js";
export { allowsEval } from "./util/allows-eval.js";
export { Tool, ToolRegistry } from "./tools/methods.js";
export {
  toOpenAIFormat,
  toResponsesFormat,
  toAnthropicFormat,
  toAnthropicTools,
  anthropicStrictIssues,
  toGeminiFormat,
  toMCPFormat,
  checkTool,
  toolTokens,
} from "./tools/named-rules.js";
export {
  TOOLS_PER_REQUEST_WARNING,
  TOOL_LIMITS,
  type ToolTokens,
  type ToolTokensOptions,
  modelOutput,
  isModelOutput,
  type ModelOutput,
  type OutputPart,
  type ModelPart,
  withJSONSchema,
  type WithJSONSchema,
  ANTHROPIC_STRICT_LIMITS,
  OPENAI_RULES,
  ANTHROPIC_RULES,
  GEMINI_RULES,
  MCP_RULES,
  toAISDKTool,
  toAgentsTool,
  ToolCallError,
  type AISDKTool,
  type AISDKModelOutput,
  type JSONValue,
  type AgentsToolOptions,
  type ToolInputSchema,
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
  type ArgsOf,
  type TypedToolDefinition,
  type GuardBuilder,
  type ToolResult,
  type ToolCall,
  type ToolCaller,
  type CallResult,
  type ExecuteAllOptions,
  type FormatOptions,
  type AnthropicFormatOptions,
  type SchemaRules,
  type DialectRules,
  type RegistryFormatOptions,
  type ToolFormat,
  type FormatOf,
  type ToolIssue,
  type OpenAITool,
  type ResponsesTool,
  type AnthropicTool,
  type GeminiFunctionDeclaration,
  type MCPTool,
} from "./tools/index.js";
export {
  SourceError,
  readType,
  parseDocstring,
  type FunctionToToolOptions,
  type ToolDecoratorOptions,
  type Docstring,
} from "./source/index.js";
export * from "./calls/index.js";
export * from "./agent/index.js";
export * from "./mcp/index.js";
export {
  ADAPTERS,
  adapterOf,
  runTools,
  resume,
  streamTools,
  resumeStream,
  httpChat,
  parseToolCalls,
  toToolMessages,
  createToolCallStream,
  type ProviderOf,
  type ProviderMessages,
  type ProviderRequests,
} from "./named-providers.js";
export { usageOf } from "./usage-of.js";
export {
  openai,
  type OpenAIMessageToolCall,
  type OpenAIAssistantMessage,
  type OpenAIToolMessage,
  type OpenAIUserMessage,
  type OpenAITypes,
} from "./providers/openai/index.js";
export {
  responses,
  type ResponsesFunctionCallOutput,
  type ResponsesFunctionCall,
  type ResponsesAnnotation,
  type ResponsesOutputMessage,
  type ResponsesReasoningItem,
  type ResponsesOutputItem,
  type ResponsesTypes,
} from "./providers/responses/index.js";
export {
  anthropic,
  type AnthropicContentBlock,
  type AnthropicAssistantMessage,
  type AnthropicToolResultBlock,
  type AnthropicToolResultMessage,
  type AnthropicTypes,
} from "./providers/anthropic/index.js";
export { gemini, geminiBody, type GeminiPart, type GeminiContent, type GeminiTypes } from "./providers/gemini/index.js";
export { mcp, type MCPSamplingMessage, type MCPTypes } from "./providers/mcp/index.js";
export { bedrock, type BedrockMessage, type BedrockTypes } from "./providers/bedrock/index.js";
export { mistral, type MistralMessage, type MistralTypes } from "./providers/mistral/index.js";
export { ollama, type OllamaMessage, type OllamaTypes } from "./providers/ollama/index.js";
export { cohere, type CohereMessage, type CohereTypes } from "./providers/cohere/index.js";
