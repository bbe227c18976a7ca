import { toOpenAIFormat } from "../../tools/formats/openai.js";
import { text } from "../../calls/assemble.js";
import type { ProviderAdapter } from "../../calls/types.js";
import type { OllamaTypes } from "./messages.js";
import { textOnly } from "../../calls/output.js";
import { field, generatedId, list, parseArguments, formatOptions } from "../../calls/wire.js";
import { errorMessage, tokenUsage, userText, responseMismatch } from "../../calls/common.js";
import { ollamaStreamSupport } from "./stream.js";
import { ollamaHTTP } from "./http.js";

// tooltype/providers/ollama: the value, its stream alone (for createToolCallStream without the rest), its tool format
// and its message types.
export { ollamaStream } from "./stream.js";
export { toOpenAIFormat, type OpenAITool } from "../../tools/formats/openai.js";
export type { OllamaMessage, OllamaTypes } from "./messages.js";

/**
 * Ollama chat: calls from `message.tool_calls` (arguments already objects, no ids: stable ones are
 * generated), answers as `{ role: "tool", content, tool_name }`. Ollama has no tool choice.
 *
 * @example
 * toToolMessages(results, "ollama"); // [{ role: "tool", content: "21 °C", tool_name: "get_weather" }]
 */
export const ollama: ProviderAdapter<"ollama", OllamaTypes> = {
  name: "ollama",
  conversation: "messages",
  responseIssue: (response) =>
    responseMismatch(response, "ollama", ["message", "done"], "a /api/chat response (with message)"),
  calls: (response) =>
    list(field(response, "message"), "tool_calls").map((c, i) => {
      const name = text(field(field(c, "function"), "name") ?? "");
      return {
        id: text(field(c, "id") ?? generatedId(name, i)),
        name,
        arguments: parseArguments(field(field(c, "function"), "arguments")),
      };
    }),
  toolMessages: (results, options) =>
    results.map((r) => ({ role: "tool", content: textOnly(r, "ollama", options), tool_name: r.name })),
  assistantMessages: (response) => {
    const m = field(response, "message");
    return m ? [m] : [];
  },
  text: (response) => {
    const content = field(field(response, "message"), "content");
    return typeof content === "string" && content ? content : undefined;
  },
  truncated: (response) => field(response, "done_reason") === "length",
  withTools: (request, tools, options) => ({
    ...request,
    tools: tools.map((t) => toOpenAIFormat(t, formatOptions(options))),
  }),
  userMessage: userText,
  // Ollama reports counts on the response itself: prompt_eval_count (input), eval_count (output).
  usage: (response) => {
    const input = field(response, "prompt_eval_count");
    const output = field(response, "eval_count");
    return input === undefined && output === undefined
      ? undefined
      : tokenUsage({ prompt_eval_count: input, eval_count: output }, input, output);
  },
  // Ollama's errors are `{ error: "text" }`.
  errorOf: (value, event) =>
    typeof field(value, "error") === "string" ? field<string>(value, "error") : errorMessage(value, event),
  stream: ollamaStreamSupport,
  http: ollamaHTTP,
};
