import type { JSONSchema } from "../schema/json-schema.js";
import { toJSONSchema } from "../schema/to-json-schema.js";
import { anthropic, mcp, openai } from "../schema/dialects/plain.js";
import { anthropicStrict, openaiStrict } from "../schema/dialects/strict.js";
import { gemini } from "../schema/dialects/gemini.js";
import type { ConversionWarning, Dialect } from "../schema/dialects/warnings.js";
import { typeText } from "../schema/type-text.js";

/** What a format needs of a tool. */
export interface FormattableTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JSONSchema;
  readonly returns: JSONSchema | undefined;
  readonly strict: boolean;
}

/** Options of the format methods. */
export interface FormatOptions {
  /** The strict form (OpenAI Structured Outputs, Anthropic strict tool use); the tool's own `strict` by default. */
  readonly strict?: boolean;
  /** Where conversion warnings go; `"error"` throws on the first. By default they are logged with `console.warn`. */
  readonly onWarning?: ((warning: ConversionWarning) => void) | "error";
}

/** An OpenAI Chat Completions function tool. */
export interface OpenAITool {
  type: "function";
  function: { name: string; description: string; parameters: JSONSchema; strict?: boolean };
}
/** An OpenAI Responses API function tool. */
export interface ResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: JSONSchema;
  strict: boolean;
}
/** An Anthropic Messages API tool. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JSONSchema & { type: "object" };
  strict?: boolean;
}
/** A Gemini function declaration. */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters?: JSONSchema;
  parametersJsonSchema?: JSONSchema;
  response?: JSONSchema;
  responseJsonSchema?: JSONSchema;
}
/** An MCP tool, as `tools/list` lists it. */
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

const NAME_RULES = {
  openai: /^[a-zA-Z0-9_-]{1,64}$/,
  anthropic: /^[a-zA-Z0-9_-]{1,64}$/,
  gemini: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
  mcp: /^[A-Za-z0-9._-]{1,128}$/,
};

function checkName(tool: FormattableTool, provider: keyof typeof NAME_RULES): string {
  if (!NAME_RULES[provider].test(tool.name)) {
    throw new TypeError(`Tool "${tool.name}": ${provider} tool names must match ${NAME_RULES[provider]}; rename the tool`);
  }
  return tool.name;
}

/** The description a model reads: the tool's, then its return type as seed 001 writes it. */
function fullDescription(tool: FormattableTool): string {
  if (!tool.returns) return tool.description;
  const lines = [`- type: ${typeText(tool.returns)}`];
  if (typeof tool.returns.description === "string") lines.push(`- description: ${tool.returns.description}`);
  return `${tool.description}\n\nReturns:\n${lines.join("\n")}`;
}

function schemaFor(tool: FormattableTool, schema: JSONSchema, target: Dialect, options: FormatOptions): JSONSchema {
  const onWarning =
    options.onWarning ?? ((w: ConversionWarning) => console.warn(`tooltype: tool "${tool.name}", ${target.name} schema at ${w.path || "/"}: ${w.message}`));
  return toJSONSchema(schema, { target, onWarning });
}

/** Seed 000's form; with `strict`, seed 002's (every property required, closed objects, `strict: true`). */
export function toOpenAIFormat(tool: FormattableTool, options: FormatOptions = {}): OpenAITool {
  const strict = options.strict ?? tool.strict;
  const name = checkName(tool, "openai");
  const parameters = schemaFor(tool, tool.parameters, strict ? openaiStrict : openai, options);
  return { type: "function", function: { name, description: fullDescription(tool), parameters, ...(strict && { strict: true }) } };
}

/** The Responses API's flat function tool; `strict` is always written, since Responses guesses when it is missing. */
export function toResponsesFormat(tool: FormattableTool, options: FormatOptions = {}): ResponsesTool {
  const strict = options.strict ?? tool.strict;
  const name = checkName(tool, "openai");
  return { type: "function", name, description: fullDescription(tool), parameters: schemaFor(tool, tool.parameters, strict ? openaiStrict : openai, options), strict };
}

/** Anthropic's `{ name, description, input_schema }`; with `strict`, its strict subset and `strict: true`. */
export function toAnthropicFormat(tool: FormattableTool, options: FormatOptions = {}): AnthropicTool {
  const strict = options.strict ?? tool.strict;
  const name = checkName(tool, "anthropic");
  const input_schema = schemaFor(tool, tool.parameters, strict ? anthropicStrict : anthropic, options) as AnthropicTool["input_schema"];
  return { name, description: fullDescription(tool), input_schema, ...(strict && { strict: true }) };
}

/** A Gemini function declaration: `parameters` in its OpenAPI subset, or `parametersJsonSchema` with `{ jsonSchema: true }`. */
export function toGeminiFormat(tool: FormattableTool, options: FormatOptions & { jsonSchema?: boolean } = {}): GeminiFunctionDeclaration {
  const name = checkName(tool, "gemini");
  const out: GeminiFunctionDeclaration = { name, description: fullDescription(tool) };
  if (options.jsonSchema) {
    out.parametersJsonSchema = tool.parameters;
    if (tool.returns) out.responseJsonSchema = tool.returns;
  } else {
    out.parameters = schemaFor(tool, tool.parameters, gemini, options);
    if (tool.returns) out.response = schemaFor(tool, tool.returns, gemini, options);
  }
  return out;
}

/** An MCP tool: `inputSchema`, and `outputSchema` from `returns` (wrapped in `{ result }` when it is not an object, as MCP requires). */
export function toMCPFormat(tool: FormattableTool, options: FormatOptions = {}): MCPTool {
  const name = checkName(tool, "mcp");
  const out: MCPTool = { name, description: fullDescription(tool), inputSchema: schemaFor(tool, tool.parameters, mcp, options) as MCPTool["inputSchema"] };
  if (tool.returns) out.outputSchema = mcpOutputSchema(tool.returns);
  return out;
}

/** MCP output schemas must be objects: a non-object result is described as `{ result: ... }`. */
function mcpOutputSchema(returns: JSONSchema): MCPTool["outputSchema"] & object {
  if (returns.type === "object") return returns as MCPTool["inputSchema"];
  const { $defs, ...result } = returns;
  return { type: "object", properties: { result }, required: ["result"], ...($defs !== undefined && { $defs }) };
}
