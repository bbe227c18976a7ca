import type { FormatOptions, FormattableTool, SchemaRules, ToolFormat, ToolIssue } from "./format-types.js";
import { nameIssue } from "./format-rules.js";
import { ConversionError } from "../schema/dialects/warnings.js";
import { OPENAI_NAMES, toOpenAIFormat, type OpenAITool } from "./formats/openai.js";
import { toResponsesFormat, type ResponsesTool } from "./formats/responses.js";
import {
  ANTHROPIC_NAMES,
  anthropicStrictIssues,
  toAnthropicFormat,
  toAnthropicTools,
  type AnthropicFormatOptions,
  type AnthropicTool,
} from "./formats/anthropic.js";
import { GEMINI_NAMES, toGeminiFormat, type GeminiFunctionDeclaration } from "./formats/gemini.js";
import { MCP_NAMES, toMCPFormat, type MCPTool } from "./formats/mcp.js";

// Each format of tool definitions is a module of src/tools/formats/ (its tool type, its name rule, the schema rules
// it writes in, its limits); each provider's subpath exports its own. This module names them for tooltype/tools
// and the root entry, and keeps the table the registry checks tools against.
export type {
  DialectRules,
  FormatOf,
  FormatOptions,
  FormattableTool,
  SchemaRules,
  ToolFormat,
  ToolIssue,
} from "./format-types.js";
export { toOpenAIFormat, OPENAI_RULES, type OpenAITool } from "./formats/openai.js";
export { toResponsesFormat, type ResponsesTool } from "./formats/responses.js";
export {
  toAnthropicFormat,
  toAnthropicTools,
  ANTHROPIC_RULES,
  anthropicStrictIssues,
  ANTHROPIC_STRICT_LIMITS,
  type AnthropicTool,
  type AnthropicFormatOptions,
} from "./formats/anthropic.js";
export { toGeminiFormat, GEMINI_RULES, type GeminiFunctionDeclaration } from "./formats/gemini.js";
export { toMCPFormat, MCP_RULES, type MCPTool } from "./formats/mcp.js";

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
 * formatTools(registry.listTools(), "anthropic", { strict: "prefer", dialect: ANTHROPIC_RULES });
 * // [{ name, description, input_schema, strict: true }, ...]
 */
export function formatTools(tools: readonly FormattableTool[], provider: ToolFormat, options: WriteOptions): unknown[] {
  const { write, writeAll } = FORMATS[provider];
  return writeAll ? writeAll(tools, options) : tools.map((tool) => write(tool, options));
}

/**
 * What a format refuses of a tool list as a whole (Anthropic's strict limits), as issues. Strict asked without strict
 * rules has no limits to check: each tool's `checkTool` reports what to pass.
 *
 * @example
 * toolSetIssues(tools, "anthropic", { strict: true, dialect: ANTHROPIC_RULES });
 * // [{ tool: "t21", kind: "rejected", message: "...at most 20 strict tools..." }]
 */
export function toolSetIssues(
  tools: readonly FormattableTool[],
  provider: ToolFormat,
  options: SetOptions,
): ToolIssue[] {
  try {
    return FORMATS[provider].setIssues?.(tools, options) ?? [];
  } catch (error) {
    if (error instanceof TypeError && !(error instanceof ConversionError)) return []; // checkTool reports it per tool
    throw error;
  }
}

/**
 * Every issue of a tool in a provider's format, as a list, without throwing: a name the provider refuses,
 * what its dialect changes, what it would refuse (OpenAI's strict-mode limits, a parameter name Gemini
 * refuses). What no dialect can express at all (`not`, an unmergeable `allOf`) is listed as rejected.
 *
 * @example
 * checkTool(weather, "openai", { strict: true, dialect: OPENAI_RULES });
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
