import type { ProviderAdapter } from "../../calls/types.js";
import type { MistralTypes } from "./messages.js";
import { text } from "../../calls/assemble.js";
import { textOnly } from "../../calls/output.js";
import { field, list, parseArguments } from "../../calls/wire.js";
import { chatWithTools } from "../../calls/chat-deltas.js";
import { errorMessage, usageNamed, userText, responseMismatch } from "../../calls/common.js";
import { mistralStreamSupport, mistralText } from "./stream.js";
import { mistralHTTP } from "./http.js";

// tooltype/providers/mistral: the value, its stream alone (for createToolCallStream without the rest), its tool format
// and its message types.
export { mistralStream } from "./stream.js";
export { toOpenAIFormat, type OpenAITool } from "../../tools/formats/openai.js";
export type { MistralMessage, MistralTypes } from "./messages.js";

/**
 * Mistral chat (the `@mistralai/mistralai` SDK's camelCase, and the snake_case wire): calls from
 * `choices[0].message.toolCalls`, answers as `{ role: "tool", toolCallId, name, content }`.
 *
 * @example
 * toToolMessages(results, "mistral"); // [{ role: "tool", toolCallId: "c1", name: "get_weather", content: "21 °C" }]
 */
export const mistral: ProviderAdapter<"mistral", MistralTypes> = {
  name: "mistral",
  conversation: "messages",
  responseIssue: (response) =>
    responseMismatch(response, "mistral", ["choices"], "a chat completion (with choices)", ["choices"]),
  calls: (response) =>
    list(message(response), "toolCalls", "tool_calls").map((c) => ({
      id: text(field(c, "id") ?? ""),
      name: text(field(field(c, "function"), "name") ?? ""),
      arguments: parseArguments(field(field(c, "function"), "arguments")),
    })),
  toolMessages: (results, options) =>
    results.map((r) => ({ role: "tool", toolCallId: r.id, name: r.name, content: textOnly(r, "mistral", options) })),
  assistantMessages: (response) => {
    const m = message(response);
    return m
      ? [{ role: "assistant", content: field(m, "content") ?? "", toolCalls: list(m, "toolCalls", "tool_calls") }]
      : [];
  },
  text: (response) => mistralText(field(message(response), "content")),
  truncated: (response) =>
    field(list(field(response, "data") ?? response, "choices")[0], "finish_reason", "finishReason") === "length",
  withTools: /* @__PURE__ */ chatWithTools("toolChoice", "parallelToolCalls"),
  userMessage: userText,
  usage: (response) =>
    usageNamed(
      field(response, "data") ?? response,
      ["promptTokens", "prompt_tokens"],
      ["completionTokens", "completion_tokens"],
      ["totalTokens", "total_tokens"],
    ),
  errorOf: errorMessage,
  stream: mistralStreamSupport,
  http: mistralHTTP,
  tracingName: "mistral_ai",
};

function message(response: unknown): unknown {
  return field(list(response, "choices")[0], "message");
}
