// serveMCP from the attacker's side: a client that sends one batch line of 89,240 requests (as many as fit
// in the 4 MiB line limit), thousands of slow calls at once, or never reads the replies. Work is counted
// (how often the tool list is built, how many calls run at once, how many lines were read ahead); memory is
// measured in Node after collecting garbage; nothing is timed.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, tool, ToolRegistry } from "tooltype";
import { serveMCP, type MCPInput } from "tooltype/mcp";
import { collector } from "../support/gc.js";

const isNode =
  typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === "string" &&
  !("Deno" in globalThis) &&
  !("Bun" in globalThis);
const heapUsed = () =>
  (globalThis as { process?: { memoryUsage?: () => { heapUsed: number } } }).process?.memoryUsage?.().heapUsed;

/** A registry that counts how often its tool list is built, and a tool whose calls wait until released. */
function counted() {
  let running = 0;
  let most = 0;
  const waiting: (() => void)[] = [];
  const registry = new ToolRegistry().register(
    tool({
      name: "ping_later",
      description: "Answers when released.",
      parameters: t.object({}),
      execute: async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => waiting.push(resolve));
        running--;
        return "pong";
      },
    }),
    tool({
      name: "add",
      description: "Adds.",
      parameters: t.object({ a: t.number(), b: t.number() }),
      execute: ({ a, b }) => a + b,
    }),
  );
  const listed = { count: 0 };
  const toolsForRequest = registry.toolsForRequest.bind(registry);
  registry.toolsForRequest = ((...args: Parameters<typeof toolsForRequest>) => {
    listed.count++;
    return toolsForRequest(...args);
  }) as typeof registry.toolsForRequest;
  const releaseAll = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  return { registry, listed, most: () => most, releaseAll, waiting };
}

/** Input that yields the given lines one a chunk, counting how many were taken. */
function lines(all: readonly string[]): { input: MCPInput; taken: () => number } {
  let taken = 0;
  const input = (async function* () {
    for (const line of all) {
      taken++;
      yield line + "\n";
    }
  })();
  return { input, taken: () => taken };
}

const collect = () => {
  const replies: any[] = [];
  let text = "";
  return {
    replies,
    output: {
      write(chunk: string) {
        text += chunk;
        const parts = text.split("\n");
        text = parts.pop()!;
        for (const part of parts) replies.push(JSON.parse(part));
      },
    },
  };
};

const request = (id: unknown, method: string, params?: unknown) =>
  JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
const initialize = (version: string) =>
  request(0, "initialize", { protocolVersion: version, capabilities: {}, clientInfo: { name: "t", version: "1" } });
const tick = () => new Promise((r) => setTimeout(r, 0));

const s = suite("serveMCP: batches, requests in flight and unread replies are bounded");

s(
  "one batch line of 89,240 requests (4 MiB): one -32600 error naming the limit, nothing run, memory flat",
  async () => {
    const { registry, listed } = counted();
    const one = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
    const batch = "[" + Array(89_240).fill(one).join(",") + "]";
    assert.ok(batch.length < 4 * 1024 * 1024, `${batch.length} bytes`);
    const gc = await collector();
    const { replies, output } = collect();
    gc?.();
    const before = heapUsed();
    let peak = 0;
    const watched = {
      write(chunk: string) {
        output.write(chunk);
        peak = Math.max(peak, (heapUsed() ?? 0) - (before ?? 0));
      },
    };
    await serveMCP(registry, {
      input: lines([initialize("2025-03-26"), batch, request(2, "ping")]).input,
      output: watched,
    });
    gc?.();
    const kept = before === undefined || !gc ? undefined : heapUsed()! - before;
    assert.is(replies.length, 3);
    assert.equal(replies[1], {
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32600,
        message:
          "Invalid Request: a batch of 89240 messages; at most 100 are taken in one batch, and none of this one was run",
      },
    });
    assert.equal(replies[2], { jsonrpc: "2.0", id: 2, result: {} });
    assert.is(listed.count, 0, "tool lists built for the refused batch");
    if (isNode && kept !== undefined) {
      assert.ok(kept < 16 << 20, `${kept} bytes kept`);
      assert.ok(peak < 128 << 20, `${peak} bytes in use while answering`); // before the limit: 1.3 GB, or out of memory
    }
    console.log(
      `mcp serve limits: a batch of 89,240 requests refused, ${listed.count} tool lists built${isNode && kept !== undefined ? `, heap +${(kept / (1 << 20)).toFixed(1)} MB kept, at most +${(peak / (1 << 20)).toFixed(0)} MB while answering` : ""}`,
    );
  },
);

s("a batch of maxBatch is answered, one message after another; maxBatch and maxInFlight are checked", async () => {
  const { registry, listed } = counted();
  const { replies, output } = collect();
  const batch = "[" + Array.from({ length: 5 }, (_, i) => request(i + 1, "tools/list")).join(",") + "]";
  await serveMCP(registry, {
    input: lines([initialize("2025-03-26"), batch, "[" + Array(6).fill(request(9, "ping")).join(",") + "]"]).input,
    output,
    maxBatch: 5,
  });
  const answered = replies.find(Array.isArray); // replies come as they are ready, not in order
  assert.equal(
    answered.map((r: { id: number }) => r.id),
    [1, 2, 3, 4, 5],
  );
  assert.is(listed.count, 5);
  assert.match(replies.find((r) => r.error)!.error.message, /a batch of 6 messages; at most 5/);
  for (const bad of [0, 1.5, -1, Number.NaN]) {
    await serveMCP(registry, { input: lines([]).input, output, maxBatch: bad }).then(
      () => assert.unreachable(),
      (e: Error) => assert.match(e.message, /maxBatch must be a whole number, 1 or more/),
    );
    await serveMCP(registry, { input: lines([]).input, output, maxInFlight: bad }).then(
      () => assert.unreachable(),
      (e: Error) => assert.match(e.message, /maxInFlight must be a whole number, 1 or more/),
    );
  }
});

s(
  "10,000 slow calls sent at once: at most maxInFlight run together, and input is read only as they finish",
  async () => {
    const { registry, most, releaseAll, waiting } = counted();
    const calls = Array.from({ length: 10_000 }, (_, i) =>
      request(i, "tools/call", { name: "ping_later", arguments: {} }),
    );
    const feed = lines([initialize("2025-06-18"), ...calls]);
    const { replies, output } = collect();
    const done = serveMCP(registry, { input: feed.input, output, maxInFlight: 8 });
    for (let i = 0; i < 20; i++) await tick();
    assert.is(waiting.length, 8);
    assert.ok(feed.taken() <= 1 + 8 + 1, `${feed.taken()} lines read while 8 calls were running`);
    while (replies.length < 10_001) {
      releaseAll();
      await tick();
    }
    await done;
    assert.is(most(), 8);
    assert.equal(new Set(replies.slice(1).map((r) => r.id)).size, 10_000);
    console.log(
      `mcp serve limits: 10,000 slow calls, at most ${most()} at once, ${1 + 8 + 1} lines read ahead at most`,
    );
  },
);

(isNode ? s : s.skip)(
  "a client that never reads: the server stops reading when stdout is full, and answers everything once it reads (Node)",
  async () => {
    const streamName = "node:stream";
    const { PassThrough } = (await import(/* @vite-ignore */ streamName)) as typeof import("node:stream");
    const { registry } = counted();
    const output = new PassThrough({ highWaterMark: 4096 });
    const feed = lines([initialize("2025-06-18"), ...Array.from({ length: 20_000 }, (_, i) => request(i, "ping"))]);
    const done = serveMCP(registry, { input: feed.input, output });
    for (let i = 0; i < 50; i++) await tick();
    const readAhead = feed.taken();
    assert.ok(readAhead < 500, `${readAhead} lines read while nobody read the replies`);
    let text = "";
    output.setEncoding("utf8");
    output.on("data", (chunk: string) => (text += chunk));
    await done;
    assert.is(text.split("\n").filter(Boolean).length, 20_001);
    console.log(`mcp serve limits: a client that does not read: ${readAhead} of 20,001 lines read until it did`);
  },
);

s.run();
