import type { AnyTool } from "../tools/tool.js";
import type { SchemaRules, ToolIssue } from "../tools/provider-formats.js";
import type { CallResult, ToolCall } from "../tools/call.js";
import type { AnswerOptions } from "./output.js";

export type { CallResult, ToolCall } from "../tools/call.js";

/** The providers whose wire formats tooltype speaks. @example const provider: Provider = "anthropic"; parseToolCalls(response, provider); */
export type Provider =
  | "openai"
  | "responses"
  | "anthropic"
  | "gemini"
  | "mcp"
  | "bedrock"
  | "mistral"
  | "ollama"
  | "cohere";

/** Which tools the model may or must call, in one spelling for every provider. @example runTools({ ...options, toolChoice: { name: "get_weather" } }); */
export type ToolChoice = "auto" | "required" | "none" | { readonly name: string };

/**
 * Options for writing tools into a request.
 *
 * @example
 * ADAPTERS.openai.withTools({ model, messages }, [weather], { toolChoice: "required", parallelToolCalls: false });
 * // { model, messages, tools: [...], tool_choice: "required", parallel_tool_calls: false }
 */
export interface RequestOptions {
  readonly toolChoice?: ToolChoice;
  readonly parallelToolCalls?: boolean;
  /** Strict schemas (`"prefer"`: where each tool's schema allows); Gemini's strict is function calling mode `VALIDATED`. */
  readonly strict?: boolean | "prefer";
  /** The schema rules of the model behind the endpoint (see `FormatOptions.dialect`). */
  readonly dialect?: SchemaRules;
  /** Receives what the formats report (a tool sent without strict mode, a keyword moved into a description). */
  readonly onIssue?: (issue: ToolIssue) => void;
  /** Anthropic prompt caching: `cache_control` on the last tool (see `AnthropicFormatOptions`); other providers ignore it. */
  readonly cacheControl?: boolean | { readonly ttl?: "5m" | "1h" };
}

/**
 * What tooltype knows of one provider's wire format. Plain objects, so a bundle keeps only the
 * adapters it imports.
 *
 * @example
 * const adapter: ProviderAdapter = adapterOf("anthropic");
 * const calls = adapter.calls(response);
 * messages.push(...adapter.assistantMessages(response), ...adapter.toolMessages(await registry.executeAll(calls)));
 */
export interface ProviderAdapter {
  readonly name: Provider;
  /** Where the conversation lives in a request (`messages`, `input`, `contents`). */
  readonly conversation: string;
  /** The tool calls of a response, in order. */
  calls(response: unknown): ToolCall[];
  /**
   * The conversation entries that answer the calls (always an array). Parts a result carries (`toModelOutput`)
   * are sent as the provider takes them; what it cannot take is changed and reported to `options.onIssue`.
   */
  toolMessages(results: readonly CallResult[], options?: AnswerOptions): unknown[];
  /** The conversation entries a response adds (the assistant turn), to append before the answers. */
  assistantMessages(response: unknown): unknown[];
  /** The response's text, if any. */
  text(response: unknown): string | undefined;
  /** The turn was cut at the output token limit, so its last call's arguments may be incomplete. */
  truncated?(response: unknown): boolean;
  /**
   * The model declined to answer (a refusal, a safety block, a guardrail): the text the provider gave, or a
   * sentence naming the reason; undefined for any other answer. Absent where the provider has no such signal.
   */
  refusal?(response: unknown): string | undefined;
  /** The request with the tools, tool choice and parallel-call setting in this provider's spelling. */
  withTools(
    request: Record<string, unknown>,
    tools: readonly AnyTool[],
    options: RequestOptions,
  ): Record<string, unknown>;
}
