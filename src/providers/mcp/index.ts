import { toMCPFormat } from "../../tools/formats/mcp.js";
import { text } from "../../calls/assemble.js";
import type { ProviderAdapter } from "../../calls/types.js";
import type { MCPTypes } from "./messages.js";
import { field, resultText } from "../../calls/wire.js";
import { mcpContent, mcpStructured } from "../../calls/output.js";
import type { CallResult } from "../../tools/call.js";
import { blocks, mcpStreamSupport } from "./stream.js";
import { errorMessage, responseMismatch } from "../../calls/common.js";

// tooltype/providers/mcp: the value, its stream alone (for createToolCallStream without the rest), its tool format
// and its message types.
export { mcpStream } from "./stream.js";
export { toMCPFormat, type MCPTool } from "../../tools/formats/mcp.js";
export type { MCPSamplingMessage, MCPTypes } from "./messages.js";

/**
 * MCP sampling (`sampling/createMessage` with tools): calls are `tool_use` content blocks of the result,
 * answered by a `user` message of `tool_result` blocks (`toolUseId`, content blocks: text, and a tool's
 * images and files as `image` and `resource` blocks, its one JSON object as `structuredContent`; `isError`).
 *
 * @example
 * toToolMessages(results, "mcp");
 * // [{ role: "user", content: [{ type: "tool_result", toolUseId: "t1", content: [{ type: "text", text: "21 °C" }] }]
 * // }]
 */
export const mcp: ProviderAdapter<"mcp", MCPTypes> = {
  name: "mcp",
  toolFormat: "mcp",
  conversation: "messages",
  responseIssue: (response) =>
    responseMismatch(response, "mcp", ["content"], "a sampling result (CreateMessageResult, with content)"),
  calls: (response) =>
    blocks(response)
      .filter((b) => field(b, "type") === "tool_use")
      .map((b) => ({
        id: text(field(b, "id") ?? ""),
        name: text(field(b, "name") ?? ""),
        arguments: field(b, "input") ?? {},
      })),
  toolMessages: (results) => (results.length ? [{ role: "user", content: results.map(toolResult) }] : []),
  assistantMessages: (response) => [{ role: "assistant", content: blocks(response) }],
  text: (response) => {
    const texts = blocks(response)
      .filter((b) => field(b, "type") === "text")
      .map((b) => text(field(b, "text") ?? ""));
    return texts.length ? texts.join("") : undefined;
  },
  truncated: (response) => field(response, "stopReason") === "maxTokens",
  withTools: (request, tools, { toolChoice }) => ({
    ...request,
    tools: tools.map((t) => toMCPFormat(t)),
    ...(toolChoice !== undefined && { toolChoice: { mode: typeof toolChoice === "string" ? toolChoice : "required" } }),
  }),
  userMessage: (text) => ({ role: "user", content: { type: "text", text } }),
  errorOf: errorMessage,
  stream: mcpStreamSupport,
};

function toolResult(call: CallResult): Record<string, unknown> {
  const { result } = call;
  if (!result.success || !result.output)
    return {
      type: "tool_result",
      toolUseId: call.id,
      content: [{ type: "text", text: resultText(result) }],
      ...(!result.success && { isError: true }),
    };
  const structured = mcpStructured(result.output);
  return {
    type: "tool_result",
    toolUseId: call.id,
    content: mcpContent(result.output),
    ...(structured && { structuredContent: structured }),
  };
}
