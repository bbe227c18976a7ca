import { providerValue, responseOf } from "./common.js";
import type { CallResult, ProviderAdapter, ToolCall } from "./types.js";
import type { ToolMessageOf } from "./messages.js";
import type { AnswerOptions } from "./output.js";

/**
 * The tool calls of a provider's response, in order, as `{ id, name, arguments }`. Arguments are parsed
 * (or left as the raw text when not JSON, so running the call reports it); calls without an id (Gemini,
 * Ollama) get a stable generated one that `toToolMessages` maps back.
 *
 * @example
 * import { openai } from "tooltype/providers/openai";
 * const calls = parseToolCalls(await client.chat.completions.create(request), openai);
 */
export function parseToolCalls(response: unknown, provider: ProviderAdapter): ToolCall[] {
  const adapter = providerValue(provider, "parseToolCalls");
  return adapter.calls(responseOf(adapter, response, "parseToolCalls"));
}

/**
 * The conversation entries that answer tool calls, in the provider's own shape; always an array (OpenAI:
 * one `tool` message per call; Anthropic, Gemini, Bedrock, MCP: one `user` message holding every result). Typed per
 * provider (`OpenAIToolMessage`, `AnthropicToolResultMessage`, `GeminiContent`, ...), so the SDKs take them as
 * they are. Images and files a tool returned (`toModelOutput`) go where the provider reads them: Anthropic `image` and
 * `document` blocks, Responses `input_image` and `input_file`, Gemini `functionResponse.parts`, MCP `image` and
 * `resource` blocks; Chat Completions tool messages take text only, so they follow in one user message. Each such
 * change is reported to `options.onIssue`.
 *
 * @example
 * messages.push(...toToolMessages(await registry.executeAll(calls), anthropic));
 */
export function toToolMessages<P extends ProviderAdapter>(
  results: readonly CallResult[],
  provider: P,
  options?: AnswerOptions,
): ToolMessageOf<P>[] {
  return providerValue(provider, "toToolMessages").toolMessages(results, options) as ToolMessageOf<P>[];
}
