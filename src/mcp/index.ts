/**
 * `tooltype/mcp`: serving tools over the Model Context Protocol (on stdio with `serveMCP`, over streamable
 * HTTP with `mcpHttpHandler`, or through the SDK with handlers for `tools/list` and `tools/call`), checking an
 * MCP client's tool results with tooltype's guard, and the other way round: an MCP server's tools as `Tool`s
 * for the agent loop (`mcpTools`, `connectMCP`).
 *
 * @example
 * import { mcpHandlers, connectMCP } from "tooltype/mcp";
 * const { listTools, callTool } = mcpHandlers(registry);
 * const { tools, close } = await connectMCP({ command: "node", args: ["server.mjs"] });
 */
export { mcpHandlers, mcpCallResult, mcpValidator, type MCPCallResult } from "./server.js";
export { registerMCPTools, type MCPToolServer } from "./register.js";
export {
  serveMCP,
  MCP_PROTOCOL_VERSIONS,
  JSONRPC_ERRORS,
  type ServeMCPOptions,
  type MCPProtocolOptions,
  type MCPToolExtras,
  type MCPInput,
  type MCPOutput,
  type MCPSessionState,
} from "./serve.js";
export { mcpHttpHandler, type MCPHttpOptions } from "./http.js";
export { memorySessions, type MCPSessionStore } from "./sessions.js";
export { LOG_LEVELS, elicitationSchema } from "../tools/asks.js";
export {
  mcpTools,
  connectMCP,
  type MCPClientLike,
  type MCPListedTool,
  type MCPToolsOptions,
  type MCPTools,
  type MCPToolIssue,
  type MCPServer,
  type MCPConnection,
} from "./client.js";
export { oauthProvider, type MCPOAuthProvider, type MCPOAuthTokens, type OAuthProviderOptions } from "./oauth.js";
export {
  elicitAnswer,
  type MCPClientHandlers,
  type MCPElicitRequest,
  type MCPElicitResult,
  type MCPSampleRequest,
  type MCPSampleResult,
  type MCPLogMessage,
} from "./client-handlers.js";
