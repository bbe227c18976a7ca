// The conversation entries the anthropic adapter writes and reads, as structural types (see calls/messages.ts).

/**
 * A content block of an assistant turn (Anthropic).
 *
 * @example
 * { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Paris" } }
 */
export type AnthropicContentBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: unknown }
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "redacted_thinking"; data: string };
/** The assistant turn `runTools` appends (Anthropic). @example { role: "assistant", content: response.content } */
export interface AnthropicAssistantMessage {
  role: "assistant";
  content: AnthropicContentBlock[];
}
/** A tool result block (Anthropic). @example { type: "tool_result", tool_use_id: "toolu_1", content: "21 °C" } */
export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content:
    | string
    | (
        | { type: "text"; text: string }
        | {
            type: "image";
            source: {
              type: "base64";
              media_type: "image/jpeg" | "image/png" | "image/gif" | "image/webp";
              data: string;
            };
          }
        | {
            type: "document";
            source:
              | { type: "base64"; media_type: "application/pdf"; data: string }
              | { type: "text"; media_type: "text/plain"; data: string };
            title?: string;
          }
      )[];
  is_error?: boolean;
}
/**
 * The user turn holding every tool result (Anthropic).
 *
 * @example
 * { role: "user", content: [{ type: "tool_result", ... }] }
 */
export interface AnthropicToolResultMessage {
  role: "user";
  content: AnthropicToolResultBlock[];
}

/**
 * What the `anthropic` value reads and writes, for types (see `ProviderTypes`).
 *
 * @example
 * ToolMessageOf<typeof anthropic>
 */
export interface AnthropicTypes {
  tool: AnthropicToolResultMessage;
  assistant: AnthropicAssistantMessage;
  request: { readonly messages?: readonly { readonly role: "user" | "assistant" | "system" }[] };
  conversation: "messages";
}
