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
export { toJSONSchema, dialectIssues, compile, functionToTool, function_to_tool, functionToToolFromSource, tool, toolsFrom, DIALECTS, type Target } from "./batteries.js";
export { fromJSONSchema, toDraft07, typeText, shareRepeated, repeatedSchemas, type RepeatedSchema, type ToJSONSchemaOptions, type JSONSchema, ConversionError, type ConversionWarning, type IssueKind, type Dialect } from "./schema/index.js";
export { ValidationError, standard, SchemaError, untrusted, patternHazard, type Untrusted, type IgnoredKeyword, dynamicScope, type DynamicScope, FORMATS, IDN_FORMATS, type Guard, type GuardType, type CompileOptions, type Jit, type GuardStandardProps, type StandardJSONSchemaOptions, type FormatCheck, type Issue, type IssueCode, type StandardSchemaV1 } from "./guard/index.js";
export { jit } from "./guard/jit.js";
export { allowsEval } from "./util/allows-eval.js";
export { Tool, ToolRegistry } from "./tools/methods.js";
export {
  TOOLS_PER_REQUEST_WARNING, TOOL_LIMITS, toolTokens, type ToolTokens, type ToolTokensOptions, modelOutput, isModelOutput, type ModelOutput, type OutputPart, type ModelPart, withJSONSchema, type WithJSONSchema, toOpenAIFormat, toResponsesFormat, toAnthropicFormat, toAnthropicTools, anthropicStrictIssues, ANTHROPIC_STRICT_LIMITS, toGeminiFormat, toMCPFormat, checkTool,
  toAISDKTool, toAgentsTool, ToolCallError, type AISDKTool, type AgentsToolOptions, type ToolInputSchema,
  type AnyTool, type ToolClass, type ToolDefinition, type Logger, type RunOptions, type ArgsOf, type TypedToolDefinition, type ToolResult, type ToolCall, type CallResult, type ExecuteAllOptions,
  type FormatOptions, type AnthropicFormatOptions, type SchemaRules, type RegistryFormatOptions, type ToolFormat, type ToolIssue, type OpenAITool, type ResponsesTool, type AnthropicTool, type GeminiFunctionDeclaration, type MCPTool,
} from "./tools/index.js";
export { SourceError, readType, parseDocstring, type FunctionToToolOptions, type ToolDecoratorOptions, type Docstring } from "./source/index.js";
export * from "./calls/index.js";
export * from "./agent/index.js";
export * from "./mcp/index.js";
