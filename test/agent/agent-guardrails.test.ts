// Guardrails around the loop's calls: `before` (allow, refuse with a message to the model, or rewrite the arguments,
// which the tool's guard checks again), `after` (keep, replace or refuse the result) and `wrap` (around the call),
// on a tool and on the loop, in a set order. `before` runs before approval is asked, so a person approves the
// arguments that will run.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, tool, runTools, resume, type LoopState } from "tooltype";

const KEY = "guardrails-test-key-0123456789abcdef";
const quiet = { error: () => {}, warn: () => {} };
const request = { model: "gpt-4o-mini", messages: [{ role: "user" as const, content: "Search." }] };

// An OpenAI chat model: a turn of calls, then "Done."; every request kept.
function model(calls: [id: string, name: string, args: object][]) {
  const sent: any[] = [];
  const chat = (r: any) => {
    sent.push(structuredClone(r));
    if (sent.length > 1) return { choices: [{ message: { role: "assistant", content: "Done." } }] };
    return {
      choices: [
        {
          message: {
            role: "assistant",
            content: null,
            tool_calls: calls.map(([id, name, args]) => ({
              id,
              type: "function",
              function: { name, arguments: JSON.stringify(args) },
            })),
          },
        },
      ],
    };
  };
  const answers = () => sent[1].messages.filter((m: any) => m.role === "tool").map((m: any) => m.content);
  return { chat, sent, answers };
}

const searchTool = (ran: unknown[], options: object = {}) =>
  tool({
    name: "search",
    description: "Searches.",
    parameters: t.object({ query: t.string(), limit: t.integer({ maximum: 100 }) }),
    logger: quiet,
    execute: (args) => (ran.push(args), `found ${args.limit} for ${args.query}`),
    ...options,
  });

const guards = suite("guardrails: before, after, wrap");

guards("before refuses: the call does not run and the model reads the message", async () => {
  const ran: unknown[] = [];
  const m = model([
    ["a", "search", { query: "secrets", limit: 5 }],
    ["b", "search", { query: "cats", limit: 5 }],
  ]);
  const seen: unknown[] = [];
  await runTools({
    provider: "openai",
    chat: m.chat,
    request,
    tools: [searchTool(ran)],
    before: (call) => (
      seen.push([call.id, call.name, call.arguments]),
      /secret/.test((call.arguments as any).query) ? { refuse: "Searching for secrets is not allowed." } : undefined
    ),
  });
  assert.equal(ran, [{ query: "cats", limit: 5 }]);
  assert.equal(m.answers(), ["Searching for secrets is not allowed.", "found 5 for cats"]);
  assert.equal(seen, [
    ["a", "search", { query: "secrets", limit: 5 }],
    ["b", "search", { query: "cats", limit: 5 }],
  ]);
});

guards(
  "before rewrites: the call runs on the new arguments, checked again by the guard; bad ones do not run",
  async () => {
    const ran: unknown[] = [];
    const clamp = searchTool(ran, {
      before: ({ arguments: args }: any) => (args.limit > 10 ? { arguments: { ...args, limit: 10 } } : undefined),
    });
    const m = model([["a", "search", { query: "cats", limit: 50 }]]);
    const out = await runTools({ provider: "openai", chat: m.chat, request, tools: [clamp] });
    assert.equal(ran, [{ query: "cats", limit: 10 }]);
    assert.equal(out.steps[0]!.calls[0]!.arguments, { query: "cats", limit: 10 }, "the step shows what ran");
    const bad = searchTool(ran, { before: () => ({ arguments: { query: 5 } }) });
    const m2 = model([["a", "search", { query: "dogs", limit: 1 }]]);
    await runTools({ provider: "openai", chat: m2.chat, request, tools: [bad] });
    assert.is(ran.length, 1, "the bad rewrite did not run");
    assert.match(
      m2.answers()[0],
      /The arguments a guardrail gave tool "search" are not valid; it did not run\. Invalid arguments for tool "search"/,
    );
  },
);

guards(
  "before that throws refuses (fails closed); the loop's before runs first and a refusal stops the tool's",
  async () => {
    const ran: unknown[] = [];
    const order: string[] = [];
    const own = searchTool(ran, { before: () => void order.push("tool") });
    const m = model([["a", "search", { query: "x", limit: 1 }]]);
    await runTools({
      provider: "openai",
      chat: m.chat,
      request,
      tools: [own],
      before: () => (order.push("loop"), undefined),
    });
    assert.equal(order, ["loop", "tool"]);
    const m2 = model([["a", "search", { query: "x", limit: 1 }]]);
    await runTools({
      provider: "openai",
      chat: m2.chat,
      request,
      tools: [searchTool(ran)],
      before: () => {
        throw new Error("policy store down");
      },
    });
    assert.is(ran.length, 1);
    assert.match(m2.answers()[0], /was refused: a guardrail failed \(policy store down\)\. It did not run\./);
  },
);

guards(
  "before runs before approval: the person approves the rewritten arguments, and a refused call is never asked about",
  async () => {
    const ran: unknown[] = [];
    const guarded = searchTool(ran, {
      needsApproval: true,
      before: ({ arguments: args }: any) =>
        args.query === "no" ? { refuse: "No." } : { arguments: { ...args, limit: 1 } },
    });
    const m = model([
      ["a", "search", { query: "cats", limit: 50 }],
      ["b", "search", { query: "no", limit: 2 }],
    ]);
    const paused = await runTools({ provider: "openai", chat: m.chat, request, tools: [guarded], stateKey: KEY });
    const state = paused.state as LoopState;
    assert.equal(
      state.pending.map((p) => [p.id, p.arguments]),
      [["a", { query: "cats", limit: 1 }]],
    );
    assert.equal(state.results[1]?.result, { success: false, error: "No." });
    await resume(
      JSON.parse(JSON.stringify(state)),
      { a: true },
      { provider: "openai", chat: m.chat, tools: [guarded], stateKey: KEY },
    );
    assert.equal(ran, [{ query: "cats", limit: 1 }]);
  },
);

guards(
  "after keeps, replaces or refuses the result; the tool's runs first, then the loop's; one that throws withholds it",
  async () => {
    const ran: unknown[] = [];
    const order: string[] = [];
    const own = searchTool(ran, {
      after: (_call: unknown, result: any) => (
        order.push(`tool:${result.value}`), { value: `${result.value} (checked)` }
      ),
    });
    const m = model([
      ["a", "search", { query: "cats", limit: 2 }],
      ["b", "search", { query: "keys", limit: 1 }],
    ]);
    await runTools({
      provider: "openai",
      chat: m.chat,
      request,
      tools: [own],
      concurrency: 1,
      after: (call, result) => (
        order.push(`loop:${(result as any).value}`),
        (call.arguments as any).query === "keys" ? { refuse: "Withheld." } : undefined
      ),
    });
    assert.equal(order, [
      "tool:found 2 for cats",
      "loop:found 2 for cats (checked)",
      "tool:found 1 for keys",
      "loop:found 1 for keys (checked)",
    ]);
    assert.equal(m.answers(), ["found 2 for cats (checked)", "Withheld."]);
    const m2 = model([["a", "search", { query: "cats", limit: 2 }]]);
    await runTools({
      provider: "openai",
      chat: m2.chat,
      request,
      tools: [searchTool(ran)],
      after: () => {
        throw new Error("scanner down");
      },
    });
    assert.match(m2.answers()[0], /The result of tool "search" was withheld: a guardrail failed \(scanner down\)/);
  },
);

guards(
  "wrap runs around the call: the loop's outside the tool's; it may answer without running; one that throws is a failed result",
  async () => {
    const ran: unknown[] = [];
    const order: string[] = [];
    const own = searchTool(ran, {
      wrap: async (_call: unknown, next: () => Promise<unknown>) => {
        order.push("tool in");
        const r = await next();
        order.push("tool out");
        return r;
      },
    });
    const m = model([["a", "search", { query: "cats", limit: 2 }]]);
    const keys: string[] = [];
    await runTools({
      provider: "openai",
      chat: m.chat,
      request,
      tools: [own],
      before: (call) => void keys.push(call.idempotencyKey!),
      wrap: async (call, next) => {
        keys.push(call.idempotencyKey!);
        order.push(`loop in ${call.name}`);
        const r = await next();
        order.push("loop out");
        return r;
      },
    });
    assert.equal(order, ["loop in search", "tool in", "tool out", "loop out"]);
    assert.ok(
      keys.length === 2 && keys[0] === keys[1] && keys[0]!.endsWith(":1:a"),
      `the call's idempotency key: ${keys}`,
    );
    const cache = model([["a", "search", { query: "cats", limit: 2 }]]);
    await runTools({
      provider: "openai",
      chat: cache.chat,
      request,
      tools: [searchTool(ran)],
      wrap: async () => ({ success: true, value: "cached" }),
    });
    assert.is(ran.length, 1, "the cached call did not run");
    assert.equal(cache.answers(), ["cached"]);
    const broken = model([["a", "search", { query: "cats", limit: 2 }]]);
    await runTools({
      provider: "openai",
      chat: broken.chat,
      request,
      tools: [searchTool(ran)],
      wrap: async () => {
        throw new Error("tracer down");
      },
    });
    assert.equal(broken.answers(), ['Tool "search" failed: tracer down']);
  },
);

guards("guardrails that are not functions are refused where they are given", () => {
  assert.throws(
    () => tool({ name: "x", description: "X.", parameters: t.object({}), execute: () => 1, before: "no" as never }),
    /Tool "x": before must be a function/,
  );
});

guards.run();
