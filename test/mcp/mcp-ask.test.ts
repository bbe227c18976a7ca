// Tools that ask: log, elicit and sample in a served tool's extras, over serveMCP (stdio, in process) and over
// mcpHttpHandler with sessions, each driven by the official MCP SDK's Client with its own request handlers.
// logging/setLevel filters the log; a client that did not declare elicitation gets a clear error in the tool, not
// a hang; elicit's requestedSchema is MCP's flat form and its answer is checked against the t schema.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";
import { fromJSONSchema, t, tool, ToolRegistry } from "tooltype";
import { elicitationSchema, mcpHttpHandler, serveMCP } from "tooltype/mcp";

const confirm = tool({
  name: "delete_files",
  description: "Deletes files after the person confirms.",
  parameters: t.object({ count: t.integer() }),
  execute: async ({ count }, _context, { elicit, log }) => {
    log?.("debug", "asking");
    log?.("info", { count });
    const answer = await elicit!(
      `Delete ${count} files?`,
      t.object({ confirm: t.boolean({ description: "Yes, delete them" }), reason: t.optional(t.string()) }),
    );
    if (answer.action !== "accept") return `kept (${answer.action})`;
    return answer.content.confirm ? `deleted ${count}` : "kept";
  },
});
const summarise = tool({
  name: "summarise",
  description: "Asks the client's model.",
  parameters: t.object({ text: t.string() }),
  execute: async ({ text }, _context, { sample }) => {
    const answer = await sample!({ messages: [{ role: "user", content: { type: "text", text } }], maxTokens: 50 });
    return `model said: ${(answer.content as { text: string }).text}`;
  },
});
const sound = tool({
  name: "beep",
  description: "A sound.",
  parameters: t.object({}),
  execute: () => "beep",
  toModelOutput: () => ({ type: "file", data: "UklGRg==", mediaType: "audio/wav" }),
});
const pick = tool({
  name: "pick",
  description: "A choice with labels in MCP's legacy form.",
  parameters: t.object({}),
  execute: async (_args, _context, { elicit }) => {
    const choice = fromJSONSchema<string>({ type: "string", enum: ["opt1", "opt2"], enumNames: ["One", "Two"] });
    const answer = await elicit!("Which?", t.object({ choice }));
    return answer.action === "accept" ? `picked ${answer.content.choice}` : "none";
  },
});
const quiet = { error: () => {}, warn: () => {} };
const registry = () => new ToolRegistry({ logger: quiet }).register(confirm, summarise, sound, pick);

type Answer = { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> };
const asked: unknown[] = [];
const logs: unknown[] = [];

/** The SDK's Client, declaring `capabilities`, answering elicitation with `answer` and sampling with a fixed text. */
function client(capabilities: Record<string, object>, answer: Answer) {
  const made = new Client({ name: "test", version: "1.0.0" }, { capabilities });
  if (capabilities.elicitation)
    made.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params);
      return answer;
    });
  if (capabilities.sampling)
    made.setRequestHandler(CreateMessageRequestSchema, (request) => ({
      role: "assistant",
      content: { type: "text", text: `${request.params.messages.length} message(s) read` },
      model: "test-model",
    }));
  made.setNotificationHandler(LoggingMessageNotificationSchema, (note) => void logs.push(note.params));
  return made;
}

/** serveMCP in process, linked to the client through a transport of its own. */
async function overStdio(capabilities: Record<string, object>, answer: Answer, maxInFlight?: number) {
  const queue: (string | null)[] = [];
  let wake = () => {};
  const input = (async function* () {
    for (;;) {
      while (!queue.length) await new Promise<void>((resolve) => (wake = resolve));
      const next = queue.shift()!;
      if (next === null) return;
      yield next;
    }
  })();
  const push = (line: string | null) => (queue.push(line), wake());
  const transport = {
    onmessage: undefined as ((message: JSONRPCMessage) => void) | undefined,
    onclose: undefined as (() => void) | undefined,
    start: async () => {},
    send: async (message: JSONRPCMessage) => void push(`${JSON.stringify(message)}\n`),
    close: async () => (push(null), transport.onclose?.()),
  };
  let text = "";
  const output = {
    write(chunk: string) {
      const lines = (text + chunk).split("\n");
      text = lines.pop()!;
      for (const line of lines) transport.onmessage?.(JSON.parse(line) as JSONRPCMessage);
    },
  };
  const done = serveMCP(registry(), { input, output, ...(maxInFlight && { maxInFlight }) });
  const made = client(capabilities, answer);
  await made.connect(transport);
  return { client: made, close: async () => (await made.close(), await done) };
}

async function overHttp(capabilities: Record<string, object>, answer: Answer) {
  const handler = mcpHttpHandler(registry(), { sessions: true });
  const fetch = (input: string | URL | Request, init?: RequestInit) => handler(new Request(input, init));
  const made = client(capabilities, answer);
  await made.connect(new StreamableHTTPClientTransport(new URL("http://127.0.0.1:8787/mcp"), { fetch }));
  return { client: made, close: () => made.close() };
}

const text = (result: unknown) => (result as { content: { text: string }[] }).content[0]!.text;
const both = { elicitation: {}, sampling: {} };

for (const [name, open] of [
  ["stdio", overStdio],
  ["HTTP with sessions", overHttp],
] as const) {
  const s = suite(`tools that ask, over ${name}`);
  s.before.each(() => void ((asked.length = 0), (logs.length = 0)));

  s("elicit: the person confirms; requestedSchema is the flat form; log filtered by logging/setLevel", async () => {
    const { client, close } = await open(both, { action: "accept", content: { confirm: true } });
    await client.setLoggingLevel("info");
    const result = await client.callTool({ name: "delete_files", arguments: { count: 3 } });
    assert.is(text(result), "deleted 3");
    assert.equal(asked, [
      {
        message: "Delete 3 files?",
        requestedSchema: {
          type: "object",
          properties: { confirm: { type: "boolean", description: "Yes, delete them" }, reason: { type: "string" } },
          required: ["confirm"],
        },
      },
    ]);
    assert.equal(logs, [{ level: "info", data: { count: 3 } }]); // "debug" is below the level asked for
    await close();
  });

  s("elicit: decline and an answer the schema refuses", async () => {
    const declined = await open(both, { action: "decline" });
    assert.is(
      text(await declined.client.callTool({ name: "delete_files", arguments: { count: 1 } })),
      "kept (decline)",
    );
    await declined.close();
    const wrong = await open(both, { action: "accept", content: { confirm: "yes" } });
    const result = (await wrong.client.callTool({ name: "delete_files", arguments: { count: 1 } })) as {
      isError?: boolean;
    };
    assert.ok(result.isError);
    assert.match(text(result), /elicit: the answer does not fit the schema:\n- at \/confirm/);
    await wrong.close();
  });

  s("a client that did not declare elicitation or sampling: a clear error in the tool, not a hang", async () => {
    const { client, close } = await open({}, { action: "accept" });
    const elicited = (await client.callTool({ name: "delete_files", arguments: { count: 1 } })) as {
      isError?: boolean;
    };
    assert.ok(elicited.isError);
    assert.match(text(elicited), /did not declare the "elicitation" capability/);
    const sampled = (await client.callTool({ name: "summarise", arguments: { text: "hi" } })) as { isError?: boolean };
    assert.match(text(sampled), /did not declare the "sampling" capability/);
    await close();
  });

  s(
    "elicit: a choice labelled with enumNames (MCP's legacy form) is sent as it is and its answer accepted",
    async () => {
      const { client, close } = await open(both, { action: "accept", content: { choice: "opt2" } });
      assert.is(text(await client.callTool({ name: "pick", arguments: {} })), "picked opt2");
      assert.equal((asked[0] as { requestedSchema: unknown }).requestedSchema, {
        type: "object",
        properties: { choice: { type: "string", enum: ["opt1", "opt2"], enumNames: ["One", "Two"] } },
        required: ["choice"],
      });
      await close();
    },
  );

  s("sample: the client's model answers; audio parts are audio blocks", async () => {
    const { client, close } = await open(both, { action: "cancel" });
    assert.is(
      text(await client.callTool({ name: "summarise", arguments: { text: "hi" } })),
      "model said: 1 message(s) read",
    );
    const beep = (await client.callTool({ name: "beep", arguments: {} })) as { content: unknown[] };
    assert.equal(beep.content, [{ type: "audio", data: "UklGRg==", mimeType: "audio/wav" }]);
    await close();
  });

  s.run();
}

const waiting = suite("serveMCP: calls waiting for the client's answer");

waiting("with maxInFlight 1, a call waiting on elicit does not stop the input that carries the answer", async () => {
  const { client, close } = await overStdio(both, { action: "accept", content: { confirm: true } }, 1);
  const [first, second] = await Promise.all([
    client.callTool({ name: "delete_files", arguments: { count: 1 } }),
    client.callTool({ name: "delete_files", arguments: { count: 2 } }),
  ]);
  assert.equal([text(first), text(second)], ["deleted 1", "deleted 2"]);
  await close();
});

waiting.run();

const shape = suite("elicitationSchema: MCP's flat form, or a clear refusal");

shape("enums, multi-selects, formats and bounds pass; nesting and other keywords are refused by name", () => {
  assert.equal(
    elicitationSchema(
      t.object({
        plan: t.enum(["free", "pro"], { default: "free" }),
        tags: t.array(t.enum(["a", "b"])),
        email: t.string({ format: "email" }),
        age: t.optional(t.integer({ minimum: 0, maximum: 150 })),
      }),
    ),
    {
      type: "object",
      properties: {
        plan: { type: "string", enum: ["free", "pro"], default: "free" },
        tags: { type: "array", items: { type: "string", enum: ["a", "b"] } },
        email: { type: "string", format: "email" },
        age: { type: "integer", minimum: 0, maximum: 150 },
      },
      required: ["tags", "email"],
    },
  );
  assert.throws(
    () => elicitationSchema(t.object({ address: t.object({ city: t.string() }) })),
    /elicit: property "address" is "object"; MCP's elicitation takes strings/,
  );
  assert.throws(
    () => elicitationSchema(t.object({ code: t.string({ pattern: "^[a-z]+$" }) })),
    /elicit: property "code" has "pattern", which MCP's elicitation does not allow here/,
  );
  assert.throws(
    () => elicitationSchema(t.object({ ids: t.array(t.integer()) })),
    /an array whose items are not an enum/,
  );
});

shape.run();

const stateless = suite("elicit over stateless HTTP");

stateless("a stateless handler says the tool needs sessions", async () => {
  const handler = mcpHttpHandler(registry());
  const response = await handler(
    new Request("http://127.0.0.1/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", "mcp-protocol-version": "2025-06-18" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "delete_files", arguments: { count: 1 } },
      }),
    }),
  );
  const body = (await response.json()) as { result: { isError: boolean; content: { text: string }[] } };
  assert.ok(body.result.isError);
  assert.match(body.result.content[0]!.text, /give mcpHttpHandler \{ sessions \}/);
});

stateless.run();
