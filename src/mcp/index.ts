/**
 * `tooltype/mcp`: serving tools over the Model Context Protocol (handlers for `tools/list` and
 * `tools/call`), and checking an MCP client's tool results with tooltype's guard.
 *
 * @example
 * import { mcpHandlers } from "tooltype/mcp";
 * const { listTools, callTool } = mcpHandlers(registry);
 */
export { mcpHandlers, mcpCallResult, mcpValidator, type MCPCallResult } from "./server.js";
export { registerMCPTools, type MCPToolServer } from "./register.js";
export { serveMCP, MCP_PROTOCOL_VERSIONS, JSONRPC_ERRORS, type ServeMCPOptions, type MCPInput, type MCPOutput } from "./serve.js";
