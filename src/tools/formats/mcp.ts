import type { JSONSchema } from "../../schema/json-schema.js";
import { mcp } from "../../schema/dialects/plain.js";
import type { DialectRules, FormatOptions, FormattableTool } from "../format-types.js";
import { checkName, fullDescription, schemaFor } from "../format-rules.js";
import { noCallers } from "./callers.js";

/**
 * An MCP tool, as `tools/list` lists it.
 *
 * @example
 * {
 *   name: "get_weather",
 *   description: "Current weather for a city.",
 *   inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
 * }
 */
export interface MCPTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: JSONSchema & { type: "object" };
  outputSchema?: JSONSchema & { type: "object" };
}

// MCP's rule for tool names: "between 1 and 128 characters ... A-Z, a-z, 0-9, _, -, ."
// (https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool-names).
/** The tool names MCP takes. @example MCP_NAMES.test("weather.get"); // true */
export const MCP_NAMES = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * MCP's schema rules (JSON Schema 2020-12 with an object root; no strict form), for another wire in front of an MCP
 * consumer's rules.
 *
 * @example
 * toOpenAIFormat(weather, { dialect: MCP_RULES });
 */
export const MCP_RULES: DialectRules = { plain: mcp, strict: mcp };

/**
 * An MCP tool: `inputSchema`, and `outputSchema` from `returns` (wrapped in `{ result }` when it is not an object, as
 * MCP requires).
 *
 * @example
 * toMCPFormat(weather);
 * // { name: "get_weather", description: "Current weather for a city.", inputSchema: { type: "object", properties: {
 * // city: { type: "string" } }, required: ["city"] } }
 */
export function toMCPFormat(tool: FormattableTool, options: FormatOptions = {}): MCPTool {
  const name = checkName(tool, "mcp", MCP_NAMES);
  const out: MCPTool = {
    name,
    description: fullDescription(tool),
    inputSchema: schemaFor(tool, tool.parameters, mcp, "mcp", options) as MCPTool["inputSchema"],
  };
  noCallers(tool, "mcp", options);
  if (tool.returns) out.outputSchema = mcpOutputSchema(tool.returns);
  return out;
}

/** MCP output schemas must be objects: a non-object result is described as `{ result: ... }`. */
function mcpOutputSchema(returns: JSONSchema): MCPTool["outputSchema"] & object {
  if (returns.type === "object") return returns as MCPTool["inputSchema"];
  const { $defs, ...result } = returns;
  return { type: "object", properties: { result }, required: ["result"], ...($defs !== undefined && { $defs }) };
}
