// The provider conformance kit: the cases every provider in ADAPTERS is held to, written once here, and the
// hand-written fixtures in the APIs' documented shapes they read (test/fixtures/providers/<provider>/<case>.json, one file per provider per case,
// each naming its `source`). test/providers/conformance.test.ts runs every check for every provider; a check a
// provider cannot pass today is a line of KNOWN_GAPS (reported as skipped, with its reason).
//
// Only the public API is used: `adapterOf`, `parseToolCalls`, `toToolMessages`, `createToolCallStream`, `runTools`
// and `streamTools` with a scripted `chat` that answers with the fixtures' responses or stream chunks.
import * as assert from "uvu/assert";
import {
  t,
  tool,
  adapterOf,
  parseToolCalls,
  toToolMessages,
  createToolCallStream,
  runTools,
  streamTools,
  ProviderError,
  type CallResult,
  type LoopEvent,
  type Provider,
  type ProviderAdapter,
} from "tooltype";

/** The cases, each one fixture file per provider. */
export const CASES = ["plain-answer", "parallel-calls", "streamed", "results", "error", "refusal", "usage"] as const;
export type Case = (typeof CASES)[number];

// ---- what every recording holds ------------------------------------------------------------------------------

/** The plain answer's text (plain-answer.json), also the loop's last turn in the other cases. */
export const PLAIN = "It is 21 °C and sunny in Paris, and the local time is 12:00.";
/** The text before the calls, streamed before them in streamed.json (Cohere: the tool plan). */
export const LEAD = "Let me check.";
/** The two parallel calls: one with nested arguments, one with none (names and arguments; ids are the provider's). */
export const CALLS = [
  { name: "get_weather", arguments: { location: { city: "Paris", country: "FR" }, unit: "celsius" } },
  { name: "get_time", arguments: {} },
];
/** The value get_weather returns, and the error results.json answers get_time with. */
export const WEATHER = { temperature: 21, unit: "celsius" };
export const CLOCK_FAILURE = "The clock is not available.";

/** The two tools the calls name; `ran` records each run with its arguments. */
export function makeTools() {
  const ran: { name: string; arguments: unknown }[] = [];
  const quiet = { error: () => {}, warn: () => {} };
  const weather = tool({
    name: "get_weather",
    description: "Current weather in a city.",
    parameters: t.object({
      location: t.object({ city: t.string(), country: t.string() }),
      unit: t.enum(["celsius", "fahrenheit"]),
    }),
    logger: quiet,
    execute: (args) => (ran.push({ name: "get_weather", arguments: args }), { temperature: 21, unit: args.unit }),
  });
  const time = tool({
    name: "get_time",
    description: "The local time.",
    parameters: t.object({}),
    logger: quiet,
    execute: (args) => (ran.push({ name: "get_time", arguments: args }), "12:00"),
  });
  return { ran, tools: [weather, time] };
}

// ---- fixtures ------------------------------------------------------------------------------------------------

/** A case the provider's API has no counterpart for: the file says why, and its checks do not apply. */
export interface NotApplicable {
  readonly source: string;
  readonly notApplicable: string;
}
export type Fixtures = { readonly [C in Case]: any };

export const fixtureFile = (provider: string, name: Case) => `test/fixtures/providers/${provider}/${name}.json`;

/**
 * The provider's fixtures, every case; a missing file fails with the list of files to add. Imported through the
 * bundler that builds every runtime's tests (a dynamic import of a pattern: esbuild bundles every file it matches),
 * so browsers read them too.
 */
export async function loadFixtures(provider: string): Promise<Fixtures> {
  const loaded: Partial<Record<Case, unknown>> = {};
  const missing: string[] = [];
  for (const name of CASES) {
    try {
      loaded[name] = (await import(`../fixtures/providers/${provider}/${name}.json`)).default;
    } catch {
      missing.push(fixtureFile(provider, name));
    }
  }
  if (missing.length)
    throw new Error(
      `provider "${provider}" is in ADAPTERS but lacks conformance fixtures: add ${missing.join(", ")} (see docs/providers.md, "Conformance kit")`,
    );
  for (const name of CASES) {
    const fixture = loaded[name] as { source?: unknown };
    if (typeof fixture?.source !== "string" || !fixture.source)
      throw new Error(`${fixtureFile(provider, name)} has no "source": say where its shape comes from`);
  }
  return loaded as Fixtures;
}

// ---- the known gaps: ONE table -------------------------------------------------------------------------------

/** A check a provider does not pass today: skipped with its reason. Delete the line once it passes. */
export interface Gap {
  readonly provider: Provider;
  /** `case · check`, as the kit names its checks. */
  readonly check: string;
  readonly reason: string;
}

export const KNOWN_GAPS: readonly Gap[] = [];

export const gapOf = (provider: string, check: string): Gap | undefined =>
  KNOWN_GAPS.find((gap) => gap.provider === provider && gap.check === check);

// ---- the checks ----------------------------------------------------------------------------------------------

export interface Check {
  readonly case: Case;
  readonly check: string;
  /** The part of the case's fixture the check reads, when it may be marked not applicable on its own. */
  readonly part?: string;
  run(provider: Provider, fixtures: Fixtures): Promise<void> | void;
}

export const checkName = (check: Check) => `${check.case} · ${check.check}`;

/** Why a check does not apply to a provider (its fixture, or the part it reads, says so), or undefined. */
export function notApplicable(check: Check, fixtures: Fixtures): string | undefined {
  const fixture = fixtures[check.case];
  if (typeof fixture.notApplicable === "string") return fixture.notApplicable;
  const part = check.part && fixture[check.part];
  return typeof part?.notApplicable === "string" ? part.notApplicable : undefined;
}

/** A `chat` answering with each of `answers` in turn (a function makes the answer), keeping every request. */
export function scripted(...answers: unknown[]) {
  const sent: Record<string, unknown>[] = [];
  const chat = (request: object) => {
    sent.push(structuredClone(request) as Record<string, unknown>);
    if (sent.length > answers.length) throw new Error(`no answer recorded for request ${sent.length}`);
    const answer = answers[sent.length - 1];
    return typeof answer === "function" ? answer() : answer;
  };
  return { chat, sent };
}

async function* chunksOf(chunks: readonly unknown[]): AsyncGenerator<unknown> {
  yield* chunks;
}

async function collect(events: AsyncIterable<LoopEvent>): Promise<LoopEvent[]> {
  const out: LoopEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const namesAndArguments = (calls: readonly { name: string; arguments: unknown }[]) =>
  calls.map(({ name, arguments: args }) => ({ name, arguments: args }));
const byName = <T extends { name: string }>(list: readonly T[]) => [...list].sort((a, b) => (a.name < b.name ? -1 : 1));
const tokens = (usage: { inputTokens?: unknown; outputTokens?: unknown; totalTokens?: unknown } | undefined) =>
  usage && { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, totalTokens: usage.totalTokens };

// The request of every case (parallel-calls.json's) and its conversation.
const requestOf = (f: Fixtures) => f["parallel-calls"].request as Record<string, unknown>;
const conversationOf = (adapter: ProviderAdapter, f: Fixtures) => requestOf(f)[adapter.conversation] as unknown[];

// The loop with the recorded calls, then the plain answer: the second request and what ran.
async function loopOverCalls(provider: Provider, f: Fixtures, first: unknown, stream: boolean) {
  const { ran, tools } = makeTools();
  const { chat, sent } = scripted(first, f["plain-answer"].response);
  const options = { provider, chat, request: requestOf(f), tools };
  if (!stream) return { ran, sent, result: await runTools(options), events: [] as LoopEvent[] };
  const events = await collect(streamTools(options));
  const finish = events.find((e) => e.type === "finish") as Extract<LoopEvent, { type: "finish" }>;
  return { ran, sent, result: finish, events };
}

// The second request's conversation: the request's, the assistant turn, the answers, as parallel-calls.json holds them.
function assertFollowUp(provider: Provider, f: Fixtures, sent: Record<string, unknown>[]) {
  const adapter = adapterOf(provider);
  assert.is(sent.length, 2, "the calls' answers go back in a second request");
  assert.equal(sent[1]![adapter.conversation], [...conversationOf(adapter, f), ...f["parallel-calls"].followUp]);
}

// Expects `run` to reject with a ProviderError whose message holds the provider's.
async function assertProviderError(run: () => Promise<unknown>, message: string, status?: number, body?: unknown) {
  let error: unknown;
  try {
    await run();
  } catch (e) {
    error = e;
  }
  assert.instance(error, ProviderError, `expected a ProviderError, got ${String(error)}`);
  const e = error as ProviderError;
  assert.ok(e.message.includes(message), `the error names the provider's message: ${e.message}`);
  if (status !== undefined) assert.is(e.status, status);
  if (body !== undefined) assert.equal(e.body, body);
}

// The provider's stream carrying `events`, as its API sends it.
function wireStream(transport: string, events: readonly any[]): unknown {
  if (transport === "objects") return chunksOf(events);
  if (transport === "ndjson")
    return new Response(events.map((e) => `${JSON.stringify(e)}\n`).join(""), {
      headers: { "content-type": "application/x-ndjson" },
    });
  if (transport !== "sse") throw new Error(`unknown stream transport ${JSON.stringify(transport)}`);
  const text = events
    .map((e) => `${typeof e.type === "string" ? `event: ${e.type}\n` : ""}data: ${JSON.stringify(e)}\n\n`)
    .join("");
  return new Response(text, { headers: { "content-type": "text/event-stream" } });
}

export const CHECKS: readonly Check[] = [
  {
    case: "plain-answer",
    check: "adapter",
    run(provider, f) {
      const adapter = adapterOf(provider);
      const response = f["plain-answer"].response;
      assert.equal(adapter.calls(response), []);
      assert.equal(parseToolCalls(response, provider), []);
      assert.is(adapter.text(response), PLAIN);
      assert.is(adapter.truncated?.(response) ?? false, false);
      assert.is(adapter.refusal?.(response), undefined, "a plain answer is no refusal");
      assert.is(adapter.assistantMessages(response).length, 1);
    },
  },
  {
    case: "plain-answer",
    check: "runTools",
    async run(provider, f) {
      const adapter = adapterOf(provider);
      const { chat, sent } = scripted(f["plain-answer"].response);
      const result = await runTools({ provider, chat, request: requestOf(f), tools: makeTools().tools });
      assert.is(result.finishReason, "stop");
      assert.is(result.text, PLAIN);
      assert.is(result.refusal, undefined);
      assert.is(sent.length, 1);
      assert.equal(sent[0]![adapter.conversation], conversationOf(adapter, f));
      assert.equal(result.messages, [
        ...conversationOf(adapter, f),
        ...adapter.assistantMessages(f["plain-answer"].response),
      ]);
    },
  },
  {
    case: "parallel-calls",
    check: "adapter",
    run(provider, f) {
      const response = f["parallel-calls"].response;
      const calls = adapterOf(provider).calls(response);
      assert.equal(namesAndArguments(calls), CALLS);
      assert.ok(calls[0]!.id && calls[1]!.id && calls[0]!.id !== calls[1]!.id, "each call has its own id");
      assert.equal(parseToolCalls(response, provider), calls);
    },
  },
  {
    case: "parallel-calls",
    check: "runTools",
    async run(provider, f) {
      const { ran, sent, result } = await loopOverCalls(provider, f, f["parallel-calls"].response, false);
      assert.equal(byName(ran), byName(CALLS), "both calls ran, each with its arguments");
      assertFollowUp(provider, f, sent);
      assert.is(result.finishReason, "stop");
      assert.is(result.text, PLAIN);
    },
  },
  {
    case: "streamed",
    check: "createToolCallStream",
    run(provider, f) {
      const stream = createToolCallStream(provider);
      for (const chunk of f.streamed.chunks) stream.push(chunk);
      assert.equal(stream.calls(), adapterOf(provider).calls(f["parallel-calls"].response));
      assert.ok(
        stream.partial().every((call) => call.done),
        "every call is complete at the end",
      );
    },
  },
  {
    case: "streamed",
    check: "streamTools",
    async run(provider, f) {
      const { ran, sent, result, events } = await loopOverCalls(provider, f, () => chunksOf(f.streamed.chunks), true);
      const first = events.filter((e) => "step" in e && e.step === 1);
      const text = first.flatMap((e) => (e.type === "text-delta" ? [e.text] : [])).join("");
      assert.is(text, LEAD, "the text before the calls streams as text-delta");
      const calls = first.flatMap((e) => (e.type === "tool-call" ? [e.call] : []));
      assert.equal(namesAndArguments(calls), CALLS);
      assert.ok(
        first.some((e) => e.type === "tool-call-delta"),
        "the arguments stream as tool-call-delta",
      );
      assert.equal(byName(ran), byName(CALLS));
      assertFollowUp(provider, f, sent);
      assert.is(result.text, PLAIN);
    },
  },
  {
    case: "results",
    check: "toToolMessages",
    run(provider, f) {
      const [weather, time] = adapterOf(provider).calls(f["parallel-calls"].response);
      const results: CallResult[] = [
        { id: weather!.id, name: weather!.name, result: { success: true, value: WEATHER } },
        { id: time!.id, name: time!.name, result: { success: false, error: CLOCK_FAILURE } },
      ];
      assert.equal(toToolMessages(results, provider), f.results.messages);
    },
  },
  {
    case: "error",
    check: "body",
    async run(provider, f) {
      const { status, body, message } = f.error;
      const response = () =>
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
      const { chat } = scripted(response);
      await assertProviderError(
        () => runTools({ provider, chat, request: requestOf(f), tools: makeTools().tools }),
        message,
        status >= 300 ? status : undefined,
        body,
      );
    },
  },
  {
    case: "error",
    check: "stream",
    part: "stream",
    async run(provider, f) {
      const { transport, events, message } = f.error.stream;
      const { chat } = scripted(() => wireStream(transport, events));
      await assertProviderError(
        () => collect(streamTools({ provider, chat, request: requestOf(f), tools: makeTools().tools })),
        message,
      );
    },
  },
  {
    case: "refusal",
    check: "adapter",
    run(provider, f) {
      assert.is(adapterOf(provider).refusal?.(f.refusal.response), f.refusal.refusal);
    },
  },
  {
    case: "refusal",
    check: "runTools",
    async run(provider, f) {
      const { chat } = scripted(f.refusal.response);
      const result = await runTools({ provider, chat, request: requestOf(f), tools: makeTools().tools });
      assert.is(result.finishReason, "stop");
      assert.is(result.refusal, f.refusal.refusal);
    },
  },
  {
    case: "usage",
    check: "runTools",
    async run(provider, f) {
      const { chat } = scripted(f.usage.response);
      const result = await runTools({ provider, chat, request: requestOf(f), tools: makeTools().tools });
      assert.equal(tokens(result.usage), f.usage.usage);
    },
  },
  {
    case: "usage",
    check: "streamTools",
    async run(provider, f) {
      const { events } = await loopOverCalls(provider, f, () => chunksOf(f.streamed.chunks), true);
      const step = events.find((e) => e.type === "step-finish" && e.step === 1) as
        | Extract<LoopEvent, { type: "step-finish" }>
        | undefined;
      assert.equal(tokens(step?.usage), f.usage.streamUsage, "the stream's usage, from its last chunk");
    },
  },
];
