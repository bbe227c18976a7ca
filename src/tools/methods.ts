// The root entry's `Tool` and `ToolRegistry`: subclasses of `tooltype/tools`' classes whose bodies add the
// provider formats as methods (`tool.toOpenAIFormat()`, `registry.toAnthropicFormat()`). Nothing is patched: the
// lean classes never have the methods, and only what constructs these classes (the root entry's `tool`,
// `functionToTool`, `toolsFrom`, and the builtins) carries this module.
import { Tool as LeanTool, type ToolDefinition } from "./tool.js";
import { compile } from "../guard/compile.js";
import { TUPLES_AND_MAPS } from "../schema/dialects/encodings.js";
import { sentIn } from "./sent-in.js";
import { ToolRegistry as LeanToolRegistry, formatArguments, type RegistryFormatOptions } from "./registry.js";
import * as format from "./named-rules.js";
import { namedRules, ownRules } from "./named-rules.js";
import type { FormatOf, ToolIssue } from "./format-types.js";
import type {
  AnthropicFormatOptions,
  AnthropicTool,
  FormatOptions,
  GeminiFunctionDeclaration,
  MCPTool,
  OpenAITool,
  ToolFormat,
  ProviderFormats,
  ResponsesTool,
} from "./provider-formats.js";

/**
 * A tool with its provider formats as methods: what the root entry's `tool`, `functionToTool`, `toolsFrom` and
 * the builtins make. An `instanceof` the `Tool` of `tooltype/tools` too.
 *
 * @example
 * import { t, tool } from "tooltype";
 * const weather = tool({
 *   name: "get_weather",
 *   description: "Weather for a city.",
 *   parameters: t.object({ city: t.string() }),
 *   execute: ({ city }) => city,
 * });
 * weather.toOpenAIFormat({ strict: true });
 * // { type: "function", function: { name: "get_weather", ..., strict: true } }
 */
export class Tool<Args = unknown, Result = unknown, Context = unknown>
  extends LeanTool<Args, Result, Context>
  implements ProviderFormats
{
  /**
   * A tool whose `t` descriptor or JSON Schema is checked by the interpreter unless the definition names a builder,
   * and that reads the strict dialects' shapes (tuples keyed by position, maps as entry lists) whether or not it was
   * written in one here: the root entry carries every dialect anyway.
   */
  constructor(definition: ToolDefinition<Args, Result, Context>) {
    super({ compile, ...definition });
    sentIn(this, TUPLES_AND_MAPS);
  }

  /** OpenAI Chat Completions. @example openai.chat.completions.create({ tools: [weather.toOpenAIFormat()] }) */
  toOpenAIFormat(options?: FormatOptions): OpenAITool {
    return format.toOpenAIFormat(this, options);
  }

  /** OpenAI Responses API. @example openai.responses.create({ tools: [weather.toResponsesFormat()] }) */
  toResponsesFormat(options?: FormatOptions): ResponsesTool {
    return format.toResponsesFormat(this, options);
  }

  /** Anthropic Messages API. @example anthropic.messages.create({ tools: [weather.toAnthropicFormat()] }) */
  toAnthropicFormat(options?: AnthropicFormatOptions): AnthropicTool {
    return format.toAnthropicFormat(this, options);
  }

  /** A Gemini function declaration. @example { tools: [{ functionDeclarations: [weather.toGeminiFormat()] }] } */
  toGeminiFormat(options?: FormatOptions & { jsonSchema?: boolean }): GeminiFunctionDeclaration {
    return format.toGeminiFormat(this, options);
  }

  /** An MCP `tools/list` entry. @example ({ tools: [weather.toMCPFormat()] }) */
  toMCPFormat(options?: FormatOptions): MCPTool {
    return format.toMCPFormat(this, options);
  }
}

/**
 * A registry with its tools' provider formats as methods. Each takes `{ strict, category }`, or a category name
 * then the options; a category no tool has is an error. Any tool registers, the lean entries' too.
 *
 * @example
 * const registry = new ToolRegistry().register(weather);
 * openai.chat.completions.create({ tools: registry.toOpenAIFormat({ strict: true }), ... });
 */
export class ToolRegistry extends LeanToolRegistry {
  /**
   * OpenAI Chat Completions `tools`.
   *
   * @example
   * openai.chat.completions.create({ tools: registry.toOpenAIFormat({ strict: true }) })
   */
  toOpenAIFormat(category?: string | RegistryFormatOptions, options?: FormatOptions): OpenAITool[] {
    return listed(this, "openai", format.toOpenAIFormat, category, options);
  }

  /** OpenAI Responses API `tools`. @example openai.responses.create({ tools: registry.toResponsesFormat() }) */
  toResponsesFormat(category?: string | RegistryFormatOptions, options?: FormatOptions): ResponsesTool[] {
    return listed(this, "responses", format.toResponsesFormat, category, options);
  }

  /**
   * Anthropic Messages API `tools`.
   *
   * @example
   * anthropic.messages.create({ tools: registry.toAnthropicFormat({ category: "weather" }) })
   */
  toAnthropicFormat(
    category?: string | (RegistryFormatOptions & AnthropicFormatOptions),
    options?: AnthropicFormatOptions,
  ): AnthropicTool[] {
    const { category: chosen, options: given } = formatArguments(category, options);
    return format.toAnthropicTools(this.toolsForRequest(chosen, "anthropic", given), given); // cache_control on the last tool only
  }

  /** Gemini `functionDeclarations`. @example { tools: [{ functionDeclarations: registry.toGeminiFormat() }] } */
  toGeminiFormat(
    category?: string | (RegistryFormatOptions & { jsonSchema?: boolean }),
    options?: FormatOptions & { jsonSchema?: boolean },
  ): GeminiFunctionDeclaration[] {
    return listed(this, "gemini", format.toGeminiFormat, category, options);
  }

  /**
   * Every issue of the tools in a provider's format (see `tooltype/tools`' registry), the dialect by name too.
   *
   * @example
   * registry.check("openai", { dialect: "gemini" });
   */
  override check(format: FormatOf, options?: Parameters<LeanToolRegistry["check"]>[1]): ToolIssue[] {
    return super.check(format, namedRules(options, ownRules(format)));
  }

  /**
   * What the tools cost in a provider's request (see `tooltype/tools`' registry), the strict form counted with the
   * format's strict rules.
   *
   * @example
   * const { total } = await registry.tokens("anthropic", { strict: true });
   */
  override tokens(
    format: FormatOf,
    options?: Parameters<LeanToolRegistry["tokens"]>[1],
  ): ReturnType<LeanToolRegistry["tokens"]> {
    return super.tokens(format, namedRules(options ?? {}, ownRules(format)) as never);
  }

  /** MCP `tools/list` entries. @example ({ tools: registry.toMCPFormat() }) */
  toMCPFormat(category?: string | RegistryFormatOptions, options?: FormatOptions): MCPTool[] {
    return listed(this, "mcp", format.toMCPFormat, category, options);
  }
}

// The tools of one request (`toolsForRequest`), each in a provider's format.
function listed<O extends FormatOptions, Formatted>(
  registry: LeanToolRegistry,
  provider: ToolFormat,
  toFormat: (tool: LeanTool, options?: O) => Formatted,
  first: string | (O & { readonly category?: string }) | undefined,
  second: O | undefined,
): Formatted[] {
  const { category, options } = formatArguments(first, second);
  return registry.toolsForRequest(category, provider, options).map((tool) => toFormat(tool, options));
}
