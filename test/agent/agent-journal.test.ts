// The run as a journal: decisions are recorded before any effect, so no order of checkpoints and resumes runs a
// refused or undecided call; checkpoints cost what they add (not what came before); every effect goes through the
// `journal` option's `step` and `wait`.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, tool, runTools, resume, streamTools, type LoopState } from "tooltype";
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
