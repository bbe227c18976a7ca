// MCP servers as tools: a server's tools (over the MCP SDK's in-memory transport here, so every runtime runs it;
// test/agent.e2e.mjs spawns one over stdio and reaches one over streamable HTTP) become Tools whose inputSchema
// tooltype's guard checks before the server sees a call, in one loop with local tools.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { t, tool, runTools, mcpTools, mcpValidator, toOpenAIFormat, ToolRegistry } from "tooltype";

const LISTING = [
  {
    name: "search",
    description: "Searches the knowledge base.",
    inputSchema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { query: { type: "string", minLength: 1 }, limit: { type: "integer", maximum: 10 } },
      required: ["query"],
      additionalProperties: false,
    },
  },
  { name: "fail", description: "Always fails.", inputSchema: { type: "object", properties: {} } },
  {
    name: "weird",
    description: "A schema tooltype cannot check.",
    inputSchema: { type: "object", properties: { a: { $dynamicRef: "#node" } } },
  },
  {
    name: "admin.reindex",
    description: "A name MCP allows and OpenAI does not.",
    inputSchema: { type: "object", properties: {} },
  },
  {
    name: "stats",
    title: "Statistics",
    inputSchema: { type: "object", properties: { of: { type: "string", enum: ["docs", "users"] } }, required: ["of"] },
    outputSchema: { type: "object", properties: { count: { type: "integer" } }, required: ["count"] },
  },
];

async function connected() {
  const calls: { name: string; arguments: unknown }[] = [];
  const server = new Server({ name: "kb", version: "1.0.0" }, { capabilities: { tools: {} } });
  // Two pages of tools/list: the client must follow nextCursor.
  server.setRequestHandler(ListToolsRequestSchema, ({ params }) =>
    params?.cursor === "page2" ? { tools: LISTING.slice(2) } : { tools: LISTING.slice(0, 2), nextCursor: "page2" },
  );
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
    calls.push({ name: params.name, arguments: params.arguments });
    if (params.name === "fail")
      return { isError: true, content: [{ type: "text", text: "The index is being rebuilt; try in a minute." }] };
    if (params.name === "stats")
      return { content: [{ type: "text", text: '{"count":42}' }], structuredContent: { count: 42 } };
    return { content: [{ type: "text", text: `3 results for ${(params.arguments as { query: string }).query}` }] };
  });
  const client = new Client({ name: "test", version: "1.0.0" }, { jsonSchemaValidator: mcpValidator() });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  return { calls, client, close: () => client.close() };
}

const mcp = suite("mcpTools: an MCP server's tools as Tools, checked by tooltype's guard");

mcp(
  "tools from every page, prefixed; a schema the guard cannot check, or a name not every provider takes, is skipped with the reason",
  async () => {
    const { client, close } = await connected();
    try {
      const { tools, skipped } = await mcpTools(client, { prefix: "kb_" });
      assert.equal(
        tools.map((x) => x.name),
        ["kb_search", "kb_fail", "kb_stats"],
      );
      assert.equal(
        skipped.map((s) => s.name),
        ["kb_weird", "kb_admin.reindex"],
      );
      assert.match(skipped[0]!.reason, /\$dynamicRef/);
      assert.match(skipped[1]!.reason, /the name "kb_admin\.reindex" is not usable: .*which every provider takes/);
      assert.is(tools[2]!.description, "Statistics", "the title when there is no description");
      assert.equal(toOpenAIFormat(tools[0]!).function.parameters, {
        type: "object",
        properties: { query: { type: "string", minLength: 1 }, limit: { type: "integer", maximum: 10 } },
        required: ["query"],
        additionalProperties: false,
      });
    } finally {
      await close();
    }
  },
);

mcp("bad arguments are answered by the guard and never reach the server; good ones do", async () => {
  const { client, calls, close } = await connected();
  try {
    const { tools } = await mcpTools(client);
    const search = tools.find((x) => x.name === "search")!;
    const bad = await search.execute({ query: "", limit: 50, extra: true });
    assert.is(bad.success, false);
    assert.match(
      (bad as { error: string }).error,
      /at \/query: .*at least 1[\s\S]*at \/limit: Expected a number <= 10[\s\S]*extra/,
    );
    assert.equal(calls, []);
    assert.equal(await search.execute('{"query":"tooltype"}'), { success: true, value: "3 results for tooltype" });
    assert.equal(calls, [{ name: "search", arguments: { query: "tooltype" } }]);
  } finally {
    await close();
  }
});

mcp("isError is a failed result with the server's text (not logged); structuredContent is the value", async () => {
  const { client, close } = await connected();
  const logged: string[] = [];
  try {
    const { tools } = await mcpTools(client, { logger: { error: (m) => void logged.push(m) } });
    const fail = await tools.find((x) => x.name === "fail")!.execute({});
    assert.equal(fail, { success: false, error: 'Tool "fail" failed: The index is being rebuilt; try in a minute.' });
    assert.equal(logged, []);
    assert.equal(await tools.find((x) => x.name === "stats")!.execute({ of: "docs" }), {
      success: true,
      value: { count: 42 },
    });
  } finally {
    await close();
  }
});

mcp("a closed connection is a failed result, logged as a fault, not a crash", async () => {
  const { client, close } = await connected();
  const logged: string[] = [];
  const { tools } = await mcpTools(client, { logger: { error: (m) => void logged.push(m) } });
  await close();
  const result = await tools[0]!.execute({ query: "x" });
  assert.is(result.success, false);
  assert.is(logged.length, 1);
});

mcp("include, needsApproval from the listing, timeout and category are applied", async () => {
  const { client, close } = await connected();
  try {
    const { tools } = await mcpTools(client, {
      include: ["search", "stats"],
      needsApproval: (listing) => listing.name === "stats",
      timeout: 2000,
      category: "kb",
    });
    assert.equal(
      tools.map((x) => [x.name, x.needsApproval ?? false, x.timeout, x.category]),
      [
        ["search", false, 2000, "kb"],
        ["stats", true, 2000, "kb"],
      ],
    );
    const error = await mcpTools({} as never).then(
      () => undefined,
      (e: Error) => e,
    );
    assert.match(error!.message, /expects a connected MCP client/);
  } finally {
    await close();
  }
});

mcp("one loop mixes local and remote tools", async () => {
  const { client, calls, close } = await connected();
  try {
    const remote = await mcpTools(client, { prefix: "kb_" });
    const local = tool({
      name: "get_time",
      description: "The time.",
      parameters: t.object({}),
      execute: () => "12:00",
    });
    const registry = new ToolRegistry().register(local, remote.tools);
    const answers = [
      {
        choices: [
          {
            message: {
              role: "assistant",
              content: null,
              tool_calls: [
                { id: "c1", type: "function", function: { name: "kb_search", arguments: '{"query":"MCP"}' } },
                { id: "c2", type: "function", function: { name: "get_time", arguments: "{}" } },
              ],
            },
          },
        ],
      },
      { choices: [{ message: { role: "assistant", content: "3 results at 12:00." } }] },
    ];
    const sent: any[] = [];
    const out = await runTools({
      provider: "openai",
      chat: (r) => (sent.push(r), answers[sent.length - 1]),
      request: { model: "m", messages: [] },
      registry,
    });
    assert.is(out.text, "3 results at 12:00.");
    assert.equal(
      sent[1].messages.slice(-2).map((m: any) => m.content),
      ["3 results for MCP", "12:00"],
    );
    assert.equal(
      sent[0].tools.map((x: any) => x.function.name),
      ["get_time", "kb_search", "kb_fail", "kb_stats"],
    );
    assert.is(calls.length, 1);
  } finally {
    await close();
  }
});

mcp.run();
