import type { ProviderAdapter } from "../../calls/types.js";
import { text } from "../../calls/assemble.js";
import { textOnly } from "../../calls/output.js";
import { field, list, parseArguments } from "../../calls/wire.js";
import { chatWithTools } from "../openai/index.js";
import { errorMessage, usageNamed, userText } from "../common.js";
import { mistralStream } from "./stream.js";

/**
 * Mistral chat (the `@mistralai/mistralai` SDK's camelCase, and the snake_case wire): calls from
 * `choices[0].message.toolCalls`, answers as `{ role: "tool", toolCallId, name, content }`.
 *
 * @example
 * toToolMessages(results, "mistral"); // [{ role: "tool", toolCallId: "c1", name: "get_weather", content: "21 °C" }]
 */
export const mistral: ProviderAdapter = {
  name: "mistral",
  conversation: "messages",
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
  text: (response) => {
    const content = field(message(response), "content");
    return typeof content === "string" && content ? content : undefined;
  },
  truncated: (response) =>
    field(list(field(response, "data") ?? response, "choices")[0], "finish_reason", "finishReason") === "length",
  withTools: chatWithTools("toolChoice", "parallelToolCalls"),
  userMessage: userText,
  usage: (response) =>
    usageNamed(
      field(response, "data") ?? response,
      ["promptTokens", "prompt_tokens"],
      ["completionTokens", "completion_tokens"],
      ["totalTokens", "total_tokens"],
    ),
  errorOf: errorMessage,
  stream: mistralStream,
  tracingName: "mistral_ai",
};

function message(response: unknown): unknown {
  return field(list(response, "choices")[0], "message");
}
