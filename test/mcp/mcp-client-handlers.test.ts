// connectMCP's handlers of what a server asks during a call: onElicit (the person), onSample (the client's model),
// onLog (the server's log messages), each declared as a capability only when given. Against an MCP server on the
// official SDK (test/fixtures/mcp/asking-server.mjs): over streamable HTTP with sessions (the SDK's web-standard
// transport, reached through connectMCP's `fetch`, no socket) and spawned over stdio. connectMCP loads the SDK by a
// specifier built at run time, so these run in Node; and against tooltype's own mcpHttpHandler with sessions. elicitAnswer, the check of a person's answer, runs everywhere.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, tool, ToolRegistry } from "tooltype";
import {
  connectMCP,
  elicitAnswer,
  mcpHttpHandler,
  mcpValidator,
  type MCPElicitRequest,
  type MCPServer,
  type MCPLogMessage,
} from "tooltype/mcp";

const isNode =
  typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === "string" &&
  !("Deno" in globalThis) &&
  !("Bun" in globalThis);
const quiet = { error: () => {} };
const fixture = "test/fixtures/mcp/asking-server.mjs";
type Handlers = Pick<MCPServer, "onElicit" | "onSample" | "onLog">;

// The fixture's server behind the SDK's streamable HTTP transport with sessions, reached with connectMCP's fetch.
async function overHttp(handlers: Handlers) {
  const location = `file://${process.cwd()}/${fixture}`; // a specifier built at run time: bundlers leave it alone
  const { createServer } = await import(/* @vite-ignore */ location);
  const sdk = "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
  const { WebStandardStreamableHTTPServerTransport } = await import(/* @vite-ignore */ sdk);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => crypto.randomUUID() });
  await createServer({ jsonSchemaValidator: mcpValidator() }).connect(transport);
  return connectMCP(
    {
      url: "http://127.0.0.1:8787/mcp",
      fetch: (input, init) => transport.handleRequest(new Request(input, init)),
      ...handlers,
    },
    { logger: quiet },
  );
}
const overStdio = (handlers: Handlers) =>
  connectMCP({ command: process.execPath, args: [fixture], stderr: "ignore", ...handlers }, { logger: quiet });

async function call(server: Awaited<ReturnType<typeof connectMCP>>, name: string, args: object) {
  const tool = server.tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool.execute(args);
}

const confirmSchema = {
  type: "object",
  properties: { confirm: { type: "boolean" }, reason: { type: "string", default: "none" } },
  required: ["confirm"],
} as const;

const answers = suite("elicitAnswer: a person's answer checked against the requested schema");

answers("an accepted answer gets the defaults of the fields it leaves out", () => {
  const request: MCPElicitRequest = { message: "Delete?", requestedSchema: confirmSchema };
  assert.equal(elicitAnswer(request, { action: "accept", content: { confirm: true } }), {
    action: "accept",
    content: { confirm: true, reason: "none" },
  });
  assert.equal(elicitAnswer(request, { action: "accept", content: { confirm: false, reason: "kept" } }), {
    action: "accept",
    content: { confirm: false, reason: "kept" },
  });
});

answers("decline and cancel carry no content", () => {
  const request: MCPElicitRequest = { message: "Delete?", requestedSchema: confirmSchema };
  assert.equal(elicitAnswer(request, { action: "decline" }), { action: "decline" });
  assert.equal(elicitAnswer(request, { action: "cancel", content: { confirm: true } } as never), { action: "cancel" });
});

answers("an answer the schema refuses, or an unknown action, is an error naming what is wrong", () => {
  const request: MCPElicitRequest = { message: "Delete?", requestedSchema: confirmSchema };
  assert.throws(
    () => elicitAnswer(request, { action: "accept", content: { confirm: "yes" } }),
    (error: Error) => /does not match the requested schema/.test(error.message) && /\/confirm/.test(error.message),
  );
  assert.throws(
    () => elicitAnswer(request, { action: "accept", content: {} }),
    (error: Error) => /confirm/.test(error.message),
  );
  assert.throws(
    () => elicitAnswer(request, { action: "ok" } as never),
    (error: Error) => /"accept", "decline" or "cancel", got "ok"/.test(error.message),
  );
  assert.throws(
    () => elicitAnswer(request, { action: "accept", content: [true] } as never),
    (error: Error) => /content is an object/.test(error.message),
  );
});

answers.run();

const http = suite("connectMCP handlers over streamable HTTP");
const node = (name: string, fn: () => Promise<void>) => (isNode ? http(name, fn) : http.skip(name, fn));

node("onElicit answers the server's question during a call; the tool gets the answer with defaults", async () => {
  const asked: { message: string; signal: boolean }[] = [];
  const server = await overHttp({
    onElicit: (request, { signal }) => {
      asked.push({ message: request.message, signal: signal instanceof AbortSignal });
      return { action: "accept", content: { confirm: true } };
    },
  });
  try {
    const result = await call(server, "confirm_delete", { path: "a.txt" });
    assert.equal(asked, [{ message: "Delete a.txt?", signal: true }]);
    assert.ok(result.success, JSON.stringify(result));
    assert.equal(JSON.parse(String(result.success && result.value)), {
      action: "accept",
      content: { confirm: true, reason: "none" },
    });
    const declined = await overHttp({ onElicit: () => ({ action: "decline" }) });
    try {
      const no = await call(declined, "confirm_delete", { path: "a.txt" });
      assert.equal(JSON.parse(String(no.success && no.value)), { action: "decline" });
    } finally {
      await declined.close();
    }
  } finally {
    await server.close();
  }
});

node("an onElicit answer the schema refuses reaches the server as an error, never as content", async () => {
  const server = await overHttp({ onElicit: () => ({ action: "accept", content: { confirm: "yes" } }) });
  try {
    const result = await call(server, "confirm_delete", { path: "a.txt" });
    assert.not.ok(result.success);
    assert.match(String(!result.success && result.error), /does not match the requested schema: \/confirm/);
  } finally {
    await server.close();
  }
});

node("onSample answers with the client's model; onLog gets the server's log messages in order", async () => {
  const logs: MCPLogMessage[] = [];
  const server = await overHttp({
    onSample: (request) => ({
      role: "assistant",
      model: "small-model",
      content: { type: "text", text: `${request.messages.length} message(s), ${request.maxTokens} tokens` },
    }),
    onLog: (message) => logs.push(message),
  });
  try {
    const summary = await call(server, "summarise", { text: "long text" });
    assert.equal(summary.success && summary.value, "small-model: 1 message(s), 50 tokens");
    const chatty = await call(server, "chatty", {});
    assert.equal(chatty.success && chatty.value, "done");
    assert.equal(logs, [
      { level: "info", logger: "chatty", data: "starting" },
      { level: "warning", data: { skipped: 3 } },
    ]);
  } finally {
    await server.close();
  }
});

node("elicitation and sampling are declared only when their handler is given", async () => {
  const capabilitiesOf = async (handlers: Handlers) => {
    const server = await overHttp(handlers);
    try {
      const result = await call(server, "capabilities", {});
      return JSON.parse(String(result.success && result.value));
    } finally {
      await server.close();
    }
  };
  // The SDK writes elicitation: {} as its form mode, elicitation: { form: {} }.
  assert.equal(Object.keys(await capabilitiesOf({})), []);
  assert.equal(Object.keys(await capabilitiesOf({ onElicit: () => ({ action: "cancel" }) })), ["elicitation"]);
  const both = await capabilitiesOf({
    onElicit: () => ({ action: "cancel" }),
    onSample: () => ({ role: "assistant", model: "m", content: { type: "text", text: "" } }),
  });
  assert.equal(Object.keys(both).sort(), ["elicitation", "sampling"]);
  const none = await overHttp({});
  try {
    const refused = await call(none, "confirm_delete", { path: "a.txt" });
    assert.not.ok(refused.success, "a server cannot elicit from a client that did not declare it");
  } finally {
    await none.close();
  }
});

node("tooltype both ways: a tool served by mcpHttpHandler with sessions asks, connectMCP answers", async () => {
  const remove = tool({
    name: "delete_file",
    description: "Deletes a file, after the person confirms.",
    parameters: t.object({ path: t.string() }),
    execute: async ({ path }, _context, { elicit, log }) => {
      const answer = await elicit!(`Delete ${path}?`, t.object({ confirm: t.boolean() }));
      log?.("info", { path, action: answer.action });
      return answer.action === "accept" && answer.content.confirm ? `deleted ${path}` : `kept ${path}`;
    },
  });
  const handler = mcpHttpHandler(new ToolRegistry().register(remove), { sessions: true });
  const logs: unknown[] = [];
  const connect = (confirm: unknown) =>
    connectMCP(
      {
        url: "http://127.0.0.1:8787/mcp",
        fetch: (input, init) => handler(new Request(input, init)),
        onElicit: ({ message }) => ({ action: "accept", content: { confirm: message === "Delete a.txt?" && confirm } }),
        onLog: ({ data }) => logs.push(data),
      },
      { logger: quiet },
    );
  const yes = await connect(true);
  try {
    const result = await yes.tools[0]!.execute({ path: "a.txt" });
    assert.equal(result.success && result.value, "deleted a.txt");
    assert.equal(logs, [{ path: "a.txt", action: "accept" }]);
  } finally {
    await yes.close();
  }
  const wrong = await connect("yes");
  try {
    const result = await wrong.tools[0]!.execute({ path: "a.txt" });
    assert.not.ok(result.success, "an answer the schema refuses never reaches the tool as content");
  } finally {
    await wrong.close();
  }
});

node("a handler that is not a function is a clear error before connecting", async () => {
  const error = await connectMCP({ url: "http://127.0.0.1:1/mcp", onElicit: "yes" as never }).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.instance(error, TypeError);
  assert.match(String(error?.message), /onElicit must be a function, got string/);
});

http.run();

const stdio = suite("connectMCP handlers over stdio");
(isNode ? stdio : stdio.skip)("onElicit and onLog answer a spawned server during a call", async () => {
  const logs: string[] = [];
  const server = await overStdio({
    onElicit: ({ message }) => ({
      action: "accept",
      content: { confirm: message === "Delete b.txt?", reason: "asked" },
    }),
    onLog: ({ level }) => logs.push(level),
  });
  try {
    const result = await call(server, "confirm_delete", { path: "b.txt" });
    assert.equal(JSON.parse(String(result.success && result.value)), {
      action: "accept",
      content: { confirm: true, reason: "asked" },
    });
    await call(server, "chatty", {});
    assert.equal(logs, ["info", "warning"]);
  } finally {
    await server.close();
  }
});
stdio.run();
