// The conversation entries the mcp adapter writes and reads, as structural types (see calls/messages.ts).

/**
 * An MCP sampling message (`sampling/createMessage` with tools).
 *
 * @example
 * { role: "user", content: [{ type: "tool_result", toolUseId: "c1", content: [{ type: "text", text: "3" }] }] }
 */
export interface MCPSamplingMessage {
  role: "user" | "assistant";
  content: (
    | { type: "text"; text: string }
    | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
    | {
        type: "tool_result";
        toolUseId: string;
        content: (
          | { type: "text"; text: string }
          | { type: "image"; data: string; mimeType: string }
          | { type: "resource"; resource: { uri: string; mimeType: string; blob: string } }
        )[];
        structuredContent?: Record<string, unknown>;
        isError?: boolean;
      }
  )[];
}

/** What the `mcp` value reads and writes, for types (see `ProviderTypes`). @example ToolMessageOf<typeof mcp> */
export interface MCPTypes {
  tool: MCPSamplingMessage & { role: "user" };
  assistant: MCPSamplingMessage & { role: "assistant" };
  request: { readonly messages?: readonly { readonly role: "user" | "assistant" }[] };
  conversation: "messages";
}
