import { toResponsesFormat } from "../../tools/provider-formats.js";
import type { ProviderAdapter } from "../types.js";
import { field, list, parseArguments, resultText } from "../wire.js";

/**
 * OpenAI Responses API: calls are `function_call` output items (answered by `call_id`), answers are
 * `function_call_output` items, tools are flat with `strict` always written.
 *
 * @example
 * toToolMessages(results, "responses"); // [{ type: "function_call_output", call_id: "call_1", output: "21 °C" }]
 */
export const responses: ProviderAdapter = {
  name: "responses",
  conversation: "input",
  calls: (response) =>
    list(response, "output")
      .filter((item) => field(item, "type") === "function_call")
      .map((item) => ({ id: String(field(item, "call_id") ?? field(item, "id") ?? ""), name: String(field(item, "name") ?? ""), arguments: parseArguments(field(item, "arguments")) })),
  toolMessages: (results) => results.map((r) => ({ type: "function_call_output", call_id: r.id, output: resultText(r.result) })),
  // Every output item goes back into the input: reasoning items must precede their function calls.
  assistantMessages: (response) => list(response, "output"),
  text: (response) => {
    const direct = field<string>(response, "output_text");
    if (typeof direct === "string" && direct) return direct;
    const parts = list(response, "output")
      .filter((item) => field(item, "type") === "message")
      .flatMap((item) => list(item, "content"))
      .filter((c) => field(c, "type") === "output_text")
      .map((c) => String(field(c, "text") ?? ""));
    return parts.length ? parts.join("") : undefined;
  },
  truncated: (response) => field(field(response, "incomplete_details"), "reason") === "max_output_tokens",
  withTools: (request, tools, { toolChoice, parallelToolCalls, strict }) => ({
    ...request,
    tools: tools.map((t) => toResponsesFormat(t, strict === undefined ? {} : { strict })),
    ...(toolChoice !== undefined && { tool_choice: typeof toolChoice === "string" ? toolChoice : { type: "function", name: toolChoice.name } }),
    ...(parallelToolCalls !== undefined && { parallel_tool_calls: parallelToolCalls }),
  }),
};
