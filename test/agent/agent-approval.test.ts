// Human approval that survives a restart: a tool with needsApproval pauses the loop with a plain-JSON state;
// resume(state, decisions) continues it (here after a JSON round trip; test/agent.e2e.mjs does it in a fresh
// process). Approved calls run, refused ones answer the model with the reason. For each core provider.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  t,
  tool,
  runTools,
  streamTools,
  resume,
  resumeStream,
  rejection,
  StateError,
  httpChat,
  type LoopEvent,
  type RunToolsResult,
} from "tooltype";
import { fakeProvider } from "../support/fake-provider.js";
import { turnText, type StreamProvider } from "../support/provider-streams.js";

const PROVIDERS: StreamProvider[] = ["openai", "responses", "anthropic", "gemini"];
const REQUESTS: Record<StreamProvider, object> = {
  openai: { model: "gpt-4o-mini", messages: [{ role: "user", content: "Email Ann the weather." }] },
  responses: { model: "gpt-4.1-mini", input: "Email Ann the weather." },
  anthropic: {
    model: "claude-sonnet-5-5",
    max_tokens: 512,
    messages: [{ role: "user", content: "Email Ann the weather." }],
  },
  gemini: { model: "gemini-2.5-flash", contents: "Email Ann the weather." },
};
const quiet = { error: () => {}, warn: () => {} };

function tools() {
  const sent: string[] = [];
  const weather = tool({
    name: "get_weather",
    description: "Weather.",
    parameters: t.object({ location: t.string() }),
    logger: quiet,
    execute: ({ location }) => `Sunny in ${location}`,
  });
  const email = tool({
    name: "send_email",
    description: "Sends an email.",
    parameters: t.object({ to: t.string(), body: t.string() }),
    needsApproval: ({ to }) => !to.endsWith("@example.com"),
    logger: quiet,
    execute: ({ to }) => (sent.push(to), `sent to ${to}`),
  });
  return { sent, list: [weather, email] };
}

const turn1 = (provider: StreamProvider, to = "ann@elsewhere.org") =>
  turnText(provider, {
    calls: [
      { id: "call_w1", name: "get_weather", args: '{"location":"Oslo"}' },
      { id: "call_e1", name: "send_email", args: JSON.stringify({ to, body: "Sunny in Oslo" }) },
    ],
    usage: { input: 100, output: 30 },
  });
const turn2 = (provider: StreamProvider) => turnText(provider, { text: "Done.", usage: { input: 150, output: 3 } }, 2);

// Where the model reads a call's answer, per provider: the answers of the last tool turn, as text.
function lastAnswers(provider: StreamProvider, body: any): string[] {
  if (provider === "openai") return body.messages.filter((m: any) => m.role === "tool").map((m: any) => m.content);
  if (provider === "responses")
    return body.input.filter((i: any) => i.type === "function_call_output").map((i: any) => i.output);
  if (provider === "anthropic") return body.messages.at(-1).content.map((b: any) => b.content);
  return body.contents
    .at(-1)
    .parts.map((p: any) => p.functionResponse.response.output ?? p.functionResponse.response.error);
}

const approval = suite("approval: pause with a plain-JSON state, resume later with decisions");

for (const provider of PROVIDERS) {
  approval(
    `${provider}: paused, serialized, refused with a reason the model reads; the other call ran before the pause`,
    async () => {
      const fake = await fakeProvider(provider, [{ sse: turn1(provider) }, { sse: turn2(provider) }], "fetch");
      const { sent, list } = tools();
      const options = {
        provider,
        chat: httpChat(provider, { baseURL: fake.baseURL, fetch: fake.fetch! }),
        tools: list,
      };
      const paused = await runTools({ ...options, request: REQUESTS[provider] });
      assert.is(paused.finishReason, "approval");
      assert.is(paused.text, undefined);
      const state = paused.state!;
      assert.ok(state, "a state to resume");
      assert.equal(
        state.pending.map((p) => [p.name, p.index, p.arguments]),
        [["send_email", 1, { to: "ann@elsewhere.org", body: "Sunny in Oslo" }]],
      );
      assert.equal(
        state.results.map((r) => (r === null ? null : r.result)),
        [{ success: true, value: "Sunny in Oslo" }, null],
      );
      assert.is(state.step, 1);
      assert.equal(sent, [], "nothing was sent before approval");
      assert.is(paused.steps[0]!.pending!.length, 1);

      // Plain JSON: what is stored and read back is the same state.
      const stored = JSON.stringify(state);
      assert.equal(JSON.parse(stored), state);
      assert.not.ok(
        "messages" in state.request || "contents" in state.request || "input" in state.request,
        "the conversation is kept once, in messages",
      );

      const id = state.pending[0]!.id;
      const done = await resume(
        JSON.parse(stored),
        { [id]: { approved: false, reason: "Ann asked not to be emailed" } },
        options,
      );
      assert.is(done.finishReason, "stop");
      assert.is(done.text, "Done.");
      assert.equal(sent, []);
      assert.is(fake.requests.length, 2);
      const answers = lastAnswers(provider, fake.requests[1]!.body);
      assert.is(answers[0], "Sunny in Oslo");
      assert.match(
        answers[1]!,
        /refused the call of tool "send_email"; it did not run\. Reason: Ann asked not to be emailed/,
      );
      if (provider === "anthropic") assert.is(fake.requests[1]!.body.messages.at(-1).content[1].is_error, true);
      assert.is(done.steps[0]!.step, 1, "the resumed turn keeps its number");
      assert.is(done.steps[1]!.step, 2);
    },
  );
}

approval("approved: the call runs on the arguments that were checked, and the loop goes on", async () => {
  const fake = await fakeProvider("openai", [{ sse: turn1("openai") }, { sse: turn2("openai") }], "fetch");
  const { sent, list } = tools();
  const chat = httpChat("openai", { baseURL: fake.baseURL, fetch: fake.fetch! });
  const paused = await runTools({ provider: "openai", chat, request: REQUESTS.openai, tools: list });
  const events: LoopEvent[] = [];
  for await (const event of resumeStream(
    JSON.parse(JSON.stringify(paused.state)),
    { call_e1: true },
    { provider: "openai", chat, tools: list },
  ))
    events.push(event);
  assert.equal(sent, ["ann@elsewhere.org"]);
  const result = events.find((e) => e.type === "tool-result") as Extract<LoopEvent, { type: "tool-result" }>;
  assert.equal([result.name, result.result], ["send_email", { success: true, value: "sent to ann@elsewhere.org" }]);
  const finish = events.at(-1) as Extract<LoopEvent, { type: "finish" }>;
  assert.is(finish.text, "Done.");
  assert.is((fake.requests[1]!.body as any).model, "gpt-4o-mini", "the stored request's settings are sent again");
  assert.is((fake.requests[1]!.body as any).stream, true, "resumeStream streams");
});

approval("needsApproval as a function of the arguments: a call it allows runs without pausing", async () => {
  const fake = await fakeProvider(
    "anthropic",
    [{ sse: turn1("anthropic", "bob@example.com") }, { sse: turn2("anthropic") }],
    "fetch",
  );
  const { sent, list } = tools();
  const chat = httpChat("anthropic", { baseURL: fake.baseURL, fetch: fake.fetch! });
  const out = await runTools({ provider: "anthropic", chat, request: REQUESTS.anthropic, tools: list });
  assert.is(out.finishReason, "stop");
  assert.equal(sent, ["bob@example.com"]);
});

approval("the loop's own rule (for tools defined elsewhere), and streamTools reports approval-required", async () => {
  const fake = await fakeProvider("openai", [{ sse: turn1("openai", "bob@example.com") }], "fetch");
  const { list } = tools();
  const chat = httpChat("openai", { baseURL: fake.baseURL, fetch: fake.fetch! });
  const events: LoopEvent[] = [];
  for await (const e of streamTools({
    provider: "openai",
    chat,
    request: REQUESTS.openai,
    tools: list,
    needsApproval: (call) => call.name === "get_weather",
  }))
    events.push(e);
  const asked = events.filter((e) => e.type === "approval-required") as Extract<
    LoopEvent,
    { type: "approval-required" }
  >[];
  assert.equal(
    asked.map((e) => e.call.name),
    ["get_weather"],
  );
  const finish = events.at(-1) as Extract<LoopEvent, { type: "finish" }>;
  assert.is(finish.finishReason, "approval");
  assert.equal(
    finish.state!.pending.map((p) => p.id),
    ["call_w1"],
  );
});

approval(
  "resume refuses what it cannot continue: wrong provider, missing or stray decisions, not a state",
  async () => {
    const fake = await fakeProvider("openai", [{ sse: turn1("openai") }], "fetch");
    const { list } = tools();
    const chat = httpChat("openai", { baseURL: fake.baseURL, fetch: fake.fetch! });
    const { state } = await runTools({ provider: "openai", chat, request: REQUESTS.openai, tools: list });
    const fails = async (run: () => Promise<RunToolsResult>, pattern: RegExp) => {
      const error = await run().then(
        () => undefined,
        (e: Error) => e,
      );
      assert.instance(error, TypeError);
      assert.match(error!.message, pattern);
    };
    await fails(
      () => resume(state, {}, { provider: "openai", chat, tools: list }),
      /resume: no decision for call_e1 \(send_email\)/,
    );
    await fails(
      () => resume(state, { call_e1: true, call_x: false }, { provider: "openai", chat, tools: list }),
      /not pending: "call_x"/,
    );
    await fails(
      () => resume(state, { call_e1: "yes" as never }, { provider: "openai", chat, tools: list }),
      /must be true, false or/,
    );
    // What is not a state this version wrote is a StateError ("malformed"); bad decisions stay TypeErrors.
    const malformed = async (run: () => Promise<RunToolsResult>, pattern: RegExp) => {
      const error = await run().then(
        () => undefined,
        (e: Error) => e,
      );
      assert.instance(error, StateError);
      assert.is((error as StateError).code, "malformed");
      assert.match(error!.message, pattern);
    };
    await malformed(
      () => resume(state, { call_e1: true }, { provider: "anthropic", chat, tools: list }),
      /written for provider "openai", not "anthropic"/,
    );
    await malformed(
      () => resume("nonsense", {}, { provider: "openai", chat, tools: list }),
      /the state must be the object the loop gave/,
    );
    await malformed(
      () => resume({ ...state, version: 1 }, {}, { provider: "openai", chat, tools: list }),
      /unknown state version 1 \(this tooltype writes version 5\)/,
    );
    assert.is(fake.requests.length, 1, "nothing was sent for a refused resume");
  },
);

approval("rejection() without a reason still tells the model not to retry blindly", () => {
  const r = rejection({ id: "c", name: "rm", arguments: {} });
  assert.equal(r, {
    success: false,
    error:
      'The user refused the call of tool "rm"; it did not run. No reason was given; do not retry the same call unchanged.',
  });
});

approval.run();
