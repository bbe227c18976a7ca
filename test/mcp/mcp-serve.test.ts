// serveMCP: an MCP server over newline-delimited JSON-RPC with no SDK. In-process over streams in every
// runtime: the protocol, every kind of malformed message answered with its JSON-RPC error, ids echoed,
// batches by protocol version, oversized lines skipped without being kept, a fuzz of hostile lines after
// which the server still answers. In Node, also as a spawned process on stdio, driven by the official MCP
// SDK's Client and by hand with garbage.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { collector, settledMemory } from "../support/gc.js";
import fc from "fast-check";
import { t, tool, ToolRegistry } from "tooltype";
import { serveMCP, JSONRPC_ERRORS, MCP_PROTOCOL_VERSIONS, type ServeMCPOptions } from "tooltype/mcp";

const env = (globalThis as { __TOOLTYPE_ENV__?: string }).__TOOLTYPE_ENV__ ?? "node";
const penv = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
const SEED = Number(penv?.TOOLTYPE_FUZZ_SEED) || 20261211;
const RUNS = Number(penv?.TOOLTYPE_FUZZ_RUNS) || 500;
const quiet = { error: () => {}, warn: () => {} };

const registry = new ToolRegistry({ logger: quiet }).register(
  tool({
    name: "add",
    description: "Adds.",
    parameters: t.object({ a: t.number(), b: t.number() }),
    returns: t.number(),
    execute: ({ a, b }) => a + b,
  }),
  tool({
    name: "boom",
    description: "Throws.",
    parameters: t.object({}),
    logger: quiet,
    execute: () => {
      throw new Error("kaboom");
    },
  }),
  tool({
    name: "slow",
    description: "Answers late.",
    parameters: t.object({ ms: t.integer() }),
    execute: ({ ms }) => new Promise((r) => setTimeout(() => r("late"), ms)),
  }),
  tool({ name: "big", description: "A BigInt.", parameters: t.object({}), execute: () => 2n ** 70n }),
);

/** A running server fed line by line, its replies collected. */
function open(options: Partial<ServeMCPOptions> = {}, served = registry) {
  const queue: (string | Uint8Array | null)[] = [];
  let wake: (() => void) | undefined;
  const input = (async function* () {
    for (;;) {
      while (!queue.length) await new Promise<void>((r) => (wake = r));
      const next = queue.shift()!;
      if (next === null) return;
      yield next;
    }
  })();
  const replies: unknown[] = [];
  let text = "";
  let waiting: { count: number; resolve: () => void } | undefined;
  let watcher: { test: (reply: unknown) => boolean; resolve: () => void } | undefined;
  const output = {
    write(chunk: string) {
      text += chunk;
      const lines = text.split("\n");
      text = lines.pop()!;
      for (const line of lines) {
        const reply = JSON.parse(line) as unknown;
        replies.push(reply);
        if (watcher?.test(reply)) watcher.resolve();
      }
      if (waiting && replies.length >= waiting.count) waiting.resolve();
    },
  };
  const done = serveMCP(served, { input, output, ...options });
  const push = (chunk: string | Uint8Array | null) => {
    queue.push(chunk);
    wake?.();
  };
  return {
    replies,
    done,
    push,
    /** Sends lines, and resolves once `count` more replies have come (default: one per line). */
    async send(lines: readonly (string | object)[], count = lines.length): Promise<unknown[]> {
      const before = replies.length;
      const arrived = new Promise<void>((resolve) => (waiting = { count: before + count, resolve }));
      for (const line of lines) push((typeof line === "string" ? line : JSON.stringify(line)) + "\n");
      if (count) await arrived;
      else await new Promise((r) => setTimeout(r, 20));
      return replies.slice(before);
    },
    end: () => push(null),
    /** Resolves at the first reply, from now on, that `test` accepts. */
    until: (test: (reply: unknown) => boolean) => new Promise<void>((resolve) => (watcher = { test, resolve })),
  };
}

const request = (id: unknown, method: string, params?: unknown) => ({
  jsonrpc: "2.0",
  id,
  method,
  ...(params === undefined ? {} : { params }),
});
const initialize = (version = "2025-06-18") =>
  request(0, "initialize", { protocolVersion: version, capabilities: {}, clientInfo: { name: "test", version: "1" } });
const errorCode = (reply: unknown) => (reply as { error?: { code: number } }).error?.code;

const s = suite("serveMCP: JSON-RPC over lines, every message answered, the server keeps serving");

s("initialize, initialized, ping, tools/list, tools/call; ids echoed exactly as sent", async () => {
  const server = open();
  const [init] = await server.send([initialize()]);
  assert.equal(init, {
    jsonrpc: "2.0",
    id: 0,
    result: {
      protocolVersion: "2025-06-18",
      capabilities: { tools: { listChanged: false }, logging: {} },
      serverInfo: { name: "tooltype", version: "0.1.0" },
    },
  });
  assert.equal(await server.send([{ jsonrpc: "2.0", method: "notifications/initialized" }], 0), []);
  for (const id of ["abc", "", 7, -5, 0, 2 ** 53 - 1, "1"])
    assert.equal(await server.send([request(id, "ping")]), [{ jsonrpc: "2.0", id, result: {} }]);
  const [list] = (await server.send([request(1, "tools/list")])) as { result: { tools: { name: string }[] } }[];
  assert.equal(
    list!.result.tools.map((x) => x.name),
    ["add", "boom", "slow", "big"],
  );
  assert.equal(await server.send([request(2, "tools/call", { name: "add", arguments: { a: 1, b: 2 } })]), [
    { jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "3" }], structuredContent: { result: 3 } } },
  ]);
  const [bad, thrown, big] = (await server.send([
    request(3, "tools/call", { name: "add", arguments: { a: "1" } }),
    request(4, "tools/call", { name: "boom" }),
    request(5, "tools/call", { name: "big", arguments: {} }),
  ])) as { id: number; result: { isError?: boolean; content: { text: string }[] } }[];
  const byId = Object.fromEntries([bad, thrown, big].map((r) => [r!.id, r!.result]));
  assert.ok(
    byId[3]!.isError && /Invalid arguments for tool "add"/.test(byId[3]!.content[0]!.text),
    "bad arguments are a tool error the model can act on",
  );
  assert.ok(byId[4]!.isError && /kaboom/.test(byId[4]!.content[0]!.text));
  assert.equal(byId[5]!.content[0]!.text, '"1180591620717411303424"'); // a BigInt, written as JSON text
  server.end();
  await server.done;
});

s("malformed messages: each gets its JSON-RPC error, and the next request is answered", async () => {
  const server = open();
  await server.send([initialize()]);
  const cases: [string, number, unknown][] = [
    ["not json", JSONRPC_ERRORS.PARSE_ERROR, null],
    ['{"jsonrpc": "2.0", "id": 1, "method": "ping"', JSONRPC_ERRORS.PARSE_ERROR, null],
    ["1", JSONRPC_ERRORS.INVALID_REQUEST, null],
    ['"ping"', JSONRPC_ERRORS.INVALID_REQUEST, null],
    ["null", JSONRPC_ERRORS.INVALID_REQUEST, null],
    ['{"id": 1, "method": "ping"}', JSONRPC_ERRORS.INVALID_REQUEST, 1],
    ['{"jsonrpc": "1.0", "id": "a", "method": "ping"}', JSONRPC_ERRORS.INVALID_REQUEST, "a"],
    ['{"jsonrpc": "2.0", "id": 2, "method": 5}', JSONRPC_ERRORS.INVALID_REQUEST, 2],
    ['{"jsonrpc": "2.0", "id": 2}', JSONRPC_ERRORS.INVALID_REQUEST, 2],
    ['{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}', JSONRPC_ERRORS.INVALID_REQUEST, null],
    ['{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}', JSONRPC_ERRORS.INVALID_REQUEST, null],
    [
      '{"jsonrpc": "2.0", "id": 123456789012345678901234567890, "method": "ping"}',
      JSONRPC_ERRORS.INVALID_REQUEST,
      null,
    ],
    ['{"jsonrpc": "2.0", "id": null, "method": "ping"}', JSONRPC_ERRORS.INVALID_REQUEST, null],
    ['{"jsonrpc": "2.0", "id": true, "method": "ping"}', JSONRPC_ERRORS.INVALID_REQUEST, null],
    ['{"jsonrpc": "2.0", "id": 3, "method": "ping", "params": [1]}', JSONRPC_ERRORS.INVALID_PARAMS, 3],
    ['{"jsonrpc": "2.0", "id": 4, "method": "resources/list"}', JSONRPC_ERRORS.METHOD_NOT_FOUND, 4],
    ['{"jsonrpc": "2.0", "id": 5, "method": "__proto__"}', JSONRPC_ERRORS.METHOD_NOT_FOUND, 5],
    [
      '{"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {"name": "nope"}}',
      JSONRPC_ERRORS.INVALID_PARAMS,
      6,
    ],
    [
      '{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "constructor"}}',
      JSONRPC_ERRORS.INVALID_PARAMS,
      7,
    ],
    ['{"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {}}', JSONRPC_ERRORS.INVALID_PARAMS, 8],
    [
      '{"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {"name": "add", "arguments": [1, 2]}}',
      JSONRPC_ERRORS.INVALID_PARAMS,
      9,
    ],
    [
      '{"jsonrpc": "2.0", "id": 10, "method": "tools/call", "params": {"name": "add", "arguments": "{}"}}',
      JSONRPC_ERRORS.INVALID_PARAMS,
      10,
    ],
    ["[]", JSONRPC_ERRORS.INVALID_REQUEST, null],
    ['[{"jsonrpc": "2.0", "id": 11, "method": "ping"}]', JSONRPC_ERRORS.INVALID_REQUEST, null],
  ];
  for (const [line, code, id] of cases) {
    const [reply] = await server.send([line]);
    assert.is(errorCode(reply), code, line);
    assert.is((reply as { id: unknown }).id, id, line);
    assert.equal(
      await server.send([request("after", "ping")]),
      [{ jsonrpc: "2.0", id: "after", result: {} }],
      `after ${line}`,
    );
  }
  // Notifications, with or without a known method, and the client's own responses: nothing is answered.
  assert.equal(
    await server.send(
      [
        '{"jsonrpc": "2.0", "method": "nope"}',
        '{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}}',
        '{"jsonrpc": "2.0", "id": 1, "result": {}}',
        "",
        "   ",
      ],
      0,
    ),
    [],
  );
  server.end();
  await server.done;
  console.log(
    `mcp serve: ${cases.length} kinds of malformed message, each answered with its JSON-RPC error, the server answering after each`,
  );
});

s("batches: answered one by one under 2025-03-26, refused under every later version", async () => {
  const old = open();
  await old.send([initialize("2025-03-26")]);
  const [batch] = await old.send([
    '[{"jsonrpc": "2.0", "id": 1, "method": "ping"}, {"jsonrpc": "2.0", "method": "notifications/initialized"}, {"jsonrpc": "2.0", "id": "x", "method": "nope"}, 5]',
  ]);
  assert.equal(batch, [
    { jsonrpc: "2.0", id: 1, result: {} },
    { jsonrpc: "2.0", id: "x", error: { code: -32601, message: 'Method not found: "nope"' } },
    { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: a message must be a JSON object" } },
  ]);
  assert.equal(await old.send(['[{"jsonrpc": "2.0", "method": "notifications/initialized"}]'], 0), []);
  assert.is(errorCode((await old.send(["[]"]))[0]), -32600);
  old.end();
  for (const version of MCP_PROTOCOL_VERSIONS.filter((v) => v !== "2025-03-26")) {
    const server = open();
    const [init] = (await server.send([initialize(version)])) as { result: { protocolVersion: string } }[];
    assert.is(init!.result.protocolVersion, version);
    const [reply] = await server.send(['[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]']);
    assert.is(errorCode(reply), -32600, version);
    server.end();
  }
  const unknown = open();
  const [init] = (await unknown.send([initialize("1999-01-01")])) as { result: { protocolVersion: string } }[];
  assert.is(init!.result.protocolVersion, MCP_PROTOCOL_VERSIONS[0]); // an unknown version: the newest is offered
  unknown.end();
});

/** The heap plus memory outside it (array buffers), where the runtime tells (Node, Deno, Bun); undefined in browsers. */
const heapUsed = () => {
  type Usage = { heapUsed: number; external?: number; arrayBuffers?: number };
  const g = globalThis as { Deno?: { memoryUsage?: () => Usage }; process?: { memoryUsage?: () => Usage } };
  const usage = g.Deno?.memoryUsage?.() ?? g.process?.memoryUsage?.();
  return usage && usage.heapUsed + (usage.arrayBuffers ?? usage.external ?? 0);
};

s(
  "an oversized line is skipped as it streams, never kept, and answered with -32600; the next line is served",
  async () => {
    const server = open({ maxMessageBytes: 4096 });
    await server.send([initialize()]);
    // 64 MB with no newline, in 1 MB pieces of one and the same text: the server encodes each into new bytes,
    // so memory grows by 64 MB if it keeps them, and stays flat if it drops them.
    const piece = "a".repeat(1 << 20);
    const gc = await collector();
    // Without a way to collect garbage first, the figure would count garbage.
    const before = gc && (await settledMemory(gc, heapUsed));
    for (let i = 0; i < 64; i++) server.push(piece);
    // Measured once the server has answered the line's end, so it has read every piece (a fixed wait would
    // measure pieces still queued on a busy machine).
    const [reply] = await server.send(['"end of the long line"']);
    const grew = gc && before !== undefined ? (await settledMemory(gc, heapUsed))! - before : undefined;
    assert.equal(reply, {
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Invalid Request: a message longer than 4096 bytes was skipped" },
    });
    if (grew !== undefined) assert.ok(grew < 16 << 20, `the heap grew by ${grew} bytes while 64 MB streamed past`);
    // Just under the limit is read; a split of a line across pieces, and a multi-byte character cut in two, are joined.
    const params = { name: "add", arguments: { a: 1, b: 2 } };
    const line = JSON.stringify({ ...request("é", "tools/call", params), pad: "x".repeat(4000 - 80) });
    assert.ok(new TextEncoder().encode(line).length <= 4096);
    const bytes = new TextEncoder().encode(line + "\n");
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of "é"
    const arrived = server.send([], 1);
    server.push(bytes.subarray(0, cut));
    server.push(bytes.subarray(cut));
    const [answer] = (await arrived) as { id: string; result: { content: { text: string }[] } }[];
    assert.is(answer!.id, "é");
    assert.is(answer!.result.content[0]!.text, "3");
    server.end();
    await server.done;
    console.log(
      `mcp serve: 64 MB on one line skipped, heap grew ${grew === undefined ? "(not measurable here)" : `${(grew / (1 << 20)).toFixed(1)} MB`}`,
    );
  },
);

s("a slow call does not hold up the others; the input's end waits for every answer", async () => {
  const server = open();
  const replies = await server.send([
    request(1, "tools/call", { name: "slow", arguments: { ms: 200 } }),
    request(2, "ping"),
  ]);
  assert.equal(
    replies.map((r) => (r as { id: number }).id),
    [2, 1],
  );
  const timed = open({ timeout: 20 });
  const [late] = (await timed.send([request(3, "tools/call", { name: "slow", arguments: { ms: 500 } })])) as {
    result: { isError: boolean; content: { text: string }[] };
  }[];
  assert.ok(late!.result.isError && /timed out after 20 ms/.test(late!.result.content[0]!.text));
  timed.push(JSON.stringify(request(4, "tools/call", { name: "slow", arguments: { ms: 30 } })) + "\n");
  timed.end();
  await timed.done;
  assert.is((timed.replies.at(-1) as { id: number }).id, 4);
  server.end();
});

s(
  "fuzz: hostile lines never stop the server; each gets one reply or none, and ping is answered after all of them",
  async () => {
    const server = open({ maxMessageBytes: 2048 });
    await server.send([initialize()]);
    server.replies.length = 0;
    const method = fc.constantFrom(
      "initialize",
      "ping",
      "tools/list",
      "tools/call",
      "notifications/initialized",
      "nope",
      "__proto__",
      "constructor",
      "",
    );
    const id = fc.oneof(
      fc.string({ maxLength: 5 }),
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.boolean(),
      fc.jsonValue({ maxDepth: 1 }),
    );
    const params = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record(
        { name: fc.constantFrom("add", "boom", "big", "nope", "toString"), arguments: fc.jsonValue({ maxDepth: 2 }) },
        { requiredKeys: [] },
      ),
    );
    const message = fc.record(
      { jsonrpc: fc.constantFrom("2.0", "2.0", "1.0", 2), id, method, params },
      { requiredKeys: [] },
    );
    const line = fc.oneof(
      message.map((m) => JSON.stringify(m)),
      fc.array(message, { maxLength: 3 }).map((m) => JSON.stringify(m)),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ unit: "binary", maxLength: 60 }).map((x) => x.replace(/\n/g, " ")),
      fc.constant("x".repeat(5000)),
    );
    let lines = 0;
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 5 }), async (batch) => {
        lines += batch.length;
        const probed = server.until((r) => (r as { id?: unknown }).id === "probe");
        for (const l of [...batch, JSON.stringify(request("probe", "ping"))]) server.push(l + "\n");
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([probed, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
        clearTimeout(timer);
        const probe = server.replies.findIndex((r) => (r as { id?: unknown }).id === "probe");
        assert.ok(probe >= 0, `no answer to ping after ${JSON.stringify(batch).slice(0, 300)}`);
        const before = server.replies.splice(0, probe + 1);
        answered += before.length - 1;
        assert.ok(before.length - 1 <= batch.length, "more replies than messages");
        for (const reply of before)
          assert.is((reply as { jsonrpc: string }).jsonrpc ?? (Array.isArray(reply) ? "2.0" : undefined), "2.0");
      }),
      { seed: SEED, numRuns: RUNS },
    );
    server.end();
    await server.done;
    console.log(
      `mcp serve: ${lines} hostile lines in ${RUNS} rounds, ${answered} replies, ping answered after every round`,
    );
  },
);

const stepper = tool({
  name: "steps",
  description: "Counts, reporting progress.",
  parameters: t.object({ to: t.optional(t.integer()) }),
  execute: async ({ to = 2 }, _context, { progress }) => {
    progress?.(0, to, "starting");
    progress?.(0, to, "not more than the last: dropped");
    for (let step = 1; step <= to; step++) {
      await new Promise((r) => setTimeout(r, 1));
      progress?.(step, to);
    }
    setTimeout(() => progress?.(to + 1, to, "after the result: dropped"), 0);
    return `at ${to}`;
  },
});
const described = new ToolRegistry().register(stepper);
const progressOf = (reply: unknown) =>
  (reply as { method?: string }).method === "notifications/progress"
    ? (reply as { params: unknown }).params
    : undefined;

s(
  "a call with a progressToken gets notifications/progress with that token, growing, before its result; without one, none",
  async () => {
    const server = open({}, described);
    await server.send([initialize()]);
    const lines = await server.send(
      [request(1, "tools/call", { name: "steps", arguments: { to: 3 }, _meta: { progressToken: "job-1" } })],
      5,
    );
    assert.equal(lines.map(progressOf), [
      { progressToken: "job-1", progress: 0, total: 3, message: "starting" },
      { progressToken: "job-1", progress: 1, total: 3 },
      { progressToken: "job-1", progress: 2, total: 3 },
      { progressToken: "job-1", progress: 3, total: 3 },
      undefined,
    ]);
    assert.equal(lines[4], { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "at 3" }] } });
    // No token, or one that is neither a string nor an integer: only the result. A tool of optional parameters needs no "arguments".
    for (const params of [
      { name: "steps" },
      { name: "steps", _meta: { progressToken: { x: 1 } } },
      { name: "steps", _meta: { progressToken: 1.5 } },
    ]) {
      assert.equal(await server.send([request(2, "tools/call", params)]), [
        { jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "at 2" }] } },
      ]);
    }
    const [integer] = await server.send(
      [request(3, "tools/call", { name: "steps", arguments: { to: 1 }, _meta: { progressToken: 7 } })],
      3,
    );
    assert.equal(progressOf(integer), { progressToken: 7, progress: 0, total: 1, message: "starting" });
    await new Promise((r) => setTimeout(r, 20));
    assert.not.ok(
      server.replies.some(
        (reply) => (progressOf(reply) as { message?: string } | undefined)?.message === "after the result: dropped",
      ),
    );
    server.end();
    await server.done;
  },
);

s("timeout: a slower call is an isError result, and its function's signal aborts so it can stop", async () => {
  let aborted: unknown;
  const waits = tool({
    name: "waits",
    description: "Waits for its signal.",
    parameters: t.object({}),
    execute: (_args, _context, { signal }) =>
      new Promise<string>((resolve) =>
        signal?.addEventListener("abort", () => ((aborted = signal.reason), resolve("stopped"))),
      ),
  });
  const server = open({ timeout: 20 }, new ToolRegistry().register(waits));
  await server.send([initialize()]);
  const [reply] = (await server.send([request(1, "tools/call", { name: "waits" })])) as {
    result: { isError: boolean; content: { text: string }[] };
  }[];
  assert.ok(
    reply!.result.isError && /timed out after 20 ms/.test(reply!.result.content[0]!.text),
    JSON.stringify(reply),
  );
  assert.is((aborted as { name?: string } | undefined)?.name, "TimeoutError");
  server.end();
  await server.done;
});

s("notifications/cancelled: the call's signal aborts, no response is sent for it, other calls go on", async () => {
  const started: string[] = [];
  const reasons: unknown[] = [];
  const waits = tool({
    name: "waits",
    description: "Waits for its signal, or answers at once when told to.",
    parameters: t.object({ now: t.optional(t.boolean()) }),
    execute: ({ now }, _context, { signal }) =>
      now
        ? "at once"
        : new Promise<string>((resolve) => {
            started.push("waits");
            signal?.addEventListener("abort", () => (reasons.push(signal.reason), resolve("stopped")));
          }),
  });
  const server = open({}, new ToolRegistry().register(waits));
  await server.send([initialize()]);
  await server.send([request(7, "tools/call", { name: "waits" }), request("7", "tools/call", { name: "waits" })], 0);
  assert.equal(started, ["waits", "waits"]);
  const notify = (requestId: unknown) => ({
    jsonrpc: "2.0",
    method: "notifications/cancelled",
    params: { requestId, reason: "user" },
  });
  // Unknown ids, a wrong type, no params: ignored.
  await server.send([notify(99), notify({ id: 7 }), { jsonrpc: "2.0", method: "notifications/cancelled" }], 0);
  assert.is(reasons.length, 0);
  await server.send([notify(7)], 0);
  assert.is(reasons.length, 1, 'the number id 7 is cancelled, the string id "7" is not');
  assert.is((reasons[0] as { name?: string }).name, "AbortError");
  const [pong] = await server.send([request(8, "ping")]);
  assert.equal(pong, { jsonrpc: "2.0", id: 8, result: {} });
  assert.not.ok(
    server.replies.some((reply) => (reply as { id?: unknown }).id === 7),
    "no response for the cancelled request",
  );
  await server.send([notify("7")], 0);
  assert.not.ok(server.replies.some((reply) => (reply as { id?: unknown }).id === "7"));
  // The ids are free again: a new call with id 7 runs and is answered.
  const [again] = await server.send([request(7, "tools/call", { name: "waits", arguments: { now: true } })]);
  assert.equal((again as { result: unknown }).result, { content: [{ type: "text", text: "at once" }] });
  server.end();
  await server.done;
});

s(
  "describeTool: a tool's title, annotations and icons in tools/list; a tool it returns nothing for is listed as it is",
  async () => {
    const both = new ToolRegistry({ logger: quiet }).register(stepper, registry.get("add")!);
    const server = open(
      {
        describeTool: (x) =>
          x.name === "steps"
            ? {
                title: "Steps",
                annotations: { readOnlyHint: true, openWorldHint: false },
                icons: [{ src: "data:image/png;base64,AA==", mimeType: "image/png", sizes: ["16x16"] }],
              }
            : undefined,
      },
      both,
    );
    await server.send([initialize()]);
    const [list] = (await server.send([request(1, "tools/list")])) as {
      result: { tools: Record<string, unknown>[] };
    }[];
    const [steps, add] = list!.result.tools;
    assert.is(steps!.title, "Steps");
    assert.equal(steps!.annotations, { readOnlyHint: true, openWorldHint: false });
    assert.equal(steps!.icons, [{ src: "data:image/png;base64,AA==", mimeType: "image/png", sizes: ["16x16"] }]);
    assert.equal(Object.keys(add!).sort(), ["description", "inputSchema", "name", "outputSchema"]);
    server.end();
    await server.done;
  },
);

s.run();

// ---- Node: a spawned server on stdio, the SDK's Client, garbage by hand ----------------------------------------

const stdio = suite("serveMCP over stdio, as a spawned process (Node)");
const inNode = env === "node" ? stdio : stdio.skip;
const SERVER = "test/fixtures/mcp/stdio-server.mjs";

inNode("the official MCP SDK's Client over stdio: lists, calls, and gets -32602 for an unknown tool", async () => {
  // Variables, so the browser bundles leave the SDK's Node-only transport out; Node resolves them from node_modules.
  const [clientModule, stdioModule] = [
    "@modelcontextprotocol/sdk/client/index.js",
    "@modelcontextprotocol/sdk/client/stdio.js",
  ];
  const { Client } = (await import(clientModule)) as typeof import("@modelcontextprotocol/sdk/client/index.js");
  const { StdioClientTransport } = (await import(
    stdioModule
  )) as typeof import("@modelcontextprotocol/sdk/client/stdio.js");
  const process = (globalThis as unknown as { process: { execPath: string } }).process;
  const client = new Client({ name: "tooltype-test", version: "1" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER], stderr: "pipe" }));
  try {
    assert.is(client.getServerVersion()?.name, "tooltype");
    const { tools } = await client.listTools();
    assert.equal(
      tools.map((x) => x.name),
      ["add", "echo", "count", "advance"],
    );
    assert.equal(await client.callTool({ name: "add", arguments: { a: 2, b: 40 } }), {
      content: [{ type: "text", text: "42" }],
      structuredContent: { result: 42 },
    });
    const bad = (await client.callTool({ name: "add", arguments: { a: "x" } })) as { isError?: boolean };
    assert.ok(bad.isError);
    try {
      await client.callTool({ name: "missing", arguments: {} });
      assert.unreachable("an unknown tool should be a protocol error");
    } catch (error) {
      assert.is((error as { code?: number }).code, -32602);
    }
    assert.equal(await client.ping(), {});
  } finally {
    await client.close();
  }
});

inNode(
  "the SDK's Client over stdio: onprogress gets each notifications/progress of a call; a tool of optional parameters is called without arguments",
  async () => {
    const [clientModule, stdioModule] = [
      "@modelcontextprotocol/sdk/client/index.js",
      "@modelcontextprotocol/sdk/client/stdio.js",
    ];
    const { Client } = (await import(clientModule)) as typeof import("@modelcontextprotocol/sdk/client/index.js");
    const { StdioClientTransport } = (await import(
      stdioModule
    )) as typeof import("@modelcontextprotocol/sdk/client/stdio.js");
    const process = (globalThis as unknown as { process: { execPath: string } }).process;
    const client = new Client({ name: "tooltype-test", version: "1" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER], stderr: "pipe" }));
    try {
      const seen: unknown[] = [];
      // Paced: the tool goes on only once this client has handled its report, so none can come with the result.
      const advance = () => void client.callTool({ name: "advance" }).catch(() => {});
      const result = await client.callTool({ name: "count", arguments: { steps: 4, paced: true } }, undefined, {
        onprogress: (p) => (seen.push(p), advance()),
      });
      assert.equal(result, { content: [{ type: "text", text: "counted to 4" }] });
      assert.equal(
        seen,
        [1, 2, 3, 4].map((progress) => ({ progress, total: 4, message: `step ${progress}` })),
      );
      assert.equal(await client.callTool({ name: "count" }), { content: [{ type: "text", text: "counted to 3" }] });
    } finally {
      await client.close();
    }
  },
);

inNode(
  "by hand on stdin: garbage, a 1 MB line and a batch, each answered, then a real call; the process exits when stdin closes",
  async () => {
    const specifier = "node:child_process";
    const { spawn } = (await import(specifier)) as typeof import("node:child_process");
    const process = (globalThis as unknown as { process: { execPath: string } }).process;
    const child = spawn(process.execPath, [SERVER], { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d: Uint8Array) => (out += new TextDecoder().decode(d)));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const lines = [
      JSON.stringify(initialize()),
      "this is not json",
      "{" + "x".repeat(1 << 20),
      '[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
      '{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}',
      JSON.stringify(request("call", "tools/call", { name: "echo", arguments: { text: "still here" } })),
    ];
    child.stdin.end(lines.join("\n") + "\n");
    assert.is(await exited, 0);
    const replies = out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { id: unknown; error?: { code: number }; result?: { content: { text: string }[] } });
    // Replies come as answers are ready (an error found while reading goes out at once): compared by kind, in order.
    assert.equal(
      replies.map((r) => r.error?.code ?? "ok").sort(),
      ["ok", -32700, -32600, -32600, -32600, "ok"].sort(),
      out.slice(0, 2000),
    );
    assert.is(replies.find((r) => r.id === "call")!.result!.content[0]!.text, "still here");
  },
);

stdio.run();
