import type { ChatRole } from "../../calls/messages.js";
// The conversation entries the openai adapter writes and reads, as structural types (see calls/messages.ts).

/**
 * A function call of an assistant message (Chat Completions).
 *
 * @example
 * { id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }
 */
export interface OpenAIMessageToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}
/**
 * The assistant turn `runTools` appends (Chat Completions).
 *
 * @example
 * { role: "assistant", content: null, tool_calls: [...] }
 */
export interface OpenAIAssistantMessage {
  role: "assistant";
  content: string | null;
  tool_calls?: OpenAIMessageToolCall[];
}
/** A tool's answer (Chat Completions). @example { role: "tool", tool_call_id: "call_1", content: "21 °C" } */
export interface OpenAIToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}
/**
 * The user message after the tool messages that carries the images tools returned (Chat Completions: tool messages
 * take text only); its text is tooltype's own labels, never a tool's.
 *
 * @example
 * {
 *   role: "user",
 *   content: [
 *     { type: "text", text: "image 1, returned by a tool call above (not written by the user):" },
 *     { type: "image_url", image_url: { url: "data:image/png;base64,..." } },
 *   ],
 * }
 */
export interface OpenAIUserMessage {
  role: "user";
  content: ({ type: "text"; text: string } | { type: "image_url"; image_url: { url: string } })[];
}

/** What the `openai` value reads and writes, for types (see `ProviderTypes`). @example ToolMessageOf<typeof openai> */
export interface OpenAITypes {
  tool: OpenAIToolMessage | OpenAIUserMessage;
  assistant: OpenAIAssistantMessage;
  request: { readonly messages?: readonly { readonly role: ChatRole | "function" }[] };
  conversation: "messages";
}
