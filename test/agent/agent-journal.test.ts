// The run as a journal: decisions are recorded before any effect, so no order of checkpoints and resumes runs a
// refused or undecided call; checkpoints cost what they add (not what came before); every effect goes through the
// `journal` option's `step` and `wait`.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, tool, runTools, resume, type Journal, type LoopState } from "tooltype";
import { scriptedChat as model } from "../support/scripted-chat.js";

const KEY = "0123456789abcdef0123456789abcdef-journal-key";
const quiet = { error: () => {}, warn: () => {} };

function payments() {
  const ran: string[] = [];
  const email = tool({
    name: "send_email",
    description: "Sends an email.",
    parameters: t.object({ to: t.string() }),
    needsApproval: true,
    logger: quiet,
    execute: ({ to }) => (ran.push(`email ${to}`), `sent to ${to}`),
  });
  const transfer = tool({
    name: "wire_transfer",
    description: "Sends money.",
    parameters: t.object({ amount: t.number() }),
    needsApproval: true,
    logger: quiet,
    execute: ({ amount }) => (ran.push(`transfer ${amount}`), `sent ${amount}`),
  });
  return { ran, list: [email, transfer] };
}

const request = { model: "gpt-4o-mini", messages: [{ role: "user" as const, content: "Pay and tell Ann." }] };
const turn = {
  calls: [
    ["call_e", "send_email", { to: "ann@example.org" }],
    ["call_t", "wire_transfer", { amount: 9000 }],
  ] as [string, string, object][],
};

const refusals = suite("a refused call never runs, whatever checkpoint resumes");

refusals(
  "approve the email, refuse the transfer, concurrency 1: no checkpoint of the resume runs the transfer",
  async () => {
    const { chat } = model(turn, { text: "Done." });
    const own = payments();
    const first = await runTools({ provider: "openai", chat, request, tools: own.list, stateKey: KEY });
    assert.is(first.finishReason, "approval");
    const saved: LoopState[] = [];
    const decided = await resume(
      JSON.parse(JSON.stringify(first.state)),
      { call_e: true, call_t: { approved: false, reason: "Too much" } },
      {
        provider: "openai",
        chat,
        tools: own.list,
        stateKey: KEY,
        concurrency: 1,
        onCheckpoint: (state) => void saved.push(JSON.parse(JSON.stringify(state))),
      },
    );
    assert.is(decided.finishReason, "stop");
    assert.equal(own.ran, ["email ann@example.org"]);
    assert.ok(saved.length >= 2, `checkpoints: ${saved.length}`);
    // Every checkpoint of the turn knows the refusal already: resuming any of them (as a crash would) never runs it.
    for (const state of saved) {
      if (state.calls.length) assert.ok(state.results[1], `checkpoint ${state.id} has no answer for the refused call`);
      const again = payments();
      const { chat: next } = model({ text: "Done." }, { text: "Done." });
      const out = await resume(state, {}, { provider: "openai", chat: next, tools: again.list, stateKey: KEY });
      assert.is(out.finishReason, "stop");
      assert.not.ok(again.ran.includes("transfer 9000"), `resuming ${state.id} ran the refused transfer`);
    }
  },
);

refusals.run();

const costs = suite("checkpoints cost what they add: linear in calls, counted in bytes");

// Bytes serialised (JSON.stringify, which canonical JSON uses too) and bytes given to Web Crypto while `run` runs.
async function bytesOfWork(run: () => Promise<unknown>): Promise<number> {
  let bytes = 0;
  const stringify = JSON.stringify;
  const subtle = globalThis.crypto.subtle as unknown as Record<string, unknown>;
  JSON.stringify = ((...args: Parameters<typeof stringify>) => {
    const text = stringify(...args);
    bytes += text?.length ?? 0;
    return text;
  }) as typeof stringify;
  for (const name of ["sign", "digest"]) {
    const own = (subtle[name] as (...a: unknown[]) => unknown).bind(subtle);
    Object.defineProperty(subtle, name, {
      configurable: true,
      value: (...args: unknown[]) => ((bytes += (args.at(-1) as Uint8Array).byteLength), own(...args)),
    });
  }
  try {
    await run();
  } finally {
    JSON.stringify = stringify;
    delete subtle.sign;
    delete subtle.digest;
  }
  return bytes;
}

async function turnOf(calls: number, checkpoints: boolean): Promise<number> {
  const echo = tool({
    name: "echo",
    description: "Echoes.",
    parameters: t.object({ text: t.string() }),
    execute: ({ text }) => `echo ${text}`,
  });
  const { chat: scripted } = model(
    {
      calls: Array.from(
        { length: calls },
        (_, i) => [`c${i}`, "echo", { text: `call ${i}` }] as [string, string, object],
      ),
    },
    { text: "Done." },
  );
  // As an HTTP client does, the request is serialised to be sent: the work every turn costs with or without states.
  const chat = (sent: unknown) => (JSON.stringify(sent), scripted(sent));
  let states = 0;
  const options = { provider: "openai" as const, chat, request, tools: [echo], stateKey: KEY };
  const bytes = await bytesOfWork(() =>
    runTools(checkpoints ? { ...options, onCheckpoint: () => void states++ } : options),
  );
  if (checkpoints) assert.is(states, calls + 3, "a state once decided, one per result, one per turn's end");
  return bytes;
}

costs(
  "2,000 calls with a checkpoint after each: each call's checkpoint costs the same bytes as at 200 calls",
  async () => {
    const without = await turnOf(2000, false);
    const withCheckpoints = await turnOf(2000, true);
    const tenth = await turnOf(200, true);
    const tenthWithout = await turnOf(200, false);
    const perCall = (withCheckpoints - without) / 2000;
    const perCallTenth = (tenth - tenthWithout) / 200;
    // Quadratic sealing (every result serialised and signed again at every checkpoint) made this 10x at 2,000 calls.
    assert.ok(
      perCall <= 1.2 * perCallTenth,
      `checkpoint bytes per call: ${perCallTenth.toFixed(0)} at 200 calls, ${perCall.toFixed(0)} at 2,000`,
    );
    assert.ok(withCheckpoints <= 12 * tenth, `all work: ${tenth} bytes for 200 calls, ${withCheckpoints} for 2,000`);
  },
);

costs.run();

const seam = suite("one seam: every effect a journal step, every decision from outside a wait");

// A durable journal in memory: each step's result kept by name (as JSON), given back on replay without running.
function memoryJournal(answers: Record<string, unknown> = {}) {
  const kept = new Map<string, unknown>();
  const log: string[] = [];
  const journal: Journal = {
    step: async (name, run) => {
      if (kept.has(name)) return kept.get(name) as never;
      log.push(name);
      const value = JSON.parse(JSON.stringify((await run()) ?? null));
      kept.set(name, value);
      return value;
    },
    wait: async (name, payload) => (log.push(`wait ${name} ${JSON.stringify(payload)}`), answers[name]),
  };
  return { journal, kept, log };
}

seam("requests, decisions and calls are named steps; approvals are waits answered in place", async () => {
  const { chat } = model(turn, { text: "Done." });
  const own = payments();
  const { journal, log } = memoryJournal({
    "approval 1 call_e": true,
    "approval 1 call_t": { approved: false, reason: "Too much" },
  });
  const out = await runTools({ provider: "openai", chat, request, tools: own.list, journal });
  assert.is(out.finishReason, "stop");
  assert.equal(own.ran, ["email ann@example.org"]);
  assert.match(
    String(out.steps[0]!.results[1]!.result.success === false && out.steps[0]!.results[1]!.result.error),
    /Too much/,
  );
  assert.equal(
    log.map((l) => l.replace(/ \{.*/, "")),
    [
      "run id",
      "request 1",
      "decide 1",
      "wait approval 1 call_e",
      "wait approval 1 call_t",
      "call 1 call_e",
      "request 2",
    ],
  );
  assert.match(log[3]!, /"arguments":\{"to":"ann@example.org"\}/);
});

seam("a replay after a crash runs only what the journal has not kept, with the same idempotency keys", async () => {
  const keys: string[] = [];
  let crash = true;
  const flaky = tool({
    name: "flaky",
    description: "Crashes the first time.",
    parameters: t.object({ n: t.number() }),
    execute: ({ n }, _c, { idempotencyKey }) => {
      keys.push(`${n} ${idempotencyKey}`);
      if (n === 2 && crash) throw Object.assign(new Error("process died"), { fatal: true });
      return `ok ${n}`;
    },
  });
  // The model answers from the conversation alone, as a model does (a new process has no count of requests).
  const script = () => {
    const turns = [
      { calls: [["a", "flaky", { n: 1 }]] },
      { calls: [["b", "flaky", { n: 2 }]] },
      { text: "Done." },
    ] as const;
    const sent: unknown[] = [];
    const chat = (r: { messages: { role: string }[] }) => {
      sent.push(r);
      const at = r.messages.filter((m) => m.role === "assistant").length;
      return model(...(turns.slice(at) as never[])).chat(r);
    };
    return { chat, sent };
  };
  const { journal, kept } = memoryJournal();
  // The "crash": the journal's step for call b never finishes in the first process.
  const dying: Journal = {
    step: (name, run) => (name === "call 2 b" ? new Promise(() => run().catch(() => {})) : journal.step(name, run)),
    wait: journal.wait,
  };
  const first = script();
  const cut = runTools({ provider: "openai", chat: first.chat, request, tools: [flaky], journal: dying });
  while (keys.length < 2) await new Promise((r) => setTimeout(r, 1));
  void cut;
  crash = false;
  const second = script();
  const out = await runTools({ provider: "openai", chat: second.chat, request, tools: [flaky], journal });
  assert.is(out.text, "Done.");
  assert.is(
    second.sent.length,
    1,
    `requests 1 and 2 were replayed, only request 3 was sent (kept: ${[...kept.keys()].join(", ")})`,
  );
  assert.is(keys.length, 3, `calls: ${keys.join("; ")}`);
  assert.is(keys[1]!.split(" ")[1], keys[2]!.split(" ")[1], "the cut call ran again with the same idempotency key");
  assert.ok(kept.has("call 1 a") && kept.has("call 2 b"));
});

seam("a journal that is not one is refused, naming what it lacks", async () => {
  const { chat } = model({ text: "Done." });
  for (const journal of [{}, { step: () => 1 }, null])
    await runTools({ provider: "openai", chat, request, journal: journal as never }).then(
      () => assert.unreachable("accepted"),
      (e: Error) =>
        assert.match(e.message, /runTools: journal must be an object with step\(name, run\) and wait\(name, payload\)/),
    );
});

seam.run();
