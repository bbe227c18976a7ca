// Our tools inside agent frameworks, each with the real package: the AI SDK (`toAISDKTool`), the OpenAI Agents SDK
// (`toAgentsTool` with its `tool()`), and the MCP SDK's high-level `McpServer` (`registerMCPTools`, next to a tool it
// registered itself), served over its in-memory transport to its own Client. The models are fakes driven by the
// frameworks' own loops, so what each framework sent and did with our results is checked.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  t,
  tool,
  ToolRegistry,
  toAISDKTool,
  toAgentsTool,
  registerMCPTools,
  ToolCallError,
  mcpValidator,
} from "tooltype";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import {
  Agent,
  Runner,
  Usage,
  tool as agentsTool,
  type Model,
  type ModelRequest,
  type ModelResponse,
} from "@openai/agents";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import * as z from "zod";

const quiet = { error: () => {}, warn: () => {} };
const seen: unknown[] = [];
const weather = tool({
  name: "get_weather",
  description: "Current weather for a city.",
  parameters: t.object({
    city: t.string(),
    unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }),
    when: t.optional(t.datetime()),
  }),
  returns: t.object({ city: t.string(), temperature: t.number() }),
  logger: quiet,
  execute: ({ city, unit, when }) => {
    seen.push({ city, unit, when });
    return { city, temperature: unit === "celsius" ? 21 : 70 };
  },
});
const json = <T>(value: T): T => JSON.parse(JSON.stringify(value));

// ---- AI SDK ---------------------------------------------------------------------------------------------------

type Turn = Awaited<ReturnType<MockLanguageModelV4["doGenerate"]>>;
const usage: Turn["usage"] = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const calls = (...list: [string, string][]): Turn => ({
  content: list.map(([toolCallId, input]) => ({
    type: "tool-call" as const,
    toolCallId,
    toolName: "get_weather",
    input,
  })),
  finishReason: { unified: "tool-calls", raw: "tool_calls" },
  usage,
  warnings: [],
});
const answer = (text: string): Turn => ({
  content: [{ type: "text", text }],
  finishReason: { unified: "stop", raw: "stop" },
  usage,
  warnings: [],
});

const aiSdk = suite("AI SDK: toAISDKTool(tool) in generateText, with the SDK's mock model");

aiSdk(
  "the model is sent the tool's schema; calls are checked, decoded and run by the tool; results and errors go back",
  async () => {
    seen.length = 0;
    const model = new MockLanguageModelV4({
      doGenerate: [
        calls(["c1", '{"city":"Paris","when":"2025-05-01T12:00:00Z"}'], ["c2", '{"city":5}']),
        answer("Done."),
      ],
    });
    const result = await generateText({
      model,
      prompt: "Weather in Paris?",
      tools: { get_weather: toAISDKTool(weather) },
      stopWhen: stepCountIs(2),
    });

    const sent = model.doGenerateCalls[0]!.tools!.find((x) => x.type === "function" && x.name === "get_weather") as {
      description?: string;
      inputSchema: Record<string, unknown>;
    };
    assert.is(sent.description, weather.description);
    assert.equal(Object.keys(sent.inputSchema.properties as object), ["city", "unit", "when"]);
    assert.equal(sent.inputSchema.required, ["city"]);
    // The tool's own execute ran: the default filled in, the date decoded.
    assert.equal(seen, [{ city: "Paris", unit: "celsius", when: new Date("2025-05-01T12:00:00Z") }]);
    assert.is(result.text, "Done.");
    const back = Object.fromEntries(
      model.doGenerateCalls[1]!.prompt.filter((m) => m.role === "tool")
        .flatMap((m) => m.content)
        .flatMap((p) => (p.type === "tool-result" ? [[p.toolCallId, p.output]] : [])),
    );
    assert.equal(back.c1, { type: "json", value: { city: "Paris", temperature: 21 } });
    assert.is((back.c2 as { type: string }).type, "error-text", "the bad call is reported to the model");
    assert.match(String((back.c2 as { value: unknown }).value), /Expected string/);
  },
);

aiSdk("a failed result is thrown as a ToolCallError carrying the tool's message", async () => {
  const failing = tool({
    name: "fails",
    description: "Fails.",
    parameters: t.object({}),
    logger: quiet,
    execute: () => {
      throw new Error("no network");
    },
  });
  const converted = toAISDKTool(failing);
  try {
    await converted.execute({});
    assert.unreachable("should throw");
  } catch (error) {
    assert.instance(error, ToolCallError);
    assert.is((error as ToolCallError).tool, "fails");
    assert.is((error as Error).message, 'Tool "fails" failed: no network');
  }
  // The input schema speaks Standard JSON Schema in both drafts the SDK asks for.
  const tuple = toAISDKTool(
    tool({
      name: "pt",
      description: "P.",
      parameters: t.object({ at: t.tuple([t.number(), t.number()]) }),
      execute: ({ at }) => at,
    }),
  );
  const draft07 = tuple.inputSchema["~standard"].jsonSchema.input({ target: "draft-07" }) as {
    properties: { at: Record<string, unknown> };
  };
  assert.ok(Array.isArray(draft07.properties.at.items), "draft-07: the tuple as an items list");
});

aiSdk("a tool's image reaches the model as a file part; a call's abort signal reaches the tool", async () => {
  const png = "iVBORw0KGgo=";
  let signalled = false;
  const chart = tool({
    name: "get_weather",
    description: "Draws the weather.",
    parameters: t.object({ city: t.string() }),
    toModelOutput: (value: { city: string }) => [
      { type: "text", text: `Chart of ${value.city}` },
      { type: "image", data: png, mediaType: "image/png" },
      { type: "json", value: { city: value.city } },
    ],
    execute: ({ city }, _context, { signal }) => {
      signalled = signal instanceof AbortSignal;
      return { city };
    },
  });
  const model = new MockLanguageModelV4({ doGenerate: [calls(["c1", '{"city":"Oslo"}']), answer("Done.")] });
  await generateText({
    model,
    prompt: "Chart?",
    tools: { get_weather: toAISDKTool(chart) },
    stopWhen: stepCountIs(2),
    abortSignal: new AbortController().signal,
  });
  const [output] = model.doGenerateCalls[1]!.prompt.filter((m) => m.role === "tool")
    .flatMap((m) => m.content)
    .flatMap((p) => (p.type === "tool-result" ? [p.output] : []));
  assert.equal(json(output), {
    type: "content",
    value: [
      { type: "text", text: "Chart of Oslo" },
      { type: "file", mediaType: "image/png", data: { type: "data", data: png } },
      { type: "text", text: '{"city":"Oslo"}' },
    ],
  });
  assert.ok(signalled, "the SDK's abortSignal reached the tool's function");
  // A tool without parts: text stays text, anything else is JSON data.
  const plain = toAISDKTool(weather);
  assert.equal(plain.toModelOutput({ toolCallId: "x", output: "hi" }), { type: "text", value: "hi" });
  assert.equal(plain.toModelOutput({ toolCallId: "y", output: { at: new Date(0) } }), {
    type: "json",
    value: { at: "1970-01-01T00:00:00.000Z" },
  });
});

aiSdk.run();

// ---- OpenAI Agents SDK ------------------------------------------------------------------------------------

/** A model for the Agents SDK that plays recorded turns and keeps the requests it was given. */
function fakeModel(turns: ModelResponse["output"][]): Model & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    requests,
    async getResponse(request) {
      requests.push(request);
      const output = turns.shift();
      if (!output) throw new Error("the fake model has no more turns");
      return { usage: new Usage(), output, responseId: `resp_${requests.length}` };
    },
    // biome-ignore lint/correctness/useYield: the runner asks for a stream this test never gives
    async *getStreamedResponse() {
      throw new Error("not streamed in this test");
    },
  };
}
const callTurn = (callId: string, args: string): ModelResponse["output"] => [
  { type: "function_call", callId, name: "get_weather", arguments: args, status: "completed" },
];
const textTurn = (text: string): ModelResponse["output"] => [
  { type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text }] },
];

const agents = suite("OpenAI Agents SDK: tool(toAgentsTool(tool)) run by its Runner");

agents("the agent sends the strict schema, runs our tool on the model's call, and answers", async () => {
  seen.length = 0;
  const model = fakeModel([
    callTurn("call_1", '{"city":"Oslo","unit":"fahrenheit","when":null}'),
    textTurn("70 °F in Oslo."),
  ]);
  const agent = new Agent({
    name: "Weather",
    instructions: "Use the tool.",
    model,
    tools: [agentsTool(toAgentsTool(weather))],
  });
  const result = await new Runner({ tracingDisabled: true }).run(agent, "Weather in Oslo?");

  assert.is(result.finalOutput, "70 °F in Oslo.");
  // strict mode's null for the absent `when` is undone before the function runs
  assert.equal(seen, [{ city: "Oslo", unit: "fahrenheit", when: undefined }]);
  const sent = model.requests[0]!.tools.find((x) => x.type === "function") as {
    name: string;
    strict: boolean;
    parameters: Record<string, unknown>;
  };
  assert.is(sent.name, "get_weather");
  assert.is(sent.strict, true);
  assert.equal(sent.parameters, json(weather.toOpenAIFormat({ strict: true }).function.parameters));
  const output = (model.requests[1]!.input as { type?: string; callId?: string; output?: unknown }[]).find(
    (i) => i.type === "function_call_result",
  );
  assert.is(output?.callId, "call_1");
  assert.match(JSON.stringify(output?.output), /temperature.*70/);
});

agents("bad arguments: the SDK hands our error text to the model, which can correct itself", async () => {
  seen.length = 0;
  const failedText = ((await weather.execute({ city: 7, unit: "kelvin", when: null })) as { error: string }).error;
  assert.match(failedText, /^Invalid arguments for tool "get_weather":\n- at \/city: Expected string/);
  const model = fakeModel([
    callTurn("call_bad", '{"city":7,"unit":"kelvin","when":null}'),
    callTurn("call_ok", '{"city":"Rome","unit":"celsius","when":null}'),
    textTurn("21 °C in Rome."),
  ]);
  const agent = new Agent({
    name: "Weather",
    instructions: "Use the tool.",
    model,
    tools: [agentsTool(toAgentsTool(weather))],
  });
  const result = await new Runner({ tracingDisabled: true }).run(agent, "Weather in Rome?");
  assert.is(result.finalOutput, "21 °C in Rome.");
  assert.equal(seen, [{ city: "Rome", unit: "celsius", when: undefined }]);
  const first = (model.requests[1]!.input as { type?: string; callId?: string; output?: unknown }[]).find(
    (i) => i.type === "function_call_result" && i.callId === "call_bad",
  );
  assert.equal(first?.output, { type: "text", text: failedText });
});

agents.run();

// ---- MCP SDK: McpServer.registerTool ------------------------------------------------------------------------

const mcp = suite(
  "MCP SDK: registerMCPTools(McpServer, registry) beside the SDK's own registerTool, over its in-memory transport",
);

async function connected(server: McpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  // tooltype's guards as the client's validator: the SDK's default (Ajv) generates code, refused under a CSP.
  const client = new Client({ name: "test", version: "1.0.0" }, { jsonSchemaValidator: mcpValidator() });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

mcp("tools/list has both; tools/call runs ours (structuredContent checked by the SDK client) and theirs", async () => {
  const server = new McpServer({ name: "weather", version: "1.0.0" });
  server.registerTool("echo", { description: "Echoes.", inputSchema: { text: z.string() } }, ({ text }) => ({
    content: [{ type: "text", text }],
  }));
  const time = tool({
    name: "get_time",
    description: "Local time.",
    parameters: t.object({ city: t.string() }),
    execute: ({ city }) => `12:00 in ${city}`,
  });
  const registered = registerMCPTools(server, new ToolRegistry({ logger: quiet }).register(weather, time));
  assert.is(registered.length, 2);
  const client = await connected(server);
  try {
    const { tools } = await client.listTools();
    assert.equal(
      tools.map((x) => x.name),
      ["echo", "get_weather", "get_time"],
    );
    const listed = tools.find((x) => x.name === "get_weather")!;
    const { $schema: _, ...input } = listed.inputSchema as Record<string, unknown>;
    assert.equal(input, json(weather.toMCPFormat().inputSchema));
    assert.ok(listed.outputSchema, "a declared result type is the output schema");

    seen.length = 0;
    const ours = await client.callTool({
      name: "get_weather",
      arguments: { city: "Kyoto", when: "2025-01-01T00:00:00Z" },
    });
    assert.equal(ours.structuredContent, { city: "Kyoto", temperature: 21 });
    assert.not.ok(ours.isError);
    assert.equal(seen, [{ city: "Kyoto", unit: "celsius", when: new Date("2025-01-01T00:00:00Z") }]);
    assert.equal(await client.callTool({ name: "get_time", arguments: { city: "Kyoto" } }), {
      content: [{ type: "text", text: "12:00 in Kyoto" }],
    });
    assert.equal((await client.callTool({ name: "echo", arguments: { text: "hi" } })).content, [
      { type: "text", text: "hi" },
    ]);

    // Bad arguments are a tool error the model can read, not a protocol error.
    const bad = await client.callTool({ name: "get_weather", arguments: { city: 3 } });
    assert.is(bad.isError, true);
    assert.match(
      (bad.content as { text: string }[])[0]!.text,
      /Invalid arguments for tool "get_weather":\n- at \/city: Expected string/,
    );
  } finally {
    await client.close();
  }
});

mcp("a tool whose function fails, or returns outside its type, is an isError result", async () => {
  const server = new McpServer({ name: "x", version: "1.0.0" });
  const wrong = tool({
    name: "wrong",
    description: "W.",
    parameters: t.object({}),
    returns: t.object({ n: t.number() }),
    logger: quiet,
    execute: () => ({ n: "one" }) as never,
  });
  registerMCPTools(server, [wrong]);
  const client = await connected(server);
  try {
    const result = await client.callTool({ name: "wrong", arguments: {} });
    assert.is(result.isError, true);
    assert.match((result.content as { text: string }[])[0]!.text, /returned a value outside its declared result type/);
  } finally {
    await client.close();
  }
});

mcp.run();
