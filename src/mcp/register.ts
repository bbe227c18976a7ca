import { toDraft07 } from "../schema/draft-07.js";
import type { JSONSchema } from "../schema/json-schema.js";
import { ToolRegistry } from "../tools/registry.js";
import type { AnyTool } from "../tools/tool.js";
import { toMCPFormat } from "../tools/provider-formats.js";
import { mcpCallResult, type MCPCallResult } from "./server.js";

/**
 * The part of the MCP SDK's `McpServer` that `registerMCPTools` uses (its `registerTool`), so tooltype needs no import
 * of it.
 *
 * @example
 * const server: MCPToolServer = new McpServer({ name: "weather", version: "1.0.0" });
 */
export interface MCPToolServer {
  registerTool(
    name: string,
    config: { title?: string; description?: string; inputSchema?: unknown; outputSchema?: unknown },
    callback: (args: unknown, extra: unknown) => MCPCallResult | Promise<MCPCallResult>,
  ): unknown;
}

/**
 * Registers tools on the MCP SDK's high-level `McpServer` through its own `registerTool`, so they are listed and
 * called next to tools registered any other way (`mcpHandlers` replaces the low-level `Server`'s handlers, which
 * `McpServer` owns). The SDK 1.x reads schemas as Zod; each tool's is handed over in a Zod-shaped wrapper whose JSON
 * Schema is the tool's own (`tools/list` shows `toMCPFormat`'s schemas, in the draft-07 form the SDK labels them
 * with) and whose check passes the arguments through: the tool checks them itself, so bad arguments come back as an
 * `isError` result the model can act on, never a protocol error. A declared result type becomes the `outputSchema`,
 * and results carry `structuredContent`. The tool's function gets the SDK's `extra` (signal, session, auth) as its
 * context unless `options.context` is given. Returns what `registerTool` returned for each tool.
 *
 * @example
 * import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
 * const server = new McpServer({ name: "weather", version: "1.0.0" });
 * server.registerTool("ping", { description: "Ping." }, () => ({ content: [{ type: "text", text: "pong" }] }));
 * registerMCPTools(server, registry); // ping, and every tool of the registry
 */
export function registerMCPTools(
  server: MCPToolServer,
  tools: ToolRegistry | readonly AnyTool[],
  options: { readonly context?: unknown } = {},
): unknown[] {
  const list = tools instanceof ToolRegistry ? tools.listTools() : [...tools];
  return list.map((tool) => {
    const listed = toMCPFormat(tool, { onIssue: () => {} });
    const config = {
      ...(listed.title !== undefined && { title: listed.title }),
      description: listed.description,
      inputSchema: zodShaped(listed.inputSchema),
      ...(listed.outputSchema && { outputSchema: zodShaped(listed.outputSchema) }),
    };
    return server.registerTool(tool.name, config, async (args, extra) =>
      mcpCallResult(tool, await tool.execute(args ?? {}, "context" in options ? options.context : extra)),
    );
  });
}

/**
 * A JSON Schema in the shape the MCP SDK 1.x reads as a Zod 4 object schema: `_zod.toJSONSchema` is how Zod itself
 * lets a schema write its own JSON Schema, and `_zod.run` is its check (here a pass-through).
 */
function zodShaped(schema: JSONSchema): object {
  const json = JSON.stringify(schema);
  return {
    _zod: {
      def: { type: "object", shape: {} },
      traits: new Set(["$ZodType", "$ZodObject"]),
      bag: {},
      toJSONSchema: () => toDraft07(JSON.parse(json) as Record<string, unknown>),
      run: (payload: { value: unknown; issues: unknown[] }) => payload,
    },
  };
}
