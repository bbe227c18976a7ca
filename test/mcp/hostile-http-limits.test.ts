// A slow or greedy client against mcpHttpHandler and serveMCP: a body that is not JSON is refused unread (415),
// requests past maxInFlight get 503, an event stream nobody reads holds at most maxBufferedBytes, and a body or
// line sent one byte at a time holds memory for its bytes, not for its pieces. Then sessions: Mcp-Session-Id,
// a stream resumed with Last-Event-ID after the client lost it (the call running on), DELETE ending the session.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, tool, ToolRegistry } from "tooltype";
import { mcpHttpHandler, serveMCP } from "tooltype/mcp";
import { collector } from "../support/gc.js";

const quiet = { error: () => {}, warn: () => {} };
let release: (() => void)[] = [];
const held = tool({
  name: "held",
  description: "Waits until the test lets it go, reporting progress first.",
  parameters: t.object({ reports: t.optional(t.integer()), size: t.optional(t.integer()) }),
  execute: async ({ reports = 1, size = 10 }, _context, { progress }) => {
    for (let i = 1; i <= reports; i++) progress?.(i, reports, "x".repeat(size));
    await new Promise<void>((resolve) => release.push(resolve));
    return "done";
  },
});
const asks = tool({
  name: "asks",
  description: "Asks the person.",
  parameters: t.object({}),
  execute: async (_args, _context, { elicit }) => {
    const answer = await elicit!("Go on?", t.object({ ok: t.boolean() }));
    return answer.action === "accept" && answer.content.ok ? "went on" : "stopped";
  },
});
const registry = new ToolRegistry({ logger: quiet }).register(held, asks);
const letGo = () => {
  for (const resolve of release) resolve();
  release = [];
};
const until = async (test: () => boolean) => {
  while (!test()) await new Promise((resolve) => setTimeout(resolve, 1));
};

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const call = (id: number, args: object = {}, meta?: object) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "held", arguments: args, ...(meta && { _meta: meta }) },
});
const v = { "mcp-protocol-version": "2025-06-18" };

const s = suite("mcpHttpHandler and serveMCP against slow and greedy clients");

s("a body that is not application/json: 415, and its body left unread", async () => {
  const handler = mcpHttpHandler(registry);
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/jsonx", ""]) {
    const request = new Request("http://127.0.0.1/mcp", {
      method: "POST",
      headers: type ? { "content-type": type } : {},
      body: new Blob(['{"jsonrpc":"2.0","id":1,"method":"ping"}']).stream(),
      duplex: "half",
    } as RequestInit);
    const response = await handler(request);
    assert.is(response.status, 415, type);
    assert.match(await response.text(), /Unsupported Media Type: the body must be application\/json/);
    assert.not.ok(request.bodyUsed);
  }
  const charset = await handler(
    post({ jsonrpc: "2.0", id: 1, method: "ping" }, { "content-type": "application/json; charset=utf-8" }),
  );
  assert.is(charset.status, 200);
});

s("past maxInFlight requests at once: 503 with Retry-After, until one is answered", async () => {
  const handler = mcpHttpHandler(registry, { maxInFlight: 2 });
  const first = handler(post(call(1), v));
  const second = handler(post(call(2), v));
  await until(() => release.length === 2);
  const refused = await handler(post({ jsonrpc: "2.0", id: 3, method: "ping" }, v));
  assert.is(refused.status, 503);
  assert.is(refused.headers.get("retry-after"), "1");
  assert.match(await refused.text(), /2 requests are being answered \(maxInFlight\)/);
  letGo();
  assert.is((await first).status, 200);
  assert.is((await second).status, 200);
  assert.is((await handler(post({ jsonrpc: "2.0", id: 4, method: "ping" }, v))).status, 200);
  assert.throws(() => mcpHttpHandler(registry, { maxInFlight: 0 }), /maxInFlight must be a whole number, 1 or more/);
});

s("an event stream nobody reads holds at most maxBufferedBytes; the result still comes", async () => {
  const handler = mcpHttpHandler(registry, { maxBufferedBytes: 16_384 });
  // 2,000 reports of 1 KB each: 2 MB of events if every one were kept.
  const response = await handler(post(call(1, { reports: 2000, size: 1000 }, { progressToken: "p" }), v));
  await until(() => release.length === 1);
  letGo();
  const text = await response.text();
  assert.ok(text.length < 16_384 + 2_000, `${text.length} bytes held`);
  assert.match(text, /"result":\{"content":\[\{"type":"text","text":"done"\}\]\}/);
  assert.match(text, /"progress":1,/); // the first reports, before the buffer filled, went out
});

s("a body sent one byte at a time holds memory for its bytes, not its pieces (HTTP and stdio)", async () => {
  const gc = await collector();
  const heap = () => (
    gc?.(), (globalThis as { process?: { memoryUsage(): { heapUsed: number } } }).process?.memoryUsage().heapUsed
  );
  const PIECES = 200_000;
  const before = heap();
  // HTTP: a body whose 200,000 one-byte pieces are all read, its end not yet sent.
  let sent = 0;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === PIECES) {
        await finished;
        controller.enqueue(new TextEncoder().encode('"}'));
        return controller.close();
      }
      controller.enqueue(new Uint8Array([sent++ === 0 ? 123 : 32])); // "{" then spaces
    },
  });
  const handler = mcpHttpHandler(registry);
  const answered = handler(
    new Request("http://127.0.0.1/mcp", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit),
  );
  await until(() => sent === PIECES);
  const during = heap();
  finish();
  assert.is((await answered).status, 400); // '{   ..."}' is not JSON: it was read whole, then refused
  // stdio: one line's 200,000 one-byte pieces, no newline yet.
  let fed = 0;
  const input = (async function* () {
    while (fed < PIECES) yield new Uint8Array([fed++ === 0 ? 123 : 32]);
    yield new TextEncoder().encode("}\n");
  })();
  let stdioDuring: number | undefined;
  const lines: string[] = [];
  const output = { write: (line: string) => void lines.push(line) };
  const served = serveMCP(registry, {
    input: (async function* () {
      for await (const piece of input) {
        if (fed === PIECES && stdioDuring === undefined) stdioDuring = heap();
        yield piece;
      }
    })(),
    output,
  });
  await served;
  assert.match(lines[0]!, /"code":-32600/); // {} is not a request: the line was read whole
  // Without a way to collect garbage first (Deno, browsers), a heap figure counts garbage too: not measured there.
  if (gc && before !== undefined && during !== undefined && stdioDuring !== undefined) {
    // An array of pieces holds about 54 bytes of heap per byte: 10 MB here. One buffer holds 256 KB.
    assert.ok(during - before < 4_000_000, `HTTP: heap grew ${during - before} bytes`);
    assert.ok(stdioDuring - before < 4_000_000, `stdio: heap grew ${stdioDuring - before} bytes`);
  }
});

s.run();

const sessions = suite("mcpHttpHandler with sessions: ids, resumable streams, DELETE");

const initialize = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};

sessions.before.each(letGo);

sessions("a stream lost mid-call is resumed with Last-Event-ID; the call ran on; DELETE ends the session", async () => {
  const handler = mcpHttpHandler(registry, { sessions: true });
  const started = await handler(post(initialize));
  const id = started.headers.get("mcp-session-id")!;
  assert.match(id, /^[0-9a-f-]{36}$/);
  assert.is((await handler(post({ jsonrpc: "2.0", id: 1, method: "ping" }))).status, 400); // no session id
  assert.is((await handler(post({ jsonrpc: "2.0", id: 1, method: "ping" }, { "mcp-session-id": "nope" }))).status, 404);
  const session = { "mcp-session-id": id, ...v };
  assert.is((await handler(post({ jsonrpc: "2.0", method: "notifications/initialized" }, session))).status, 202);

  const response = await handler(post(call(7, { reports: 1 }, { progressToken: "p" }), session));
  assert.is(response.headers.get("content-type"), "text/event-stream");
  const reader = response.body!.getReader();
  let seen = "";
  while (!seen.includes("notifications/progress")) seen += new TextDecoder().decode((await reader.read()).value);
  assert.match(seen, /^id: [0-9a-f-]+\.0\nretry: 1000\ndata: \n\n/); // the priming event
  const last = [...seen.matchAll(/^id: (\S+)$/gm)].pop()![1]!;
  await reader.cancel(); // the connection is lost
  letGo(); // the call was not cancelled: it finishes while no one reads
  await new Promise((resolve) => setTimeout(resolve, 5));

  const resumed = await handler(
    new Request("http://127.0.0.1/mcp", {
      method: "GET",
      headers: { accept: "text/event-stream", "last-event-id": last, ...session },
    }),
  );
  assert.is(resumed.status, 200);
  const rest = await resumed.text();
  assert.not.match(rest, /notifications\/progress/); // only what came after the last event seen
  assert.match(rest, /"id":7,"result":\{"content":\[\{"type":"text","text":"done"\}\]\}/);

  const plainGet = await handler(new Request("http://127.0.0.1/mcp", { method: "GET", headers: session }));
  assert.is(plainGet.status, 405);
  const unknownEvent = await handler(
    new Request("http://127.0.0.1/mcp", { method: "GET", headers: { "last-event-id": "x.1", ...session } }),
  );
  assert.is(unknownEvent.status, 404);
  assert.is((await handler(new Request("http://127.0.0.1/mcp", { method: "DELETE", headers: session }))).status, 204);
  assert.is((await handler(post({ jsonrpc: "2.0", id: 2, method: "ping" }, session))).status, 404);
});

sessions(
  "elicit over HTTP by hand: the request on the call's stream, the answer POSTed; waiting is not in flight",
  async () => {
    const handler = mcpHttpHandler(registry, { sessions: true, maxInFlight: 1 });
    const init = { ...initialize, params: { ...initialize.params, capabilities: { elicitation: {} } } };
    const id = (await handler(post(init))).headers.get("mcp-session-id")!;
    const session = { "mcp-session-id": id, ...v };
    const response = await handler(
      post({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "asks" } }, session),
    );
    const reader = response.body!.getReader();
    let seen = "";
    while (!seen.includes("elicitation/create")) seen += new TextDecoder().decode((await reader.read()).value);
    const asked = JSON.parse(seen.match(/data: (\{.*"elicitation\/create".*\})/)![1]!) as {
      id: string;
      params: unknown;
    };
    assert.equal(asked.params, {
      message: "Go on?",
      requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
    });
    // maxInFlight is 1 and the call is waiting for the person: other requests still go through.
    assert.is((await handler(post({ jsonrpc: "2.0", id: 2, method: "ping" }, session))).status, 200);
    const answered = await handler(
      post({ jsonrpc: "2.0", id: asked.id, result: { action: "accept", content: { ok: true } } }, session),
    );
    assert.is(answered.status, 202);
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    assert.match(rest, /"id":1,"result":\{"content":\[\{"type":"text","text":"went on"\}\]\}/);
    const bad = (await (
      await handler(post({ jsonrpc: "2.0", id: 3, method: "logging/setLevel", params: { level: "loud" } }, session))
    ).json()) as { error: { code: number; message: string } };
    assert.is(bad.error.code, -32602);
    assert.match(bad.error.message, /"level" must be one of debug, info/);
  },
);

sessions.run();
