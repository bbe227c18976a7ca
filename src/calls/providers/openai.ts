import { toOpenAIFormat } from "../../tools/provider-formats.js";
import type { ProviderAdapter } from "../types.js";
import { field, list, parseArguments, resultText } from "../wire.js";

/**
 * OpenAI Chat Completions: calls from `choices[0].message.tool_calls`, answers as
 * `{ role: "tool", tool_call_id, content }`, `tool_choice` and `parallel_tool_calls` as the API spells them.
 *
 * @example
 * parseToolCalls(completion, "openai"); // [{ id: "call_1", name: "get_weather", arguments: { location: "Paris" } }]
 */
export const openai: ProviderAdapter = {
  name: "openai",
  conversation: "messages",
  calls: (response) =>
    list(message(response), "tool_calls")
      .filter((c) => field(c, "type") === undefined || field(c, "type") === "function")
      .map((c) => ({ id: String(field(c, "id") ?? ""), name: String(field(field(c, "function"), "name") ?? ""), arguments: parseArguments(field(field(c, "function"), "arguments")) })),
  toolMessages: (results) => results.map((r) => ({ role: "tool", tool_call_id: r.id, content: resultText(r.result) })),
  assistantMessages: (response) => {
    const m = message(response) as Record<string, unknown> | undefined;
    if (!m) return [];
    const calls = list(m, "tool_calls");
    // Seed 002: the assistant message carries its tool_calls before the tool outputs.
    return [{ role: "assistant", content: m.content ?? null, ...(calls.length && { tool_calls: calls }) }];
  },
  text: (response) => (field<string>(message(response), "content") ?? undefined) || undefined,
  withTools: (request, tools, { toolChoice, parallelToolCalls, strict }) => ({
    ...request,
    tools: tools.map((t) => toOpenAIFormat(t, strict === undefined ? {} : { strict })),
    ...(toolChoice !== undefined && { tool_choice: typeof toolChoice === "string" ? toolChoice : { type: "function", function: { name: toolChoice.name } } }),
    ...(parallelToolCalls !== undefined && { parallel_tool_calls: parallelToolCalls }),
  }),
};

function message(response: unknown): unknown {
  return field(list(response, "choices")[0], "message");
}
