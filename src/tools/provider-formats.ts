import type { JSONSchema } from "../schema/json-schema.js";
import type { ConversionWarning, Dialect } from "../schema/dialects/warnings.js";
import { nameIssue } from "./format-rules.js";
import { OPENAI_NAMES, toOpenAIFormat, type OpenAITool } from "../providers/openai/format.js";
import { toResponsesFormat, type ResponsesTool } from "../providers/responses/format.js";
import {
  ANTHROPIC_NAMES,
  anthropicStrictIssues,
  toAnthropicFormat,
  toAnthropicTools,
  type AnthropicFormatOptions,
  type AnthropicTool,
} from "../providers/anthropic/format.js";
import { GEMINI_NAMES, toGeminiFormat, type GeminiFunctionDeclaration } from "../providers/gemini/format.js";
import { MCP_NAMES, toMCPFormat, type MCPTool } from "../providers/mcp/format.js";

// Each provider's tool format is in its folder (src/providers/<name>/format.ts): its tool type, its name rule, the
// schema rules it writes in, its limits. This module names them for tooltype/tools and the root entry.
export { toOpenAIFormat, type OpenAITool } from "../providers/openai/format.js";
export { toResponsesFormat, type ResponsesTool } from "../providers/responses/format.js";
export {
  toAnthropicFormat,
  toAnthropicTools,
  anthropicStrictIssues,
  ANTHROPIC_STRICT_LIMITS,
  type AnthropicTool,
  type AnthropicFormatOptions,
} from "../providers/anthropic/format.js";
export { toGeminiFormat, type GeminiFunctionDeclaration } from "../providers/gemini/format.js";
export { toMCPFormat, type MCPTool } from "../providers/mcp/format.js";

/** What a format needs of a tool. */
export interface FormattableTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JSONSchema;
  readonly returns: JSONSchema | undefined;
  readonly strict: boolean;
  /** Anthropic `eager_input_streaming`. */
  readonly eagerInputStreaming?: boolean;
  /** Anthropic and Responses `defer_loading`: sent for the provider's tool search to load on demand. */
  readonly defer?: boolean;
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
  /**
   * The strict form (OpenAI Structured Outputs, Anthropic strict tool use); the tool's own `strict` by default.
   * `"prefer"`: strict where the schema allows it, else the plain form, with an `advice` issue saying why.
   */
  readonly strict?: boolean | "prefer";
  /**
   * The schema rules of the model behind the endpoint, apart from its wire format: an OpenAI-compatible gateway
   * (OpenRouter, LiteLLM, Vertex's OpenAI endpoint, vLLM) in front of Gemini or Claude takes OpenAI's tool shape,
   * and the model's own rules for the schema. `"openai"`, `"anthropic"`, `"gemini"` (Gemini's rules, JSON Schema
   * spelling), `"mcp"`, or a dialect value. Default: the wire's own.
   */
  readonly dialect?: SchemaRules;
  /**
   * Receives each issue (`ToolIssue`): what the dialect changed, what the provider would refuse, advice.
   * Nothing is printed. `"error"` throws a `ConversionError` on the first. Without it, changes are not
   * reported (`checkTool` and `registry.check` list them) and a rejection throws, so nothing a provider
   * refuses is sent unannounced.
   */
  readonly onIssue?: ((issue: ToolIssue) => void) | "error";
  /** The former name of `onIssue`, kept working. */
  readonly onWarning?: ((issue: ToolIssue) => void) | "error";
  /** Write repeated subschemas once under `$defs` (see `ToJSONSchemaOptions.shareRepeated`); fewer tokens, same meaning. */
  readonly shareRepeated?: boolean;
}

/**
 * A model family's schema rules by name, or any dialect as a value.
 *
 * @example
 * const rules: SchemaRules = "gemini"; toOpenAIFormat(weather, { dialect: rules });
 */
export type SchemaRules = "openai" | "anthropic" | "gemini" | "mcp" | Dialect;

/** The format methods `Tool` and `ToolRegistry` share. */
export interface ProviderFormats {
  toOpenAIFormat(options?: FormatOptions): OpenAITool;
  toResponsesFormat(options?: FormatOptions): ResponsesTool;
  toAnthropicFormat(options?: AnthropicFormatOptions): AnthropicTool;
  toGeminiFormat(options?: FormatOptions & { jsonSchema?: boolean }): GeminiFunctionDeclaration;
  toMCPFormat(options?: FormatOptions): MCPTool;
}

type WriteOptions = FormatOptions & { jsonSchema?: boolean };
type SetOptions = { readonly strict?: boolean | "prefer"; readonly dialect?: SchemaRules };

// Each format's writer, its rule for tool names, and what it checks of a whole tool list (limits over the set).
const FORMATS: Record<
  ToolFormat,
  {
    readonly write: (tool: FormattableTool, options: WriteOptions) => unknown;
    readonly writeAll?: (tools: readonly FormattableTool[], options: WriteOptions) => unknown[];
    readonly setIssues?: (tools: readonly FormattableTool[], options: SetOptions) => ToolIssue[];
    readonly names: RegExp;
  }
> = {
  openai: { write: toOpenAIFormat, names: OPENAI_NAMES },
  responses: { write: toResponsesFormat, names: OPENAI_NAMES },
  anthropic: {
    write: toAnthropicFormat,
    writeAll: toAnthropicTools,
    setIssues: anthropicStrictIssues,
    names: ANTHROPIC_NAMES,
  },
  gemini: { write: toGeminiFormat, names: GEMINI_NAMES },
  mcp: { write: toMCPFormat, names: MCP_NAMES },
};

/**
 * The formats by name. @example TOOL_FORMATS.includes("gemini"); // true
 */
export const TOOL_FORMATS = /* @__PURE__ */ Object.keys(FORMATS) as readonly ToolFormat[];

/**
 * A tool list as a request's `tools` holds it in a format (limits over the list applied, as Anthropic's strict ones).
 *
 * @example
 * formatTools(registry.listTools(), "anthropic", { strict: "prefer" }); // [{ name, description, input_schema, strict: true }, ...]
 */
export function formatTools(tools: readonly FormattableTool[], provider: ToolFormat, options: WriteOptions): unknown[] {
  const { write, writeAll } = FORMATS[provider];
  return writeAll ? writeAll(tools, options) : tools.map((tool) => write(tool, options));
}

/**
 * What a format refuses of a tool list as a whole (Anthropic's strict limits), as issues.
 *
 * @example
 * toolSetIssues(tools, "anthropic", { strict: true }); // [{ tool: "t21", kind: "rejected", message: "...at most 20 strict tools..." }]
 */
export function toolSetIssues(
  tools: readonly FormattableTool[],
  provider: ToolFormat,
  options: SetOptions,
): ToolIssue[] {
  return FORMATS[provider].setIssues?.(tools, options) ?? [];
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
export function checkTool(
  tool: FormattableTool,
  provider: ToolFormat,
  options: { readonly strict?: boolean | "prefer"; readonly jsonSchema?: boolean; readonly dialect?: SchemaRules } = {},
): ToolIssue[] {
  const issues: ToolIssue[] = [];
  const { write, names } = FORMATS[provider];
  const problem = nameIssue(tool, provider, names);
  if (problem) issues.push({ tool: tool.name, provider, path: "", message: problem, kind: "rejected" });
  const renamed = problem ? { ...tool, name: "x", description: tool.description } : tool;
  const collect: FormatOptions = {
    strict: options.strict,
    ...(options.dialect !== undefined && { dialect: options.dialect }),
    onIssue: (issue) => issues.push({ ...issue, tool: tool.name }),
  };
  try {
    write(renamed, { ...collect, jsonSchema: options.jsonSchema });
  } catch (error) {
    issues.push({ tool: tool.name, provider, path: "", message: (error as Error).message, kind: "rejected" });
  }
  return issues;
}
