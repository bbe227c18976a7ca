import { toOpenAIFormat } from "../../tools/formats/openai.js";
import { text } from "../../calls/assemble.js";
import type { ProviderAdapter } from "../../calls/types.js";
import type { CohereTypes } from "./messages.js";
import { textOnly } from "../../calls/output.js";
import { field, list, parseArguments, formatOptions } from "../../calls/wire.js";
import { errorMessage, tokenUsage, userText, responseMismatch } from "../../calls/common.js";
import { cohereStreamSupport } from "./stream.js";
import { cohereHTTP } from "./http.js";

// tooltype/providers/cohere: the value, its stream alone (for createToolCallStream without the rest), its tool format
// and its message types.
export { cohereStream } from "./stream.js";
export { toOpenAIFormat, type OpenAITool } from "../../tools/formats/openai.js";
export type { CohereMessage, CohereTypes } from "./messages.js";

/**
 * Cohere v2 chat (the `cohere-ai` SDK's camelCase, and the snake_case wire): calls from
 * `message.toolCalls`, answers as `{ role: "tool", toolCallId, content }`; `toolChoice` is
 * `"REQUIRED"` or `"NONE"`, strictness is request-level (`strictTools`).
 *
 * @example
 * toToolMessages(results, "cohere"); // [{ role: "tool", toolCallId: "c1", content: "21 °C" }]
 */
export const cohere: ProviderAdapter<"cohere", CohereTypes> = {
  name: "cohere",
  conversation: "messages",
  responseIssue: (response) =>
    responseMismatch(response, "cohere", ["message", "finish_reason"], "a Chat v2 response (with message)"),
  calls: (response) =>
    list(field(response, "message"), "toolCalls", "tool_calls").map((c) => ({
      id: text(field(c, "id") ?? ""),
      name: text(field(field(c, "function"), "name") ?? ""),
      arguments: parseArguments(field(field(c, "function"), "arguments")),
    })),
  toolMessages: (results, options) =>
    results.map((r) => ({ role: "tool", toolCallId: r.id, content: textOnly(r, "cohere", options) })),
  assistantMessages: (response) => {
    const m = field(response, "message");
    if (!m) return [];
    return [
      {
        role: "assistant",
        toolCalls: list(m, "toolCalls", "tool_calls"),
        ...(field(m, "toolPlan", "tool_plan") !== undefined && { toolPlan: field(m, "toolPlan", "tool_plan") }),
        ...(field(m, "content") !== undefined && { content: field(m, "content") }),
      },
    ];
  },
  text: (response) => {
    const texts = list(field(response, "message"), "content")
      .filter((c) => field(c, "type") === "text")
      .map((c) => text(field(c, "text") ?? ""));
    return texts.length ? texts.join("") : undefined;
  },
  truncated: (response) => field(response, "finishReason", "finish_reason") === "MAX_TOKENS",
  withTools: (request, tools, options) => {
    const { toolChoice, strict } = options;
    return {
      ...request,
      tools: tools.map((t) => toOpenAIFormat(t, formatOptions(options))),
      ...(toolChoice === "required" || typeof toolChoice === "object"
        ? { toolChoice: "REQUIRED" }
        : toolChoice === "none"
          ? { toolChoice: "NONE" }
          : {}),
      ...(typeof strict === "boolean" && { strictTools: strict }),
    };
  },
  userMessage: userText,
  usage: (response) => {
    const usage = field(response, "usage");
    const tokens = field(usage, "tokens");
    return tokenUsage(
      usage,
      field(tokens, "inputTokens", "input_tokens"),
      field(tokens, "outputTokens", "output_tokens"),
    );
  },
  // A stream that fails ends with message-end holding `delta.error`.
  errorOf: (value, event) => {
    const failed = field(value, "type") === "message-end" ? field(field(value, "delta"), "error") : undefined;
    return typeof failed === "string" ? failed : errorMessage(value, event);
  },
  stream: cohereStreamSupport,
  http: cohereHTTP,
};
