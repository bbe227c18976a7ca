// The loop's saved state from an attacker's side: a state is signed, each pending call's decision bound to its
// id, name and arguments hash, and a state resumes once. Every edit is refused with an error naming what
// changed; a replay is refused; nothing runs. Then checkpoints: every turn's state resumes, a state cut off mid-turn
// runs only the calls that had not finished, and each call keeps its idempotency key over resume
// (test/agent.e2e.mjs kills a process mid-turn and resumes in a fresh one). Last, unknown options are errors.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  t,
  tool,
  runTools,
  streamTools,
  resume,
  resumeStream,
  StateError,
  type LoopState,
  type RunToolsResult,
  type LoopEvent,
} from "tooltype";
import { scriptedChat as model } from "../support/scripted-chat.js";

const KEY = "0123456789abcdef0123456789abcdef-test-key";
const quiet = { error: () => {}, warn: () => {} };

function tools() {
  const ran: string[] = [];
  const keys: string[] = [];
  const weather = tool({
    name: "get_weather",
    description: "Weather.",
    parameters: t.object({ city: t.string() }),
    logger: quiet,
    execute: ({ city }, _c, { idempotencyKey }) => (
      ran.push(`weather ${city}`), keys.push(idempotencyKey!), `Sunny in ${city}`
    ),
  });
  const email = tool({
    name: "send_email",
    description: "Sends an email.",
    parameters: t.object({ to: t.string(), body: t.string() }),
    needsApproval: true,
    logger: quiet,
    execute: ({ to }, _c, { idempotencyKey }) => (ran.push(`email ${to}`), keys.push(idempotencyKey!), `sent to ${to}`),
  });
  return { ran, keys, list: [weather, email] };
}

const request = { model: "gpt-4o-mini", messages: [{ role: "user" as const, content: "Email Ann the weather." }] };
const emailTurn = {
  calls: [
    ["call_w", "get_weather", { city: "Oslo" }],
    ["call_e", "send_email", { to: "ann@example.org", body: "Sunny" }],
  ] as [string, string, object][],
};

async function paused(options: object = {}) {
  const { chat, sent } = model(emailTurn, { text: "Done." }, { text: "Done again." }, { text: "Done thrice." });
  const own = tools();
  const out = await runTools({ provider: "openai", chat, request, tools: own.list, stateKey: KEY, ...options });
  assert.is(out.finishReason, "approval");
  return { ...own, chat, sent, state: JSON.parse(JSON.stringify(out.state)) as any };
}

async function refused(run: () => Promise<unknown>, code: StateError["code"], pattern: RegExp): Promise<void> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(error, StateError, `expected a StateError, got ${String(error)}`);
  assert.ok(pattern.test((error as Error).message), `the message: ${(error as Error).message}`);
  assert.is((error as StateError).code, code);
}

const attacks = suite("saved state: edits, forgeries and replays are refused");

attacks("a paused state is signed and each pending call bound to its id, name and arguments hash", async () => {
  const { state } = await paused();
  assert.is(state.version, 5);
  assert.match(state.signature, /^[\w-]{43}$/);
  assert.is(state.id, `${state.run}:1:approval`);
  const [call] = state.pending;
  assert.equal([call.id, call.name, call.index], ["call_e", "send_email", 1]);
  assert.match(call.argumentsHash, /^[\w-]{43}$/);
  assert.match(call.seal, /^[\w-]{43}$/);
});

attacks(
  "edited arguments: refused, naming the call whose arguments are not those its approval was asked for",
  async () => {
    const { state, chat, list, ran } = await paused();
    state.pending[0].arguments.to = "mallory@evil.test";
    state.calls[1].arguments.to = "mallory@evil.test";
    await refused(
      () => resume(state, { call_e: true }, { provider: "openai", chat, tools: list, stateKey: KEY }),
      "changed",
      /changed after it was signed: the arguments of pending call "call_e" of tool "send_email" are not the ones its approval was asked for/,
    );
    assert.equal(ran, ["weather Oslo"], "nothing ran on resume");
  },
);

attacks("edited arguments with a recomputed hash: the seal still tells", async () => {
  const first = await paused();
  const other = await paused(); // a genuine hash of other arguments, taken from a second run
  const { state } = first;
  state.pending[0].arguments = { to: "ann@example.org", body: "Wire the money" };
  state.calls[1].arguments = state.pending[0].arguments;
  state.pending[0].argumentsHash = (
    await runTools({
      provider: "openai",
      chat: model({ calls: [["call_e", "send_email", state.pending[0].arguments]] }).chat,
      request,
      tools: other.list,
      stateKey: KEY,
    })
  ).state!.pending[0]!.argumentsHash;
  await refused(
    () => resume(state, { call_e: true }, { provider: "openai", chat: first.chat, tools: first.list, stateKey: KEY }),
    "changed",
    /pending call "call_e" of tool "send_email": its id, tool name or arguments hash is not what its approval was asked for/,
  );
});

attacks("a renamed tool (one the model never called): refused, naming the field", async () => {
  const { state, chat, list, ran } = await paused();
  state.pending[0].name = "get_weather";
  await refused(
    () => resume(state, { call_e: true }, { provider: "openai", chat, tools: list, stateKey: KEY }),
    "changed",
    /pending call "call_e" of tool "get_weather" differs from the turn's call 1 in name/,
  );
  state.calls[1].name = "get_weather";
  await refused(
    () => resume(state, { call_e: true }, { provider: "openai", chat, tools: list, stateKey: KEY }),
    "changed",
    /pending call "call_e" of tool "get_weather": its id, tool name or arguments hash is not what/,
  );
  assert.equal(ran, ["weather Oslo"]);
});

attacks("a second pending call under a duplicate id: refused", async () => {
  const { state, chat, list, ran } = await paused();
  state.pending.push({ ...state.pending[0], index: 0 });
  state.results[0] = null;
  await refused(
    () => resume(state, { call_e: true }, { provider: "openai", chat, tools: list, stateKey: KEY }),
    "changed",
    /two pending calls share the id "call_e"/,
  );
  assert.equal(ran, ["weather Oslo"]);
});

attacks(
  "a decision flipped inside the state (a pending call turned into an unfinished one, which runs unasked): refused",
  async () => {
    const { state, chat, list, ran } = await paused();
    state.pending = [];
    await refused(
      () => resume(state, {}, { provider: "openai", chat, tools: list, stateKey: KEY }),
      "changed",
      /changed after it was signed/,
    );
    assert.equal(ran, ["weather Oslo"]);
  },
);

attacks(
  "a result rewritten, a signature changed or stripped, another key: each refused with its own reason",
  async () => {
    const { state, chat, list } = await paused();
    const options = { provider: "openai" as const, chat, tools: list, stateKey: KEY };
    await refused(
      () =>
        resume(
          { ...state, results: [{ ...state.results[0], result: { success: true, value: "Snow" } }, null] },
          { call_e: true },
          options,
        ),
      "changed",
      /changed after it was signed/,
    );
    const flipped = state.signature[0] === "A" ? `B${state.signature.slice(1)}` : `A${state.signature.slice(1)}`;
    await refused(
      () => resume({ ...state, signature: flipped }, { call_e: true }, options),
      "changed",
      /changed after it was signed/,
    );
    const { signature: _, ...stripped } = state;
    await refused(() => resume(stripped, { call_e: true }, options), "unsigned", /has no signature/);
    await refused(
      () => resume(state, { call_e: true }, { ...options, stateKey: `${KEY}-other` }),
      "other-key",
      /signed with another key; give the same stateKey/,
    );
    await refused(
      () => resume(state, { call_e: true }, { provider: "openai", chat, tools: list }),
      "other-key",
      /without a stateKey, a state resumes only in the process that made it/,
    );
  },
);

attacks("replayed three times: the approval is used once", async () => {
  const { state, chat, list, ran, sent } = await paused();
  const options = { provider: "openai" as const, chat, tools: list, stateKey: KEY };
  const done = await resume(structuredClone(state), { call_e: true }, options);
  assert.is(done.text, "Done.");
  await refused(
    () => resume(structuredClone(state), { call_e: true }, options),
    "resumed",
    /was resumed before; a state resumes once/,
  );
  await refused(
    () => resumeStream(structuredClone(state), { call_e: true }, options)[Symbol.asyncIterator]().next(),
    "resumed",
    /resumed before/,
  );
  assert.equal(ran, ["weather Oslo", "email ann@example.org"], "the email was sent once");
  assert.is(sent.length, 2);
});

attacks("claim: the application's store decides, and sees the state's id", async () => {
  const seen: string[] = [];
  const store = new Set<string>();
  const claim = async (id: string) => (seen.push(id), store.has(id) ? false : (store.add(id), true));
  const { state, chat, list } = await paused({ claim });
  const options = { provider: "openai" as const, chat, tools: list, stateKey: KEY, claim };
  await resume(structuredClone(state), { call_e: false }, options);
  await refused(() => resume(structuredClone(state), { call_e: false }, options), "resumed", /resumed before/);
  assert.equal(seen, [state.id, state.id]);
  const forged = { ...structuredClone(state), signature: "x" };
  await refused(() => resume(forged, { call_e: false }, options), "changed", /changed/);
  assert.is(seen.length, 2, "a forged state is refused before it is claimed");
});

attacks("a decision pinned to an arguments hash holds for those arguments only", async () => {
  const { state, chat, list, ran } = await paused();
  const options = { provider: "openai" as const, chat, tools: list, stateKey: KEY };
  await refused(
    () => resume(state, { call_e: { approved: true, argumentsHash: "A".repeat(43) } }, options),
    "changed",
    /the decision for "call_e" \(send_email\) was made for other arguments/,
  );
  const done = await resume(
    state,
    { call_e: { approved: true, argumentsHash: state.pending[0].argumentsHash } },
    options,
  );
  assert.is(done.finishReason, "stop");
  assert.equal(ran, ["weather Oslo", "email ann@example.org"]);
});

attacks("a model turn with a repeated call id: the later call does not run and the model is told why", async () => {
  const { chat, sent } = model(
    {
      calls: [
        ["dup", "get_weather", { city: "Oslo" }],
        ["dup", "get_weather", { city: "Rome" }],
      ],
    },
    { text: "ok" },
  );
  const { ran, list } = tools();
  const out = await runTools({ provider: "openai", chat, request, tools: list });
  assert.is(out.finishReason, "stop");
  assert.equal(ran, ["weather Oslo"]);
  const answers = sent[1].messages.filter((m: any) => m.role === "tool").map((m: any) => m.content);
  assert.is(answers[0], "Sunny in Oslo");
  assert.match(
    answers[1],
    /Call id "dup" was used by an earlier call in this turn; this call of tool "get_weather" did not run/,
  );
});

attacks("a forged state 100,000 levels deep, or holding megabytes of ids: a StateError of bounded length", async () => {
  const { state, chat, list } = await paused();
  let deep: unknown = "bottom";
  for (let i = 0; i < 100_000; i++) deep = [deep];
  for (const place of ["messages", "request", "arguments"] as const) {
    const forged = JSON.parse(JSON.stringify(state));
    if (place === "messages") forged.messages[0].content = deep;
    else if (place === "request") forged.request.metadata = deep;
    else forged.pending[0].arguments = deep;
    const error = await resume(forged, { call_e: true }, { provider: "openai", chat, tools: list, stateKey: KEY }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, StateError, `${place}: ${String(error).slice(0, 200)}`);
    // Hashing a value this deep runs out of stack ("malformed"), or, where the runtime's stack holds it, the
    // signature does not match ("changed"): a StateError either way, never a RangeError.
    assert.ok(["malformed", "changed"].includes((error as StateError).code), (error as StateError).code);
    assert.ok((error as Error).message.length <= 2_000);
  }
  const huge = "i".repeat(2_000_000);
  const forged = JSON.parse(JSON.stringify(state));
  forged.pending = Array.from({ length: 50 }, (_, i) => ({ ...state.pending[0], id: `${huge}${i % 2}` }));
  const error = await resume(forged, {}, { provider: "openai", chat, tools: list, stateKey: KEY }).then(
    () => undefined,
    (e: unknown) => e as StateError,
  );
  assert.instance(error, StateError);
  assert.is(error!.code, "changed");
  assert.ok(error!.message.length <= 2_000, `a message of ${error!.message.length} characters`);
  const notState = await resume(
    { ...state, calls: "x".repeat(2_000_000) },
    {},
    { provider: "openai", chat, tools: list, stateKey: KEY },
  ).then(
    () => undefined,
    (e: unknown) => e as StateError,
  );
  assert.instance(notState, StateError);
  assert.is(notState!.code, "malformed");
});

attacks("a stateKey shorter than 32 bytes is refused", async () => {
  const { chat } = model({ text: "hi" });
  const error = await runTools({ provider: "openai", chat, request, tools: [], stateKey: "short" }).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.instance(error, TypeError);
  assert.match(error!.message, /stateKey: give 32 bytes or more/);
});

attacks.run();

// ---- checkpoints ------------------------------------------------------------------------------------------

const checkpoints = suite("checkpoints: every turn's state resumes; a turn cut off runs only its unfinished calls");

checkpoints(
  "every tool-call, tool-result and step-finish carries a signed state; onCheckpoint gets each one first",
  async () => {
    const { chat } = model(
      {
        calls: [
          ["a", "get_weather", { city: "Oslo" }],
          ["b", "get_weather", { city: "Rome" }],
        ],
      },
      { text: "Done." },
    );
    const saved: LoopState[] = [];
    const events: LoopEvent[] = [];
    for await (const event of streamTools({
      provider: "openai",
      chat: (r: any) => chat({ ...r, stream: undefined }),
      request,
      tools: tools().list,
      stateKey: KEY,
      onCheckpoint: (s) => void saved.push(s),
    }))
      events.push(event);
    const carried = events
      .filter((e) => "state" in e && e.type !== "finish")
      .map((e) => [e.type, (e as { state: LoopState }).state.id]);
    const run = saved[0]!.run;
    assert.equal(carried, [
      ["tool-call", `${run}:1:0`],
      ["tool-call", `${run}:1:0`],
      ["tool-result", `${run}:1:1`],
      ["tool-result", `${run}:1:2`],
      ["step-finish", `${run}:1:next`],
      ["step-finish", `${run}:2:next`],
    ]);
    assert.equal(
      saved.map((s) => s.id),
      [`${run}:1:0`, `${run}:1:1`, `${run}:1:2`, `${run}:1:next`, `${run}:2:next`],
    );
    assert.equal(
      saved[2]!.results.map((r) => r?.result),
      [
        { success: true, value: "Sunny in Oslo" },
        { success: true, value: "Sunny in Rome" },
      ],
    );
  },
);

checkpoints(
  "a state cut off mid-turn resumes: the finished call does not run again, the other runs with the same idempotency key",
  async () => {
    const { chat, sent } = model(
      {
        calls: [
          ["a", "get_weather", { city: "Oslo" }],
          ["b", "get_weather", { city: "Rome" }],
        ],
      },
      { text: "Done." },
      { text: "Done." },
    );
    const first = tools();
    const saved: LoopState[] = [];
    await runTools({
      provider: "openai",
      chat,
      request,
      tools: first.list,
      stateKey: KEY,
      concurrency: 1,
      onCheckpoint: (s) => void saved.push(JSON.parse(JSON.stringify(s))),
    });
    const cut = saved.find((s) => s.results.filter(Boolean).length === 1)!; // as if the process died while "b" ran
    assert.ok(cut, "a checkpoint after one call");
    const again = tools();
    const out = await resume(cut, {}, { provider: "openai", chat, tools: again.list, stateKey: KEY });
    assert.equal(again.ran, ["weather Rome"], "only the call without a result ran");
    assert.is(again.keys[0], first.keys[1], "the same idempotency key as before");
    assert.match(again.keys[0]!, new RegExp(`^${cut.run}:1:b$`));
    assert.is(out.text, "Done.");
    assert.equal(
      sent[2].messages.filter((m: any) => m.role === "tool").map((m: any) => m.content),
      ["Sunny in Oslo", "Sunny in Rome"],
    );
  },
);

checkpoints("a turn's end resumes with the model's next turn; the run keeps its id and step count", async () => {
  const { chat, sent } = model(
    { calls: [["a", "get_weather", { city: "Oslo" }]] },
    { text: "First." },
    { text: "Second." },
  );
  const events: LoopEvent[] = [];
  for await (const e of streamTools({
    provider: "openai",
    chat: (r: any) => chat({ ...r, stream: undefined }),
    request,
    tools: tools().list,
    stateKey: KEY,
  }))
    events.push(e);
  const afterCalls = (events.find((e) => e.type === "step-finish") as Extract<LoopEvent, { type: "step-finish" }>)
    .state;
  assert.equal([afterCalls.step, afterCalls.calls.length], [1, 0]);
  const again = tools();
  const out: RunToolsResult = await resume(
    JSON.parse(JSON.stringify(afterCalls)),
    {},
    { provider: "openai", chat, tools: again.list, stateKey: KEY },
  );
  assert.equal(again.ran, [], "no call ran again");
  assert.is(out.text, "Second.");
  assert.equal(
    out.steps.map((s) => s.step),
    [2],
  );
  assert.is(sent.length, 3);
  assert.equal(sent[2].messages, sent[1].messages, "the same conversation was sent again");
});

checkpoints.run();

// ---- cost ----------------------------------------------------------------------------------------------

const cost = suite("checkpoint cost follows use: states sealed only where seen, the conversation hashed once per step");

// Counts what Web Crypto is asked to sign and to hash (calls and bytes, and the largest text signed) while `run` runs.
async function cryptoWork(run: () => Promise<unknown>) {
  const subtle = globalThis.crypto.subtle as SubtleCrypto & Record<string, unknown>;
  const work = { sign: 0, digest: 0, bytes: 0, largestSigned: 0 };
  for (const name of ["sign", "digest"] as const) {
    const original = subtle[name] as (...args: unknown[]) => Promise<ArrayBuffer>;
    const counted = function (this: SubtleCrypto, ...args: unknown[]) {
      const bytes = (args.at(-1) as Uint8Array).byteLength;
      work[name]++;
      work.bytes += bytes;
      if (name === "sign") work.largestSigned = Math.max(work.largestSigned, bytes);
      return original.apply(this, args);
    };
    Object.defineProperty(subtle, name, { value: counted, configurable: true });
  }
  try {
    await run();
  } finally {
    delete subtle.sign;
    delete subtle.digest;
  }
  return work;
}

// A long conversation (200 messages, about 200 kB) and a model that asks for 50 calls in one turn, then answers.
const history = Array.from({ length: 200 }, (_, i) => ({
  role: i % 2 ? ("assistant" as const) : ("user" as const),
  content: `message ${i} `.padEnd(1000, "x"),
}));
const historyBytes = JSON.stringify(history).length;
const fiftyCalls = () =>
  model(
    {
      calls: Array.from(
        { length: 50 },
        (_, i) => [`c${i}`, "get_weather", { city: `City ${i}` }] as [string, string, object],
      ),
    },
    { text: "Done." },
  );

cost(
  "runTools without onCheckpoint seals no state on a run that does not pause, and only the paused state on one that does",
  async () => {
    const { chat } = fiftyCalls();
    const own = tools();
    const work = await cryptoWork(() =>
      runTools({
        provider: "openai",
        chat,
        request: { ...request, messages: history },
        tools: own.list,
        stateKey: KEY,
      }),
    );
    assert.is(own.ran.length, 50);
    assert.equal(work, { sign: 0, digest: 0, bytes: 0, largestSigned: 0 });
    let out: Awaited<ReturnType<typeof paused>> | undefined;
    const pausing = await cryptoWork(async () => (out = await paused()));
    // the key's id, the pending call's seal, the finished call's result tag, the state; the pending call's
    // arguments, the conversation and the turn's calls
    assert.equal([pausing.sign, pausing.digest], [4, 3]);
    assert.match(out!.state.signature, /^[\w-]{43}$/);
  },
);

cost(
  "streamTools and onCheckpoint: one state per point, the conversation hashed once per step and never signed whole",
  async () => {
    for (const how of ["streamTools", "runTools with onCheckpoint"]) {
      const { chat } = fiftyCalls();
      const states: LoopState[] = [];
      const options = {
        provider: "openai" as const,
        request: { ...request, messages: history },
        tools: tools().list,
        stateKey: KEY,
      };
      const work = await cryptoWork(async () => {
        if (how === "runTools with onCheckpoint")
          await runTools({ ...options, chat, onCheckpoint: (s) => void states.push(s) });
        else
          for await (const e of streamTools({ ...options, chat: (r: any) => chat({ ...r, stream: undefined }) }))
            if ((e.type === "tool-call" && e.index === 0) || e.type === "tool-result" || e.type === "step-finish")
              states.push(e.state);
      });
      assert.is(states.length, 53, `${how}: the decided turn, 50 results and 2 step ends`);
      assert.is(work.sign, 53 + 50 + 1, `${how}: one signature per state, one tag per result and the key's id once`);
      assert.is(
        work.digest,
        3 + 2,
        `${how}: the conversation hashed once for the turn's calls and once at each turn's end; the calls once, and no calls once`,
      );
      assert.ok(
        work.largestSigned < historyBytes / 4,
        `${how}: no signature covers the conversation (${work.largestSigned} bytes signed at most)`,
      );
      assert.ok(
        work.bytes < 8 * historyBytes,
        `${how}: ${work.bytes} bytes hashed for a ${historyBytes}-byte conversation`,
      );
    }
  },
);

cost("the states of a turn share one frozen conversation, and each still resumes", async () => {
  const { chat } = fiftyCalls();
  const states: LoopState[] = [];
  await runTools({
    provider: "openai",
    chat,
    request: { ...request, messages: history },
    tools: tools().list,
    stateKey: KEY,
    onCheckpoint: (s) => void states.push(s),
  });
  const [decided, firstResult] = states;
  assert.is(decided!.messages, firstResult!.messages);
  assert.ok(Object.isFrozen(decided!.messages) && Object.isFrozen(decided!.messages[0]));
  assert.throws(() => (decided!.messages as unknown[]).push("x"));
  await paused({ onCheckpoint: (s: LoopState) => void states.push(s) });
  const { pending } = states.at(-1)!;
  assert.is(pending.length, 1);
  assert.ok(Object.isFrozen(pending) && Object.isFrozen(pending[0]), "the sealed pending calls are frozen too");
  const again = tools();
  const out = await resume(
    JSON.parse(JSON.stringify(firstResult)),
    {},
    { provider: "openai", chat: model({ text: "Resumed." }).chat, tools: again.list, stateKey: KEY },
  );
  assert.is(again.ran.length, 49, "the calls without a result ran");
  assert.is(out.text, "Resumed.");
});

cost.run();

// ---- without Web Crypto ----------------------------------------------------------------------------------

const insecure = suite(
  "without Web Crypto (a page that is not a secure context): runs work, states are unsigned and never resume",
);

// As in a browser page on plain http: `crypto` is there (getRandomValues), `crypto.subtle` is not; or, with
// `whole`, as in a runtime without `crypto` at all.
async function withoutWebCrypto<T>(run: () => Promise<T>, whole = false): Promise<T> {
  const crypto = globalThis.crypto;
  const own = Object.getOwnPropertyDescriptor(globalThis, "crypto")!;
  if (whole) Object.defineProperty(globalThis, "crypto", { value: undefined, configurable: true, writable: true });
  else Object.defineProperty(crypto, "subtle", { value: undefined, configurable: true });
  try {
    return await run();
  } finally {
    if (whole) Object.defineProperty(globalThis, "crypto", own);
    else delete (crypto as { subtle?: unknown }).subtle;
    assert.ok(globalThis.crypto.subtle, "Web Crypto is back for the other tests");
  }
}

insecure(
  "runTools and streamTools run; every state says it is unsigned and carries no signature, key id or seal",
  async () => {
    for (const whole of [false, true]) {
      const out = await withoutWebCrypto(() => paused(), whole);
      assert.equal([out.state.unsigned, out.state.signature, out.state.keyId], ["no-web-crypto", undefined, undefined]);
      assert.equal(out.state.pending, [
        { id: "call_e", name: "send_email", arguments: { to: "ann@example.org", body: "Sunny" }, index: 1 },
      ]);
      assert.match(out.state.run, /^[\w-]{22}$/);
      assert.equal(out.ran, ["weather Oslo"]);
    }
    const { chat } = model({ calls: [["a", "get_weather", { city: "Oslo" }]] }, { text: "Done." });
    const events = await withoutWebCrypto(async () => {
      const seen: LoopEvent[] = [];
      for await (const e of streamTools({
        provider: "openai",
        chat: (r: any) => chat({ ...r, stream: undefined }),
        request,
        tools: tools().list,
        stateKey: KEY,
      }))
        seen.push(e);
      return seen;
    });
    const states = events.flatMap((e) => ("state" in e && e.state ? [e.state] : []));
    assert.is(states.length, 4, "tool-call, tool-result and two step-finish");
    assert.ok(states.every((s) => s.unsigned === "no-web-crypto" && !("signature" in s)));
    assert.is((events.at(-1) as { text?: string }).text, "Done.");
  },
);

insecure(
  "an unsigned state is refused, wherever it is resumed, naming why; marking a signed state unsigned does not help",
  async () => {
    const { state, chat, list, ran } = await withoutWebCrypto(() => paused());
    const options = { provider: "openai" as const, chat, tools: list, stateKey: KEY };
    await refused(
      () => resume(state, { call_e: true }, options),
      "unsigned",
      /the state is unsigned \("no-web-crypto"\): it was made where Web Crypto was missing/,
    );
    await refused(
      () => withoutWebCrypto(() => resume(state, { call_e: true }, options)),
      "unsigned",
      /made where Web Crypto was missing/,
    );
    const { unsigned: _, ...unmarked } = state;
    await refused(() => resume(unmarked, { call_e: true }, options), "unsigned", /has no signature/);
    const signed = (await paused()).state;
    const { signature: _s, keyId: _k, ...stripped } = signed;
    await refused(
      () => resume({ ...stripped, unsigned: "no-web-crypto" }, { call_e: true }, options),
      "unsigned",
      /the state is unsigned/,
    );
    assert.equal(ran, ["weather Oslo"], "the email was never sent");
  },
);

insecure(
  "a signed state resumed where Web Crypto is missing: refused, since its signature cannot be checked there",
  async () => {
    const { state, chat, list, ran } = await paused();
    const options = { provider: "openai" as const, chat, tools: list, stateKey: KEY };
    for (const whole of [false, true]) {
      await refused(
        () => withoutWebCrypto(() => resume(state, { call_e: true }, options), whole),
        "no-web-crypto",
        /checked with Web Crypto, and Web Crypto \(globalThis\.crypto\.subtle\) is missing here/,
      );
    }
    assert.equal(ran, ["weather Oslo"]);
    const done = await resume(state, { call_e: true }, options);
    assert.is(done.text, "Done.", "the refusal did not claim the state: it resumes where Web Crypto is");
  },
);

insecure.run();

// ---- unknown options --------------------------------------------------------------------------------------

const options = suite("unknown options are errors naming them");

options("tool(): a misspelt needsApproval is refused, with the name meant", () => {
  const define = () =>
    tool({
      name: "rm",
      description: "Removes.",
      parameters: t.object({}),
      needsAproval: true,
      execute: () => "gone",
    } as never);
  assert.throws(
    define,
    (e: Error) =>
      e instanceof TypeError &&
      /tool "rm": unknown option needsAproval \(did you mean needsApproval\?\)/.test(e.message),
  );
  assert.throws(
    () => tool({ name: "x", description: "X.", parameters: t.object({}), execute: () => 1, colour: 1 } as never),
    /unknown option colour; known: name, description/,
  );
});

options("runTools, streamTools and resume: an unknown option is refused before any request", async () => {
  const { chat, sent } = model({ text: "hi" });
  const base = { provider: "openai" as const, chat, request, tools: [] };
  const error = await runTools({ ...base, maxStep: 3 } as never).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.match(String(error), /TypeError: runTools: unknown option maxStep \(did you mean maxSteps\?\)/);
  const streamed = await streamTools({ ...base, stopwhen: 1 } as never)
    [Symbol.asyncIterator]()
    .next()
    .then(
      () => undefined,
      (e: Error) => e,
    );
  assert.match(String(streamed), /streamTools: unknown option stopwhen \(did you mean stopWhen\?\)/);
  const resumed = await resume({}, {}, { ...base, needsAproval: () => true } as never).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.match(String(resumed), /resume: unknown option needsAproval \(did you mean needsApproval\?\)/);
  assert.is(sent.length, 0);
});

options.run();
