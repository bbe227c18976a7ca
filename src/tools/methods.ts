// The root entry's `Tool` and `ToolRegistry`: the same classes as `tooltype/tools`, with the provider formats
// as methods too (`tool.toOpenAIFormat()`, `registry.toAnthropicFormat()`). Installed when this module is
// loaded, which only the root entry, its `tool` / `functionToTool` / `toolsFrom` and the builtins do, so an
// app on the lean entries carries only the format functions it calls.
import { Tool, type AnyTool } from "./tool.js";
import { ToolRegistry, formatArguments } from "./registry.js";
import * as format from "./provider-formats.js";
import type { AnthropicFormatOptions, AnthropicTool, FormatOptions, GeminiFunctionDeclaration, MCPTool, OpenAITool, ToolFormat, ProviderFormats, ResponsesTool } from "./provider-formats.js";

declare module "./tool.js" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface Tool<Args, Result, Context> extends ProviderFormats {}
}

declare module "./registry.js" {
  // Each takes `{ strict, category }`, or a category name then the options; a category no tool has is an error.
  interface ToolRegistry {
    /** OpenAI Chat Completions `tools`. @example openai.chat.completions.create({ tools: registry.toOpenAIFormat({ strict: true }) }) */
    toOpenAIFormat(category?: string | RegistryFormatOptions, options?: FormatOptions): OpenAITool[];
    /** OpenAI Responses API `tools`. @example openai.responses.create({ tools: registry.toResponsesFormat() }) */
    toResponsesFormat(category?: string | RegistryFormatOptions, options?: FormatOptions): ResponsesTool[];
    /** Anthropic Messages API `tools`. @example anthropic.messages.create({ tools: registry.toAnthropicFormat({ category: "weather" }) }) */
    toAnthropicFormat(category?: string | (RegistryFormatOptions & AnthropicFormatOptions), options?: AnthropicFormatOptions): AnthropicTool[];
    /** Gemini `functionDeclarations`. @example { tools: [{ functionDeclarations: registry.toGeminiFormat() }] } */
    toGeminiFormat(category?: string | (RegistryFormatOptions & { jsonSchema?: boolean }), options?: FormatOptions & { jsonSchema?: boolean }): GeminiFunctionDeclaration[];
    /** MCP `tools/list` entries. @example ({ tools: registry.toMCPFormat() }) */
    toMCPFormat(category?: string | RegistryFormatOptions, options?: FormatOptions): MCPTool[];
  }
}

const toolMethods: ProviderFormats & ThisType<AnyTool> = {
  toOpenAIFormat(options) {
    return format.toOpenAIFormat(this, options);
  },
  toResponsesFormat(options) {
    return format.toResponsesFormat(this, options);
  },
  toAnthropicFormat(options) {
    return format.toAnthropicFormat(this, options);
  },
  toGeminiFormat(options) {
    return format.toGeminiFormat(this, options);
  },
  toMCPFormat(options) {
    return format.toMCPFormat(this, options);
  },
};

type RegistryMethods = Pick<ToolRegistry, "toOpenAIFormat" | "toResponsesFormat" | "toAnthropicFormat" | "toGeminiFormat" | "toMCPFormat">;

/** A registry method from a format function: the tools of the request (`toolsForRequest`), each in that format. */
function listedIn<O extends FormatOptions, Formatted>(provider: ToolFormat, toFormat: (tool: AnyTool, options?: O) => Formatted) {
  return function (this: ToolRegistry, first?: string | (O & { readonly category?: string }), second?: O): Formatted[] {
    const { category, options } = formatArguments(first, second);
    return this.toolsForRequest(category, provider, options).map((t) => toFormat(t, options));
  };
}

const registryMethods: RegistryMethods = {
  toOpenAIFormat: listedIn("openai", format.toOpenAIFormat),
  toResponsesFormat: listedIn("responses", format.toResponsesFormat),
  toAnthropicFormat(this: ToolRegistry, first, second) {
    const { category, options } = formatArguments(first, second);
    return format.toAnthropicTools(this.toolsForRequest(category, "anthropic", options), options); // cache_control on the last tool only
  },
  toGeminiFormat: listedIn("gemini", format.toGeminiFormat),
  toMCPFormat: listedIn("mcp", format.toMCPFormat),
};

// Methods, as a class declares them: not enumerable.
for (const [target, methods] of [[Tool.prototype, toolMethods], [ToolRegistry.prototype, registryMethods]] as const) {
  for (const [name, value] of Object.entries(methods)) Object.defineProperty(target, name, { value, writable: true, configurable: true });
}

/**
 * A tool with its provider-format methods: the root entry's `tool`, `functionToTool`, `toolsFrom` and the
 * builtins pass what they make through it, which also keeps this module (and the methods) in their bundles.
 *
 * @example
 * withFormats(tool({ name: "echo", description: "Echo.", parameters: t.object({ s: t.string() }), execute: ({ s }) => s })).toOpenAIFormat();
 */
export function withFormats<T extends AnyTool>(tool: T): T & ProviderFormats {
  return tool as T & ProviderFormats;
}

export { Tool, ToolRegistry };
