/**
 * tooltype: turn functions into LLM tools. This entry point re-exports the public surface; every module
 * is free of side effects, so a bundler keeps only what is imported.
 */
export * as t from "./t/index.js";
export { Kind, isDescriptor } from "./t/symbols.js";
export type { Descriptor, Infer, InferJSON, OptionalFlag, DefaultFlag } from "./t/descriptor.js";
export type { StringOptions, NumberOptions, ArrayOptions, ObjectOptions, Annotations } from "./t/options.js";
export type { TString, TNumber, TBoolean, TNull, TAny } from "./t/primitives.js";
export type { TDateTime, TDate, TTime, TBytes } from "./t/formats.js";
export type { TEnum, Primitive } from "./t/literal.js";
export type { TArray, TSet, TTuple } from "./t/array.js";
export type { TObject, TRecord, Properties } from "./t/object.js";
export type { TNullable } from "./t/modifiers.js";
export type { TUnion } from "./t/union.js";
export { toJSONSchema, type Target, type ToJSONSchemaOptions } from "./schema/to-json-schema.js";
export type { JSONSchema } from "./schema/json-schema.js";
export { compile, ValidationError, type Guard, type GuardType, type CompileOptions } from "./guard/compile.js";
export { SchemaError } from "./guard/ir.js";
export { allowsEval } from "./util/allows-eval.js";
export { FORMATS, type FormatCheck } from "./guard/formats.js";
export type { Issue, IssueCode } from "./guard/issue.js";
export type { StandardSchemaV1 } from "./standard-schema.js";
export { Tool, type AnyTool, type ToolDefinition, type Logger } from "./tool/tool.js";
export type { ToolResult } from "./tool/result.js";
export { functionToTool, functionToToolFromSource, function_to_tool, type FunctionToToolOptions } from "./tool/function-to-tool.js";
export { tool, toolsFrom, type ArgsOf, type TypedToolDefinition, type ToolDecoratorOptions } from "./tool/define.js";
export { ToolRegistry, TOOLS_PER_REQUEST_WARNING } from "./tool/registry.js";
export { SourceError } from "./tool/read-function.js";
export type { FormatOptions, OpenAITool, ResponsesTool, AnthropicTool, GeminiFunctionDeclaration, MCPTool } from "./tool/formats.js";
export { ConversionError, type ConversionWarning } from "./schema/targets/index.js";
export { readType, typeText } from "./tool/type-text.js";
export { parseDocstring, type Docstring } from "./tool/docstring.js";
export { createPartialJSONParser, type PartialJSONParser } from "./calls/partial-json.js";
export type { ToolCall, CallResult, ExecuteAllOptions } from "./tool/call.js";
export type { Provider, ProviderAdapter, ToolChoice, RequestOptions } from "./calls/types.js";
export { parseToolCalls, toToolMessages } from "./calls/parse.js";
export { createToolCallStream, type ToolCallStream, type PartialToolCall } from "./calls/stream.js";
export { runTools, type RunToolsOptions, type RunToolsResult, type ToolStep } from "./calls/run-tools.js";
export { ADAPTERS, adapterOf } from "./calls/providers/index.js";
export { mcpHandlers, mcpCallResult, mcpValidator, type MCPCallResult } from "./calls/mcp-server.js";
