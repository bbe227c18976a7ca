import type { AnyTool } from "../tools/tool.js";
import type { CallResult, ToolCall } from "../tools/call.js";

export type { CallResult, ToolCall } from "../tools/call.js";

/** The providers whose wire formats tooltype speaks. */
export type Provider = "openai" | "responses" | "anthropic" | "gemini" | "mcp" | "bedrock" | "mistral" | "ollama" | "cohere";

/** Which tools the model may or must call, in one spelling for every provider. */
export type ToolChoice = "auto" | "required" | "none" | { readonly name: string };

/** Options for writing tools into a request. */
export interface RequestOptions {
  readonly toolChoice?: ToolChoice;
  readonly parallelToolCalls?: boolean;
  readonly strict?: boolean;
}

/**
 * What tooltype knows of one provider's wire format. Plain objects, so a bundle keeps only the
 * adapters it imports.
 */
export interface ProviderAdapter {
  readonly name: Provider;
  /** Where the conversation lives in a request (`messages`, `input`, `contents`). */
  readonly conversation: string;
  /** The tool calls of a response, in order. */
  calls(response: unknown): ToolCall[];
  /** The conversation entries that answer the calls (always an array). */
  toolMessages(results: readonly CallResult[]): unknown[];
  /** The conversation entries a response adds (the assistant turn), to append before the answers. */
  assistantMessages(response: unknown): unknown[];
  /** The response's text, if any. */
  text(response: unknown): string | undefined;
  /** The request with the tools, tool choice and parallel-call setting in this provider's spelling. */
  withTools(request: Record<string, unknown>, tools: readonly AnyTool[], options: RequestOptions): Record<string, unknown>;
}
