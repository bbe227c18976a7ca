import { toAnthropicFormat } from "../../tools/provider-formats.js";
import type { ProviderAdapter, ToolChoice } from "../types.js";
import { field, list, resultText } from "../wire.js";

/**
 * Anthropic Messages API: calls are `tool_use` content blocks, answered by ONE `user` message of
 * `tool_result` blocks (`is_error` on failures); `tool_choice` is `{ type: "auto" | "any" | "tool" | "none" }`.
 *
 * @example
 * toToolMessages(results, "anthropic"); // [{ role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "21 °C" }] }]
 */
export const anthropic: ProviderAdapter = {
  name: "anthropic",
  conversation: "messages",
  calls: (response) =>
    list(response, "content")
      .filter((b) => field(b, "type") === "tool_use")
      .map((b) => ({ id: String(field(b, "id") ?? ""), name: String(field(b, "name") ?? ""), arguments: field(b, "input") ?? {} })),
  toolMessages: (results) =>
    results.length
      ? [{ role: "user", content: results.map((r) => ({ type: "tool_result", tool_use_id: r.id, content: resultText(r.result), ...(!r.result.success && { is_error: true }) })) }]
      : [],
  assistantMessages: (response) => [{ role: "assistant", content: list(response, "content") }],
  text: (response) => {
    const parts = list(response, "content").filter((b) => field(b, "type") === "text").map((b) => String(field(b, "text") ?? ""));
    return parts.length ? parts.join("") : undefined;
  },
  truncated: (response) => field(response, "stop_reason") === "max_tokens",
  withTools: (request, tools, { toolChoice, parallelToolCalls, strict }) => {
    const choice = anthropicChoice(toolChoice ?? (parallelToolCalls === false ? "auto" : undefined), parallelToolCalls);
    return { ...request, tools: tools.map((t) => toAnthropicFormat(t, strict === undefined ? {} : { strict })), ...(choice && { tool_choice: choice }) };
  },
};

function anthropicChoice(choice: ToolChoice | undefined, parallel: boolean | undefined): Record<string, unknown> | undefined {
  if (choice === undefined) return undefined;
  const single = parallel === false ? { disable_parallel_tool_use: true } : {};
  if (choice === "none") return { type: "none" };
  if (choice === "auto") return { type: "auto", ...single };
  if (choice === "required") return { type: "any", ...single };
  return { type: "tool", name: choice.name, ...single };
}
