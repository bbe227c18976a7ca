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
