// mcpHttpHandler: MCP over streamable HTTP as a fetch-style handler, stateless. Driven by the official MCP SDK's
// Client over its StreamableHTTPClientTransport, whose fetch calls the handler directly (no socket, so every
// runtime runs it); in Node also behind a real HTTP server on 127.0.0.1. A Host or Origin outside allowedHosts
// (a page that rebinds its own name to 127.0.0.1) is refused before anything is read.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { t, tool, ToolRegistry, mcpValidator } from "tooltype";
import { mcpHttpHandler, type MCPHttpOptions } from "tooltype/mcp";

const isNode =
  typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === "string" &&
  !("Deno" in globalThis) &&
  !("Bun" in globalThis);

const registry = new ToolRegistry().register(
  tool({
    name: "add",
    description: "Adds.",
    parameters: t.object({ a: t.number(), b: t.number() }),
    returns: t.number(),
    execute: ({ a, b }) => a + b,
  }),
  tool({
    name: "now",
    description: "The time, in a zone if given.",
    parameters: t.object({ zone: t.optional(t.string()) }),
    execute: ({ zone }) => `12:00 ${zone ?? "UTC"}`,
  }),
);
const options: MCPHttpOptions = {
  serverInfo: { name: "calc", version: "2.0.0" },
  describeTool: (x) =>
    x.name === "add"
      ? {
          title: "Addition",
          annotations: { readOnlyHint: true, idempotentHint: true },
          icons: [{ src: "https://example.com/plus.png", mimeType: "image/png" }],
        }
      : undefined,
};

// Paced: each report waits until the test lets it go on, so the client has handled it before the next (the SDK's
// client handles a notification a microtask after reading it but a result at once).
const waiting: (() => void)[] = [];
const advance = () => waiting.shift()?.();
const counting = new ToolRegistry().register(
  tool({
    name: "count",
    description: "Counts, reporting progress.",
    parameters: t.object({ steps: t.optional(t.integer()), paced: t.optional(t.boolean()) }),
    execute: async ({ steps = 2, paced = false }, _context, { progress }) => {
      for (let step = 1; step <= steps; step++) {
        progress?.(step, steps, `step ${step}`);
        if (paced) await new Promise<void>((resolve) => waiting.push(resolve));
      }
      return `counted to ${steps}`;
    },
  }),
);

/** The SDK's Client on the handler, through the transport's own fetch option. */
async function connect(handler: (request: Request) => Promise<Response>, url = "http://127.0.0.1:8787/mcp") {
  const fetch = (input: string | URL | Request, init?: RequestInit) => handler(new Request(input, init));
  const client = new Client({ name: "test", version: "1.0.0" }, { jsonSchemaValidator: mcpValidator() });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch }));
  return client;
}

const post = (body: unknown, headers: Record<string, string> = {}, url = "http://127.0.0.1/mcp") =>
  new Request(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const s = suite("mcpHttpHandler: MCP over streamable HTTP, stateless, for the MCP SDK's client");

s(
  "the SDK's Client lists (title, annotations, icons) and calls; a tool of optional parameters is called without arguments",
  async () => {
    const client = await connect(mcpHttpHandler(registry, options));
    try {
      assert.equal(client.getServerVersion(), { name: "calc", version: "2.0.0" });
      const { tools } = await client.listTools();
      assert.equal(
        tools.map((x) => x.name),
        ["add", "now"],
      );
      assert.is(tools[0]!.title, "Addition");
      assert.equal(tools[0]!.annotations, { readOnlyHint: true, idempotentHint: true });
      assert.equal(tools[0]!.icons, [{ src: "https://example.com/plus.png", mimeType: "image/png" }]);
      assert.equal(await client.callTool({ name: "add", arguments: { a: 2, b: 3 } }), {
        content: [{ type: "text", text: "5" }],
        structuredContent: { result: 5 },
      });
      assert.equal(await client.callTool({ name: "now" }), { content: [{ type: "text", text: "12:00 UTC" }] });
      const bad = (await client.callTool({ name: "add", arguments: { a: "2" } })) as {
        isError: boolean;
        content: { text: string }[];
      };
      assert.ok(bad.isError && /a/.test(bad.content[0]!.text));
      const unknown = await client.callTool({ name: "nope", arguments: {} }).then(
        () => undefined,
        (e: Error) => e,
      );
      assert.match(String(unknown?.message), /-32602|Unknown tool/);
      await client.ping();
    } finally {
      await client.close();
    }
  },
);

s(
  "a Host outside allowedHosts is refused with 403 before the body is read: the SDK's Client cannot connect",
  async () => {
    const handler = mcpHttpHandler(registry);
    const error = await connect(handler, "http://attacker.example:8787/mcp").then(
      () => undefined,
      (e: Error) => e,
    );
    assert.ok(error, "connected through a rebinding host");
    const rebound = post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, {}, "http://rebind.attacker.example/mcp");
    const response = await handler(rebound);
    assert.is(response.status, 403);
    assert.match(
      ((await response.json()) as { error: { message: string } }).error.message,
      /Host "rebind.attacker.example" is not one this server answers to/,
    );
    assert.not.ok(rebound.bodyUsed, "the body was read");
    for (const host of ["localhost:3000", "127.0.0.1", "[::1]:8080", "LOCALHOST"]) {
      const ok = await handler(post({ jsonrpc: "2.0", id: 1, method: "ping" }, {}, `http://${host}/mcp`));
      assert.is(ok.status, 200, host);
    }
    const named = mcpHttpHandler(registry, { allowedHosts: ["mcp.example.com"] });
    assert.is(
      (await named(post({ jsonrpc: "2.0", id: 1, method: "ping" }, {}, "https://mcp.example.com/mcp"))).status,
      200,
    );
    assert.is((await named(post({ jsonrpc: "2.0", id: 1, method: "ping" }, {}, "http://127.0.0.1/mcp"))).status, 403);
  },
);

s(
  "an Origin outside allowedHosts is refused (where a Request may carry one: not in browsers, which set it themselves)",
  async () => {
    const handler = mcpHttpHandler(registry, { allowedOrigins: ["https://app.example.com"] });
    const evil = post({ jsonrpc: "2.0", id: 1, method: "ping" }, { origin: "http://attacker.example" });
    if (evil.headers.get("origin") === null) return; // a browser's Request drops the header
    assert.is((await handler(evil)).status, 403);
    assert.is(
      (await handler(post({ jsonrpc: "2.0", id: 1, method: "ping" }, { origin: "http://localhost:5173" }))).status,
      200,
    );
    assert.is(
      (await handler(post({ jsonrpc: "2.0", id: 1, method: "ping" }, { origin: "https://app.example.com" }))).status,
      200,
    );
  },
);

s(
  "stateless HTTP: notifications 202, GET and DELETE 405, bad JSON 400 with -32700, a long body 413, an unknown version 400",
  async () => {
    const handler = mcpHttpHandler(registry, { maxMessageBytes: 1024 });
    assert.is((await handler(post({ jsonrpc: "2.0", method: "notifications/initialized" }))).status, 202);
    for (const method of ["GET", "DELETE"]) {
      const response = await handler(new Request("http://127.0.0.1/mcp", { method }));
      assert.is(response.status, 405);
      assert.is(response.headers.get("allow"), "POST");
    }
    const garbage = await handler(post("{nope"));
    assert.is(garbage.status, 400);
    assert.is(((await garbage.json()) as { error: { code: number } }).error.code, -32700);
    assert.is((await handler(post({ jsonrpc: "2.0", id: 1, method: "ping", pad: "x".repeat(2000) }))).status, 413);
    assert.is(
      (await handler(post({ jsonrpc: "2.0", id: 1, method: "ping" }, { "mcp-protocol-version": "1999-01-01" }))).status,
      400,
    );
    const batch = await handler(
      post([{ jsonrpc: "2.0", id: 1, method: "ping" }], { "mcp-protocol-version": "2025-06-18" }),
    );
    assert.is(((await batch.json()) as { error: { code: number } }).error.code, -32600);
    const old = await handler(
      post(
        [
          { jsonrpc: "2.0", id: 1, method: "ping" },
          { jsonrpc: "2.0", id: 2, method: "ping" },
        ],
        { "mcp-protocol-version": "2025-03-26" },
      ),
    );
    assert.equal(await old.json(), [
      { jsonrpc: "2.0", id: 1, result: {} },
      { jsonrpc: "2.0", id: 2, result: {} },
    ]);
    assert.throws(
      () => mcpHttpHandler(registry, { maxMessageBytes: 1 }),
      /maxMessageBytes must be a whole number of bytes, 64 or more/,
    );
  },
);

(isNode ? s : s.skip)(
  "in Node behind a real HTTP server on 127.0.0.1: the SDK's Client over the network, progress streamed as it comes; a rebinding Host gets 403 (Node)",
  async () => {
    const httpName = "node:http";
    const http = (await import(/* @vite-ignore */ httpName)) as typeof import("node:http");
    const handler = mcpHttpHandler(new ToolRegistry().register(registry.get("add")!, counting.get("count")!), options);
    const server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
      const body = req.method === "POST" ? Buffer.concat(chunks) : undefined;
      const response = await handler(
        new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body }),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      // Written as it comes: an event stream's events reach the client one by one.
      const reader = response.body?.getReader();
      for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) res.write(part.value);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
      assert.equal(await client.callTool({ name: "add", arguments: { a: 40, b: 2 } }), {
        content: [{ type: "text", text: "42" }],
        structuredContent: { result: 42 },
      });
      // Paced, the tool waits for the client to see each report: only a stream written as it comes lets it finish.
      const seen: number[] = [];
      const counted = await client.callTool({ name: "count", arguments: { steps: 3, paced: true } }, undefined, {
        onprogress: (p) => (seen.push(p.progress), advance()),
      });
      assert.equal([counted, seen], [{ content: [{ type: "text", text: "counted to 3" }] }, [1, 2, 3]]);
      await client.close();
      const rebound = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            path: "/mcp",
            method: "POST",
            headers: { host: `attacker.example:${port}`, "content-type": "application/json" },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.end('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
      });
      assert.is(rebound, 403);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  },
);

s(
  "progress: the SDK's Client with onprogress gets each report, then the result, over one SSE answer; without onprogress, JSON",
  async () => {
    const client = await connect(mcpHttpHandler(counting));
    try {
      const seen: unknown[] = [];
      const result = await client.callTool({ name: "count", arguments: { steps: 3, paced: true } }, undefined, {
        onprogress: (p) => (seen.push(p), advance()),
      });
      assert.equal(result, { content: [{ type: "text", text: "counted to 3" }] });
      assert.equal(
        seen,
        [1, 2, 3].map((progress) => ({ progress, total: 3, message: `step ${progress}` })),
      );
      assert.equal(await client.callTool({ name: "count" }), { content: [{ type: "text", text: "counted to 2" }] });
    } finally {
      await client.close();
    }
  },
);

s(
  "progress by hand: text/event-stream with the token's notifications then the reply; JSON when the client takes no event stream",
  async () => {
    const handler = mcpHttpHandler(counting);
    const call = {
      jsonrpc: "2.0",
      id: 9,
      method: "tools/call",
      params: { name: "count", arguments: { steps: 2 }, _meta: { progressToken: "t-1" } },
    };
    const streamed = await handler(post(call, { "mcp-protocol-version": "2025-06-18" }));
    assert.is(streamed.status, 200);
    assert.is(streamed.headers.get("content-type"), "text/event-stream");
    const events = (await streamed.text())
      .split("\n\n")
      .filter(Boolean)
      .map((event) => {
        const [kind, data] = event.split("\n");
        assert.is(kind, "event: message");
        return JSON.parse(data!.slice("data: ".length)) as unknown;
      });
    assert.equal(events, [
      {
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: "t-1", progress: 1, total: 2, message: "step 1" },
      },
      {
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: "t-1", progress: 2, total: 2, message: "step 2" },
      },
      { jsonrpc: "2.0", id: 9, result: { content: [{ type: "text", text: "counted to 2" }] } },
    ]);
    const plain = await handler(post(call, { accept: "application/json", "mcp-protocol-version": "2025-06-18" }));
    assert.is(plain.headers.get("content-type"), "application/json");
    assert.equal(await plain.json(), {
      jsonrpc: "2.0",
      id: 9,
      result: { content: [{ type: "text", text: "counted to 2" }] },
    });
    const noToken = await handler(
      post({ ...call, params: { name: "count" } }, { "mcp-protocol-version": "2025-06-18" }),
    );
    assert.is(noToken.headers.get("content-type"), "application/json");
    const unknown = await handler(
      post(
        { ...call, params: { name: "nope", _meta: { progressToken: 1 } } },
        { "mcp-protocol-version": "2025-06-18" },
      ),
    );
    assert.match(await unknown.text(), /data: .*"code":-32602/);
  },
);

s("progress: a client that cancels the event stream cancels the call, and the tool's signal aborts", async () => {
  let stopped!: (reason: unknown) => void;
  const aborted = new Promise<unknown>((resolve) => (stopped = resolve));
  const waits = tool({
    name: "waits",
    description: "Reports once, then waits for its signal.",
    parameters: t.object({}),
    execute: (_args, _context, { progress, signal }) => {
      progress?.(1);
      return new Promise<string>((resolve) =>
        signal?.addEventListener("abort", () => (stopped(signal.reason), resolve("stopped"))),
      );
    },
  });
  const handler = mcpHttpHandler(new ToolRegistry().register(waits));
  const response = await handler(
    post(
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "waits", _meta: { progressToken: "p" } } },
      { "mcp-protocol-version": "2025-06-18" },
    ),
  );
  const reader = response.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  assert.match(first, /"method":"notifications\/progress","params":\{"progressToken":"p","progress":1\}/);
  await reader.cancel(new Error("the client went away"));
  assert.is(((await aborted) as Error).message, "the client went away");
});

s.run();
