import type { CallTracker, StreamCalls, StreamSupport } from "../../calls/types.js";
import { field, record } from "../../calls/wire.js";
import { text } from "../../calls/assemble.js";

/**
 * The calls of an MCP sampling stream, all that `createToolCallStream` reads: `mcpCalls` and the provider's name. It
 * bundles without the provider's formats and without the reader that rebuilds a whole response (`mcp.stream`, the
 * loop's).
 *
 * @example
 * const stream = createToolCallStream(mcpStream);
 * stream.push(chunk);
 */
export const mcpStream: StreamCalls = { name: "mcp", read: mcpCalls };

/**
 * The provider value's `stream` (`mcp.stream`, what the loop reads): MCP sampling results given in pieces (each a
 * result whose `content` holds whole blocks; `tool_use` blocks are whole calls). The rebuilt response is the last piece
 * holding every block.
 *
 * @example
 * const reader = mcp.stream!.reader(createCallTracker());
 */
export const mcpStreamSupport: StreamSupport = {
  name: "mcp",
  request: (request) => request,
  read: mcpCalls,
  reader(calls) {
    let last: Record<string, unknown> = {};
    const content: unknown[] = [];
    return {
      push(chunk) {
        last = record(chunk);
        for (const block of blocks(chunk)) {
          content.push(block);
          const said = field(block, "type") === "text" ? field(block, "text") : undefined;
          if (typeof said === "string") calls.text(said);
        }
        mcpCalls(last, calls);
      },
      response: () => ({ ...last, content }),
    };
  },
};

/**
 * What one chunk of a mcp stream says of tool calls, told to `calls` (all `createToolCallStream` reads).
 *
 * @example
 * mcpCalls(chunk, tracker);
 */
export function mcpCalls(chunk: object, calls: CallTracker): void {
  for (const block of blocks(chunk)) {
    if (field(block, "type") !== "tool_use") continue;
    const call = calls.open(text(calls.list.length));
    call.id = text(field(block, "id") ?? "");
    call.name = text(field(block, "name") ?? "");
    calls.whole(call, field(block, "input") ?? {});
  }
}

/**
 * A sampling result's content blocks: its `content` is one block or a list of them.
 *
 * @example
 * blocks({ content: { type: "text", text: "Hi" } }); // [{ type: "text", text: "Hi" }]
 */
export function blocks(response: unknown): unknown[] {
  const content = field(response, "content");
  return Array.isArray(content) ? content : content ? [content] : [];
}
