import type { JSONSchema } from "../schema/json-schema.js";
import { toJSONSchema } from "../schema/to-json-schema.js";
import { anthropic, mcp, openai } from "../schema/dialects/plain.js";
import { anthropicStrict, openaiStrict } from "../schema/dialects/strict.js";
import { gemini, geminiParameters } from "../schema/dialects/gemini.js";
import type { ConversionWarning, Dialect } from "../schema/dialects/warnings.js";
import { objectRoot } from "../schema/dialects/wrap.js";
import type { ToJSONSchemaOptions } from "../schema/to-json-schema.js";
import { typeText } from "../schema/type-text.js";

/** What a format needs of a tool. */
export interface FormattableTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JSONSchema;
  readonly returns: JSONSchema | undefined;
  readonly strict: boolean;
}

/**
 * The formats of tool definitions tooltype writes, one per API (Responses is OpenAI's other API). Each
 * `Provider` (tooltype/calls) sends its tools in one of them: Mistral, Ollama, Cohere and Bedrock start from
 * OpenAI's.
 *
 * @example
 * registry.check("anthropic" satisfies ToolFormat);
 */
export type ToolFormat = "openai" | "responses" | "anthropic" | "gemini" | "mcp";

/**
 * An issue of one tool in one provider's format: a `ConversionWarning` (`path`, `message`, `kind`) with
 * the tool's name and the provider. A name the provider refuses is one, at path "".
 *
 * @example
 * { tool: "get_weather", provider: "openai", path: "/properties/days", message: 'openai-strict does not support "minimum"...', kind: "changed" }
 */
export interface ToolIssue extends ConversionWarning {
  readonly tool: string;
  readonly provider: ToolFormat;
}

/**
 * Options of the format methods.
 *
 * @example
 * toOpenAIFormat(weather, { strict: true, onIssue: (issue) => console.warn(`${issue.tool}${issue.path}: ${issue.message}`) });
 */
export interface FormatOptions {
  /** The strict form (OpenAI Structured Outputs, Anthropic strict tool use); the tool's own `strict` by default. */
  readonly strict?: boolean;
  /**
   * Receives each issue (`ToolIssue`): what the dialect changed, what the provider would refuse, advice.
   * Nothing is printed. `"error"` throws a `ConversionError` on the first. Without it, changes are not
   * reported (`checkTool` and `registry.check` list them) and a rejection throws, so nothing a provider
   * refuses is sent unannounced.
   */
  readonly onIssue?: ((issue: ToolIssue) => void) | "error";
  /** The former name of `onIssue`, kept working. */
  readonly onWarning?: ((issue: ToolIssue) => void) | "error";
}

/** An OpenAI Chat Completions function tool. @example { type: "function", function: { name: "get_weather", description: "Current weather for a city.", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } } */
export interface OpenAITool {
  type: "function";
  function: { name: string; description: string; parameters: JSONSchema; strict?: boolean };
}
/** An OpenAI Responses API function tool. @example { type: "function", name: "get_weather", description: "Current weather for a city.", parameters: { type: "object", ... }, strict: false } */
export interface ResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: JSONSchema;
  strict: boolean;
}
/** An Anthropic Messages API tool. @example { name: "get_weather", description: "Current weather for a city.", input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JSONSchema & { type: "object" };
  strict?: boolean;
}
/** A Gemini function declaration. @example { name: "get_weather", description: "Current weather for a city.", parameters: { type: "OBJECT", properties: { city: { type: "STRING" } }, propertyOrdering: ["city"], required: ["city"] } } */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters?: JSONSchema;
  parametersJsonSchema?: JSONSchema;
  response?: JSONSchema;
  responseJsonSchema?: JSONSchema;
}
/** An MCP tool, as `tools/list` lists it. @example { name: "get_weather", description: "Current weather for a city.", inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } */
export interface MCPTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: JSONSchema & { type: "object" };
  outputSchema?: JSONSchema & { type: "object" };
}

/** The format methods `Tool` and `ToolRegistry` share. */
export interface ProviderFormats {
  toOpenAIFormat(options?: FormatOptions): OpenAITool;
  toResponsesFormat(options?: FormatOptions): ResponsesTool;
  toAnthropicFormat(options?: FormatOptions): AnthropicTool;
  toGeminiFormat(options?: FormatOptions & { jsonSchema?: boolean }): GeminiFunctionDeclaration;
  toMCPFormat(options?: FormatOptions): MCPTool;
}

// Each provider's rule for tool names, from its documentation:
// OpenAI "a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64"
//   (https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools, function.name);
// Anthropic "^[a-zA-Z0-9_-]{1,64}$" (https://docs.anthropic.com/en/api/messages, tools.name);
// Gemini "Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots,
//   colons and dashes, with a maximum length of 64" (https://ai.google.dev/api/caching#FunctionDeclaration);
// MCP "between 1 and 128 characters ... A-Z, a-z, 0-9, _, -, ." (https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool-names).
const NAME_RULES: Record<ToolFormat, RegExp> = {
  openai: /^[a-zA-Z0-9_-]{1,64}$/,
  responses: /^[a-zA-Z0-9_-]{1,64}$/,
  anthropic: /^[a-zA-Z0-9_-]{1,64}$/,
  gemini: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
  mcp: /^[A-Za-z0-9._-]{1,128}$/,
};

function nameIssue(tool: FormattableTool, provider: ToolFormat): string | undefined {
  return NAME_RULES[provider].test(tool.name) ? undefined : `${provider} tool names must match ${NAME_RULES[provider]}; rename the tool`;
}

function checkName(tool: FormattableTool, provider: ToolFormat): string {
  const problem = nameIssue(tool, provider);
  if (problem) throw new TypeError(`Tool "${tool.name}": ${problem}`);
  return tool.name;
}

/** The description a model reads: the tool's, then its return type as the Python tool libraries write it. */
function fullDescription(tool: FormattableTool): string {
  if (!tool.returns) return tool.description;
  const lines = [`- type: ${typeText(tool.returns)}`];
  if (typeof tool.returns.description === "string") lines.push(`- description: ${tool.returns.description}`);
  return `${tool.description}\n\nReturns:\n${lines.join("\n")}`;
}

/** Where a dialect's issues go: the caller's handler with the tool and provider added, or `"error"`, or nowhere. */
function handlerOf(tool: FormattableTool, provider: ToolFormat, options: FormatOptions): ToJSONSchemaOptions["onIssue"] {
  const handler = options.onIssue ?? options.onWarning;
  return typeof handler === "function" ? (issue) => handler({ ...issue, tool: tool.name, provider }) : handler;
}

function schemaFor(tool: FormattableTool, schema: JSONSchema, target: Dialect, provider: ToolFormat, options: FormatOptions): JSONSchema {
  return toJSONSchema(schema, { target, onIssue: handlerOf(tool, provider, options) });
}

/** Gemini's `parametersJsonSchema`: JSON Schema as it is, with an object root. */
function geminiJsonSchema(tool: FormattableTool, options: FormatOptions): JSONSchema {
  const plain: Dialect = { name: "gemini", write: (schema, warn) => objectRoot(schema, "gemini", warn) };
  return schemaFor(tool, tool.parameters, plain, "gemini", options);
}

/**
 * OpenAI's function tool; with `strict`, its strict form (every property required, closed objects, `strict: true`).
 *
 * @example
 * const weather = tool({ name: "get_weather", description: "Current weather for a city.", parameters: t.object({ city: t.string() }), execute: ({ city }) => city });
 * toOpenAIFormat(weather, { strict: true });
 * // { type: "function", function: { name: "get_weather", description: "Current weather for a city.",
 * //   parameters: { type: "object", properties: { city: { type: "string" } }, additionalProperties: false, required: ["city"] }, strict: true } }
 */
export function toOpenAIFormat(tool: FormattableTool, options: FormatOptions = {}): OpenAITool {
  const strict = options.strict ?? tool.strict;
  const name = checkName(tool, "openai");
  const parameters = schemaFor(tool, tool.parameters, strict ? openaiStrict : openai, "openai", options);
  return { type: "function", function: { name, description: fullDescription(tool), parameters, ...(strict && { strict: true }) } };
}

/**
 * The Responses API's flat function tool; `strict` is always written, since Responses guesses when it is missing.
 *
 * @example
 * toResponsesFormat(weather); // { type: "function", name: "get_weather", description: "Current weather for a city.", parameters: { type: "object", ... }, strict: false }
 */
export function toResponsesFormat(tool: FormattableTool, options: FormatOptions = {}): ResponsesTool {
  const strict = options.strict ?? tool.strict;
  const name = checkName(tool, "responses");
  return { type: "function", name, description: fullDescription(tool), parameters: schemaFor(tool, tool.parameters, strict ? openaiStrict : openai, "responses", options), strict };
}

/**
 * Anthropic's `{ name, description, input_schema }`; with `strict`, its strict subset and `strict: true`.
 *
 * @example
 * toAnthropicFormat(weather); // { name: "get_weather", description: "Current weather for a city.", input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } }
 */
export function toAnthropicFormat(tool: FormattableTool, options: FormatOptions = {}): AnthropicTool {
  const strict = options.strict ?? tool.strict;
  const name = checkName(tool, "anthropic");
  const input_schema = schemaFor(tool, tool.parameters, strict ? anthropicStrict : anthropic, "anthropic", options) as AnthropicTool["input_schema"];
  return { name, description: fullDescription(tool), input_schema, ...(strict && { strict: true }) };
}

/**
 * A Gemini function declaration: `parameters` in its OpenAPI subset, or `parametersJsonSchema` with `{ jsonSchema: true }`.
 *
 * @example
 * toGeminiFormat(weather).parameters; // { type: "OBJECT", properties: { city: { type: "STRING" } }, propertyOrdering: ["city"], required: ["city"] }
 * toGeminiFormat(weather, { jsonSchema: true }).parametersJsonSchema; // { type: "object", properties: { city: { type: "string" } }, required: ["city"] }
 */
export function toGeminiFormat(tool: FormattableTool, options: FormatOptions & { jsonSchema?: boolean } = {}): GeminiFunctionDeclaration {
  const name = checkName(tool, "gemini");
  const out: GeminiFunctionDeclaration = { name, description: fullDescription(tool) };
  if (options.jsonSchema) {
    out.parametersJsonSchema = geminiJsonSchema(tool, options);
    if (tool.returns) out.responseJsonSchema = tool.returns;
  } else {
    out.parameters = schemaFor(tool, tool.parameters, geminiParameters, "gemini", options);
    if (tool.returns) out.response = schemaFor(tool, tool.returns, gemini, "gemini", { ...options, onIssue: undefined, onWarning: responseIssues(options) });
  }
  return out;
}

/**
 * An MCP tool: `inputSchema`, and `outputSchema` from `returns` (wrapped in `{ result }` when it is not an object, as MCP requires).
 *
 * @example
 * toMCPFormat(weather); // { name: "get_weather", description: "Current weather for a city.", inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } }
 */
export function toMCPFormat(tool: FormattableTool, options: FormatOptions = {}): MCPTool {
  const name = checkName(tool, "mcp");
  const out: MCPTool = { name, description: fullDescription(tool), inputSchema: schemaFor(tool, tool.parameters, mcp, "mcp", options) as MCPTool["inputSchema"] };
  if (tool.returns) out.outputSchema = mcpOutputSchema(tool.returns);
  return out;
}

/** MCP output schemas must be objects: a non-object result is described as `{ result: ... }`. */
function mcpOutputSchema(returns: JSONSchema): MCPTool["outputSchema"] & object {
  if (returns.type === "object") return returns as MCPTool["inputSchema"];
  const { $defs, ...result } = returns;
  return { type: "object", properties: { result }, required: ["result"], ...($defs !== undefined && { $defs }) };
}

// A result schema is not a root the provider takes as parameters: its issues are reported under /response.
function responseIssues(options: FormatOptions): FormatOptions["onIssue"] {
  const handler = options.onIssue ?? options.onWarning;
  return typeof handler === "function" ? (issue) => handler({ ...issue, path: `/response${issue.path}` }) : handler;
}

/**
 * Every issue of a tool in a provider's format, as a list, without throwing: a name the provider refuses,
 * what its dialect changes, what it would refuse (OpenAI's strict-mode limits, a parameter name Gemini
 * refuses). What no dialect can express at all (`not`, an unmergeable `allOf`) is listed as rejected.
 *
 * @example
 * checkTool(weather, "openai", { strict: true });
 * // [{ tool: "get_weather", provider: "openai", path: "/properties/days", message: "...", kind: "changed" }]
 */
export function checkTool(tool: FormattableTool, provider: ToolFormat, options: { readonly strict?: boolean; readonly jsonSchema?: boolean } = {}): ToolIssue[] {
  const issues: ToolIssue[] = [];
  const problem = nameIssue(tool, provider);
  if (problem) issues.push({ tool: tool.name, provider, path: "", message: problem, kind: "rejected" });
  const renamed = problem ? { ...tool, name: provider === "gemini" ? "_" : "x", description: tool.description } : tool;
  const collect: FormatOptions = { strict: options.strict, onIssue: (issue) => issues.push({ ...issue, tool: tool.name }) };
  try {
    if (provider === "openai") toOpenAIFormat(renamed, collect);
    else if (provider === "responses") toResponsesFormat(renamed, collect);
    else if (provider === "anthropic") toAnthropicFormat(renamed, collect);
    else if (provider === "gemini") toGeminiFormat(renamed, { ...collect, jsonSchema: options.jsonSchema });
    else toMCPFormat(renamed, collect);
  } catch (error) {
    issues.push({ tool: tool.name, provider, path: "", message: (error as Error).message, kind: "rejected" });
  }
  return issues;
}
