import { toOpenAIFormat } from "../../tools/provider-formats.js";
import type { ProviderAdapter } from "../../calls/types.js";
import { textOnly } from "../../calls/output.js";
import { field, generatedId, list, parseArguments, formatOptions } from "../../calls/wire.js";

/**
 * Ollama chat: calls from `message.tool_calls` (arguments already objects, no ids: stable ones are
 * generated), answers as `{ role: "tool", content, tool_name }`. Ollama has no tool choice.
 *
 * @example
 * toToolMessages(results, "ollama"); // [{ role: "tool", content: "21 °C", tool_name: "get_weather" }]
 */
export const ollama: ProviderAdapter = {
  name: "ollama",
  conversation: "messages",
  calls: (response) =>
    list(field(response, "message"), "tool_calls").map((c, i) => {
      const name = String(field(field(c, "function"), "name") ?? "");
      return {
        id: String(field(c, "id") ?? generatedId(name, i)),
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
};
