import { adapterOf } from "./providers/index.js";
import type { CallResult, Provider, ProviderAdapter, ToolCall } from "./types.js";
import type { ToolMessageOf } from "./messages.js";

/**
 * The tool calls of a provider's response, in order, as `{ id, name, arguments }`. Arguments are parsed
 * (or left as the raw text when not JSON, so running the call reports it); calls without an id (Gemini,
 * Ollama) get a stable generated one that `toToolMessages` maps back.
 *
 * @example
 * const calls = parseToolCalls(await openai.chat.completions.create(request), "openai");
 */
export function parseToolCalls(response: unknown, provider: Provider | ProviderAdapter): ToolCall[] {
  return adapterOf(provider).calls(response);
}

/**
 * The conversation entries that answer tool calls, in the provider's own shape; always an array (OpenAI:
 * one `tool` message per call; Anthropic, Gemini, Bedrock, MCP: one `user` message holding every result). Typed per
 * provider (`OpenAIToolMessage`, `AnthropicToolResultMessage`, `GeminiContent`, ...), so the SDKs take them as
 * they are.
 *
 * @example
 * messages.push(...toToolMessages(await registry.executeAll(calls), "anthropic"));
 */
export function toToolMessages<P extends Provider | ProviderAdapter>(results: readonly CallResult[], provider: P): ToolMessageOf<P>[] {
  return adapterOf(provider).toolMessages(results) as ToolMessageOf<P>[];
}
