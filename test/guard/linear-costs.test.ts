// Costs that grow linearly: each test counts work (reads of a list, listeners added to a signal, controllers
// made) or memory kept (after collecting garbage, where the runtime allows it), never elapsed time.
// And a pattern the regular-expression engine cannot evaluate on a long string: an honest verdict.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { compile, createPartialJSONParser, runTools, t, tool, ToolRegistry } from "tooltype";
import { readChatOutput } from "../../src/agent/chat-output.js";
import { readStreams } from "../../src/agent/read-streams.js";
import { collector } from "../support/gc.js";
import { guards } from "../support/guards.js";

/** `list` behind a Proxy that counts every element read. */
function counted(list: readonly string[]): { list: string[]; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy([...list], {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { list: proxy, reads: () => reads };
}

const names = (n: number, prefix = "p") => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

const required = suite("compile: a long required list is read a constant number of times");

required("each name of required is read a few times, however many properties there are", () => {
  for (const untrusted of [false, true]) {
    const keys = names(2_000);
    const properties = Object.fromEntries(keys.map((k) => [k, { type: "string" }]));
    const { list, reads } = counted([...keys, ...names(2_000, "q")]);
    const guard = compile({ type: "object", properties, required: list }, untrusted ? { untrusted: {} } : {});
    // Looked up once per property before: 2,000 properties × 4,000 names, millions of reads.
    assert.ok(reads() <= 8 * list.length, `${reads()} reads of a 4,000-name list (untrusted: ${untrusted})`);
    assert.not.ok(
      guard(Object.fromEntries(keys.map((k) => [k, "x"]))),
      "the 2,000 required names without properties are still required",
    );
    assert.equal(guard.errors({ p0: "x" }).length, 3_999);
  }
});

required("duplicate names and names without a property: each missing one reported once", () => {
  for (const guard of guards({
    type: "object",
    properties: { a: { type: "string" } },
    required: ["b", "a", "b", "c", "a"],
  })) {
    assert.equal(
      guard.errors({}).map((e) => e.path),
      ["/a", "/b", "/c"],
    );
    assert.ok(guard({ a: "x", b: 1, c: null }));
  }
});

const overflow = suite("compile: a pattern the engine cannot evaluate on a string that long");

// What this runtime's engine does with a repeated group over a 10 MB string: V8 runs out of regexp stack (a
// RangeError); JavaScriptCore answers "no match" without saying why, which no guard can tell from a real one.
const LONG = "ab".repeat(5_000_000);
const ENGINE = (() => {
  try {
    return /^(a|b)*$/u.test(LONG) ? "match" : "no match";
  } catch (error) {
    return error instanceof RangeError ? "overflow" : "throws";
  }
})();
const overflows = ENGINE === "overflow";

overflow(
  "refused with pattern_unevaluated naming the pattern and the length, at the string's path, on every guard path",
  () => {
    const schema = {
      type: "object",
      properties: { code: { type: "string", pattern: "^(a|b)*$" }, n: { type: "integer" } },
    };
    for (const guard of guards(schema)) {
      assert.ok(guard({ code: "abba" }), guard.mode);
      const issues = guard.errors({ code: LONG, n: "x" });
      assert.ok(
        issues.every((i) => !/deep/.test(i.message)),
        guard.mode,
      );
      if (!overflows) {
        // The engine's own answer, whatever it is.
        assert.is(guard({ code: LONG }), ENGINE === "match", `${guard.mode}: the engine says ${ENGINE}`);
        continue;
      }
      assert.not.ok(guard({ code: LONG }), guard.mode);
      assert.equal(
        issues.map((i) => [i.code, i.path]),
        [
          ["pattern_unevaluated", "/code"],
          ["type", "/n"],
        ],
        guard.mode,
      );
      assert.is(
        issues[0]!.message,
        "Pattern /^(a|b)*$/ could not be evaluated on a string of length 10000000 (the regular expression engine ran out of stack); the value is refused",
      );
    }
  },
);

overflow("inside a union branch the whole value is refused, with the same issue at the root", () => {
  if (!overflows) return;
  for (const guard of guards({ anyOf: [{ type: "string", pattern: "^(a|b)*$" }, { type: "number" }] })) {
    assert.not.ok(guard(LONG), guard.mode);
    const [first] = guard.errors(LONG);
    assert.is(first!.code, "pattern_unevaluated", guard.mode);
    assert.match(first!.message, /\/\^\(a\|b\)\*\$\/ could not be evaluated on a string of length 10000000/);
  }
});

const deltas = suite("streamed arguments: text held without a node per delta");

deltas("a parser fed 10-character deltas keeps under 4 bytes a character (8.6 before, in V8)", async () => {
  const gc = await collector();
  const heap = () =>
    (globalThis as { process?: { memoryUsage(): { heapUsed: number } } }).process?.memoryUsage().heapUsed;
  if (!gc || heap() === undefined) {
    console.log("linear costs: memory not measured here (no way to collect garbage first or to read the heap)");
    return;
  }
  const text = JSON.stringify({ code: "abcdefghij".repeat(100_000), n: 1 });
  gc();
  const before = heap()!;
  const parser = createPartialJSONParser();
  // Each slice is a fresh string (shorter than the engine's sliced strings), as deltas read from a stream are.
  for (let i = 0; i < text.length; i += 10) parser.push(text.slice(i, i + 10));
  gc();
  const kept = (heap()! - before) / text.length;
  assert.ok(parser.done);
  assert.is((parser.value() as { code: string }).code.length, 1_000_000);
  assert.is(parser.text(), text);
  assert.ok(kept < 4, `${kept.toFixed(2)} bytes kept a character`); // V8: 1.9; JavaScriptCore: 3.1
  console.log(
    `linear costs: ${kept.toFixed(2)} bytes kept a character of arguments streamed in 10-character deltas (text and value)`,
  );
});

/** Counts the listeners added to and removed from `signal`. */
function spied(signal: AbortSignal): { added: () => number; removed: () => number } {
  let added = 0;
  let removed = 0;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((...args: Parameters<typeof add>) => (added++, add(...args))) as typeof add;
  signal.removeEventListener = ((...args: Parameters<typeof remove>) => (removed++, remove(...args))) as typeof remove;
  return { added: () => added, removed: () => removed };
}

const echo = tool({
  name: "echo",
  description: "Echoes.",
  parameters: t.object({ n: t.integer() }),
  execute: ({ n }) => n,
});
const calls = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `call_${i}`, name: "echo", arguments: { n: i } }));

const signals = suite("a signal costs one listener a batch, not one a call");

signals("executeAll: 1, 10 and 500 calls add one listener to the caller's signal, and remove it", async () => {
  const registry = new ToolRegistry().register(echo);
  for (const n of [1, 10, 500]) {
    const controller = new AbortController();
    const counts = spied(controller.signal);
    const results = await registry.executeAll(calls(n), { signal: controller.signal });
    assert.equal(
      results.map((r) => r.result),
      calls(n).map((_, i) => ({ success: true, value: i })),
    );
    assert.is(counts.added(), 1, `${n} calls`); // one a call before
    assert.is(counts.removed(), 1, `${n} calls`);
  }
});

signals("executeAll: aborting cancels every call still running, through the one listener", async () => {
  const hang = tool({
    name: "hang",
    description: "Never ends.",
    parameters: t.object({}),
    execute: () => new Promise(() => {}),
  });
  const registry = new ToolRegistry().register(hang);
  const controller = new AbortController();
  const counts = spied(controller.signal);
  const pending = registry.executeAll(
    Array.from({ length: 300 }, (_, i) => ({ id: `c${i}`, name: "hang", arguments: {} })),
    { signal: controller.signal },
  );
  setTimeout(() => controller.abort(), 1);
  const results = await pending;
  assert.ok(results.every((r) => !r.result.success && r.result.error === 'Tool "hang" was cancelled.'));
  assert.is(counts.added(), 1);
});

/** An OpenAI chat turn calling `echo` `n` times, then one answering in text. */
function chatOf(n: number) {
  let turn = 0;
  return () => {
    const message =
      turn++ === 0
        ? {
            role: "assistant",
            content: null,
            tool_calls: calls(n).map((c) => ({
              id: c.id,
              type: "function",
              function: { name: "echo", arguments: JSON.stringify(c.arguments) },
            })),
          }
        : { role: "assistant", content: "done" };
    return {
      id: "chatcmpl",
      object: "chat.completion",
      choices: [{ index: 0, message, finish_reason: turn === 1 ? "tool_calls" : "stop" }],
    };
  };
}

signals(
  "runTools: a step of 2 or 60 parallel calls with a signal makes as many controllers and listeners",
  async () => {
    const Native = globalThis.AbortController;
    const counts: { controllers: number; listeners: number }[] = [];
    for (const n of [2, 60]) {
      let controllers = 0;
      globalThis.AbortController = class extends Native {
        constructor() {
          super();
          controllers++;
        }
      };
      try {
        const signal = new Native().signal;
        const spy = spied(signal);
        const result = await runTools({
          provider: "openai",
          chat: chatOf(n),
          request: { model: "m", messages: [] },
          tools: [echo],
          signal,
        });
        assert.is(result.text, "done");
        assert.is(result.steps[0]!.results.length, n);
        counts.push({ controllers, listeners: spy.added() });
      } finally {
        globalThis.AbortController = Native;
      }
    }
    // One controller and one listener a call before: 2 and 60.
    assert.equal(counts[1], counts[0]);
  },
);

signals(
  "a stream read with a signal keeps nothing a chunk (each read raced a promise that never settled)",
  async () => {
    const gc = await collector();
    const heap = () =>
      (globalThis as { process?: { memoryUsage(): { heapUsed: number } } }).process?.memoryUsage().heapUsed;
    if (!gc || heap() === undefined) {
      console.log(
        "linear costs: stream memory not measured here (no way to collect garbage first or to read the heap)",
      );
      return;
    }
    const chunk = { choices: [{ index: 0, delta: { content: "x" } }] };
    async function* sdkStream() {
      for (;;) yield chunk;
    }
    const output = await readChatOutput(sdkStream(), "openai", readStreams, new AbortController().signal);
    assert.ok("chunks" in output);
    const iterator = output.chunks[Symbol.asyncIterator]();
    for (let i = 0; i < 1_000; i++) await iterator.next();
    gc();
    const before = heap()!;
    const reads = 50_000;
    for (let i = 0; i < reads; i++) assert.is((await iterator.next()).value, chunk);
    gc();
    const perChunk = (heap()! - before) / reads;
    await iterator.return?.(undefined);
    assert.ok(perChunk < 50, `${perChunk.toFixed(0)} bytes kept a chunk`); // about 670 before
    console.log(`linear costs: ${perChunk.toFixed(1)} bytes kept a chunk of a stream read with a signal`);
  },
);

required.run();
overflow.run();
deltas.run();
signals.run();
