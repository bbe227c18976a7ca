// Our tools converted for the frameworks type-check against their own definitions: the AI SDK's tools map and
// tool(), the OpenAI Agents SDK's tool(), and the MCP SDK's McpServer for registerMCPTools.
import { generateText, tool as aiTool, type ToolSet } from "ai";
import { Agent, tool as agentsTool } from "@openai/agents";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { t, tool, toAISDKTool, toAgentsTool, registerMCPTools, ToolRegistry } from "tooltype";

const weather = tool({
  name: "get_weather",
  description: "W.",
  parameters: t.object({ city: t.string() }),
  execute: ({ city }) => ({ city, temperature: 21 }),
});

const tools: ToolSet = { get_weather: toAISDKTool(weather), wrapped: aiTool(toAISDKTool(weather)) };
declare const model: Parameters<typeof generateText>[0]["model"];
void generateText({ model, prompt: "Weather?", tools });

void new Agent({ name: "Weather", instructions: "Use the tool.", tools: [agentsTool(toAgentsTool(weather))] });

registerMCPTools(new McpServer({ name: "x", version: "1.0.0" }), new ToolRegistry().register(weather));
