// The loop checks streamed arguments as they arrive: every tool-call-delta carries `partial`, `settled` and
// `viable`; `abortDoomedCalls` stops the request at the first delta that cannot pass and answers the model with
// why; the calls of a turn cut at the output token limit never run.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, tool, runTools, streamTools, type LoopEvent } from "tooltype";
import { turnEvents } from "../support/provider-streams.js";

const v = suite("agent: streamed arguments checked as they arrive");

function makeWeather() {
  const ran: unknown[] = [];
  const weather = tool({
    name: "get_weather",
    description: "Weather for a city.",
    parameters: t.object({ location: t.string({ maxLength: 40 }), unit: t.enum(["celsius", "fahrenheit"]) }),
    execute: (args) => (ran.push(args), `21 degrees in ${args.location}`),
  });
  return { weather, ran };
}

/** A chat function answering each request with the next turn as an SDK-style stream of chunk objects, counting what was read. */
function streamedTurns(turns: Parameters<typeof turnEvents>[1][]) {
  const seen = { requests: 0, read: [] as number[], closed: [] as boolean[] };
  const chat = () => {
    const n = seen.requests++;
    const events = turnEvents("openai", turns[n]!, n + 1)
      .filter((e) => e.data !== "[DONE]")
      .map((e) => e.data);
    seen.read[n] = 0;
    seen.closed[n] = false;
    return (async function* () {
      try {
        for (const event of events) {
          seen.read[n]!++;
          yield event;
        }
      } finally {
        seen.closed[n] = true;
      }
    })();
  };
  return { chat, seen, total: (n: number) => turnEvents("openai", turns[n]!, n + 1).length - 1 };
}
const request = { model: "gpt-4o-mini", messages: [{ role: "user" as const, content: "Weather in Paris?" }] };

v(
  "every tool-call-delta carries partial, settled and viable; valid arguments stay viable and settle property by property",
  async () => {
    const { weather } = makeWeather();
    const { chat } = streamedTurns([
      { calls: [{ id: "call_1", name: "get_weather", args: '{"location": "Paris", "unit": "celsius"}' }] },
      { text: "21 degrees." },
    ]);
    const deltas: Extract<LoopEvent, { type: "tool-call-delta" }>[] = [];
    for await (const event of streamTools({ provider: "openai", chat, request, tools: [weather] }))
      if (event.type === "tool-call-delta") deltas.push(event);
    assert.ok(deltas.length > 3);
    assert.ok(
      deltas.every((d) => d.viable && !("arguments" in d)),
      "partial is the one name for the arguments so far",
    );
    assert.equal(deltas.at(-1)!.settled, [""], "the whole arguments object, once complete");
    assert.ok(
      deltas.some((d) => d.settled.length === 1 && d.settled[0] === "/location"),
      "the location before the unit",
    );
  },
);

v(
  "abortDoomedCalls: the request stops at the first delta after which no completion can pass; the model is told why, and the tool never runs",
  async () => {
    const { weather, ran } = makeWeather();
    const args = '{"location": "Paris", "unit": "kelvin", "note": "' + "x".repeat(500) + '"}';
    const turns = streamedTurns([
      { calls: [{ id: "call_1", name: "get_weather", args }] },
      { text: "Sorry, which unit?" },
    ]);
    const events: LoopEvent[] = [];
    for await (const event of streamTools({
      provider: "openai",
      chat: turns.chat,
      request,
      tools: [weather],
      abortDoomedCalls: true,
    }))
      events.push(event);
    const doomed = events.find(
      (e): e is Extract<LoopEvent, { type: "tool-call-delta" }> => e.type === "tool-call-delta" && !e.viable,
    );
    assert.ok(doomed, "a delta said the call could no longer pass");
    assert.match(doomed!.reason!, /at \/unit: "k[a-z]*" cannot become one of "celsius", "fahrenheit"/);
    // A value's refusal is final once the arguments close (a later "unit" would replace "kelvin", as JSON.parse
    // keeps a repeated key's last value): the response is left there, before its end.
    assert.ok(
      turns.seen.read[0]! < turns.total(0),
      `stopped before the end: ${turns.seen.read[0]} of ${turns.total(0)} chunks read`,
    );
    assert.ok(turns.seen.closed[0], "the stream was closed");
    assert.equal(ran, [], "the tool did not run");
    const result = events.find((e) => e.type === "tool-result") as Extract<LoopEvent, { type: "tool-result" }>;
    assert.not.ok(result.result.success);
    assert.match(
      (result.result as { error: string }).error,
      /refused while they streamed.*"k[a-z]*" cannot become one of/,
    );
    const finish = events.at(-1) as Extract<LoopEvent, { type: "finish" }>;
    assert.is(finish.text, "Sorry, which unit?");
    assert.is(turns.seen.requests, 2, "the model was asked again");
    const toolMessage = finish.messages.find((m) => (m as { role?: string }).role === "tool") as { content: string };
    assert.match(toolMessage.content, /refused while they streamed/);
  },
);

v("without abortDoomedCalls the stream is read to the end and the guard answers as before", async () => {
  const { weather, ran } = makeWeather();
  const turns = streamedTurns([
    { calls: [{ id: "call_1", name: "get_weather", args: '{"location": "Paris", "unit": "kelvin"}' }] },
    { text: "ok" },
  ]);
  const events: LoopEvent[] = [];
  for await (const event of streamTools({ provider: "openai", chat: turns.chat, request, tools: [weather] }))
    events.push(event);
  assert.is(turns.seen.read[0], turns.total(0), "read to the end");
  assert.ok(
    events.some((e) => e.type === "tool-call-delta" && !e.viable),
    "still reported",
  );
  assert.equal(ran, []);
  const result = events.find((e) => e.type === "tool-result") as Extract<LoopEvent, { type: "tool-result" }>;
  assert.match((result.result as { error: string }).error, /Invalid arguments for tool "get_weather"/);
});

v("a turn cut at the output token limit runs none of its calls, for every provider's spelling", async () => {
  const cutTurns: [string, object][] = [
    [
      "openai",
      {
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: null,
              tool_calls: [
                {
                  id: "c1",
                  type: "function",
                  function: { name: "get_weather", arguments: '{"location": "Paris", "unit": "celsius"}' },
                },
              ],
            },
            finish_reason: "length",
          },
        ],
      },
    ],
    [
      "anthropic",
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "c1", name: "get_weather", input: { location: "Paris", unit: "celsius" } }],
        stop_reason: "max_tokens",
      },
    ],
    [
      "gemini",
      {
        candidates: [
          {
            content: {
              role: "model",
              parts: [{ functionCall: { name: "get_weather", args: { location: "Paris", unit: "celsius" } } }],
            },
            finishReason: "MAX_TOKENS",
          },
        ],
      },
    ],
    [
      "responses",
      {
        status: "incomplete",
        incomplete_details: { reason: "max_output_tokens" },
        output: [
          {
            type: "function_call",
            call_id: "c1",
            name: "get_weather",
            arguments: '{"location": "Paris", "unit": "celsius"}',
          },
        ],
      },
    ],
  ];
  for (const [provider, first] of cutTurns) {
    const { weather, ran } = makeWeather();
    const answers = [
      first,
      provider === "anthropic"
        ? { role: "assistant", content: [{ type: "text", text: "done" }], stop_reason: "end_turn" }
        : provider === "gemini"
          ? { candidates: [{ content: { role: "model", parts: [{ text: "done" }] }, finishReason: "STOP" }] }
          : provider === "responses"
            ? {
                status: "completed",
                output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text: "done" }] }],
              }
            : { choices: [{ index: 0, message: { role: "assistant", content: "done" }, finish_reason: "stop" }] },
    ];
    let n = 0;
    const out = await runTools({
      provider: provider as "openai",
      chat: async () => answers[n++],
      request:
        provider === "gemini"
          ? { model: "m", contents: "q" }
          : provider === "responses"
            ? { model: "m", input: "q" }
            : ({ model: "m", max_tokens: 10, messages: [{ role: "user", content: "q" }] } as never),
      tools: [weather],
    });
    assert.equal(ran, [], `${provider}: the call did not run`);
    const result = out.steps[0]!.results[0]!.result;
    assert.not.ok(result.success, provider);
    assert.match((result as { error: string }).error, /cut at the output token limit/, provider);
    assert.is(out.text, "done", `${provider}: the model was answered and went on`);
  }
});

v("Anthropic: eagerInputStreaming on a tool writes eager_input_streaming", () => {
  const eager = tool({
    name: "write_file",
    description: "Writes a file.",
    parameters: t.object({ text: t.string() }),
    eagerInputStreaming: true,
    execute: () => "ok",
  });
  const plain = tool({
    name: "read_file",
    description: "Reads a file.",
    parameters: t.object({ path: t.string() }),
    execute: () => "ok",
  });
  assert.is(eager.toAnthropicFormat().eager_input_streaming, true);
  assert.not.ok("eager_input_streaming" in plain.toAnthropicFormat());
  assert.not.ok("eager_input_streaming" in (eager.toOpenAIFormat().function as object), "Anthropic's alone");
});

v.run();
