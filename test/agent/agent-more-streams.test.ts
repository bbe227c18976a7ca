// streamTools over the providers whose streams the loop reads through their adapter's stream reader besides the
// four core ones: Bedrock Converse (the SDK's `response.stream` events), Mistral, Cohere v2, Ollama. Each turn is
// assembled as it streams (deltas reported, arguments checked) and rebuilt into the whole response, so the turn in
// the conversation, the calls and the usage are what the same request without streaming gives.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { ADAPTERS, createToolCallStream, streamTools, t, tool, type LoopEvent, type Provider } from "tooltype";
import { collect } from "../support/agent-fixtures.js";

const add = tool({
  name: "add",
  description: "Adds two numbers.",
  parameters: t.object({ a: t.number(), b: t.number() }),
  execute: ({ a, b }) => a + b,
});

const ARGS = '{"a": 2, "b": 3}';
const pieces = (text: string) => [text.slice(0, 5), text.slice(5, 11), text.slice(11)];

// One turn with a call to add, then a turn that answers "5", in each provider's stream events.
const TURNS: Partial<Record<Provider, readonly [unknown[], unknown[]]>> = {
  bedrock: [
    [
      { messageStart: { role: "assistant" } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { text: "Adding." } } },
      { contentBlockStop: { contentBlockIndex: 0 } },
      { contentBlockStart: { contentBlockIndex: 1, start: { toolUse: { toolUseId: "tu_1", name: "add" } } } },
      ...pieces(ARGS).map((input) => ({
        contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input } } },
      })),
      { contentBlockStop: { contentBlockIndex: 1 } },
      { messageStop: { stopReason: "tool_use" } },
      { metadata: { usage: { inputTokens: 20, outputTokens: 8, totalTokens: 28 }, metrics: { latencyMs: 100 } } },
    ],
    [
      { messageStart: { role: "assistant" } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { text: "5" } } },
      { messageStop: { stopReason: "end_turn" } },
      { metadata: { usage: { inputTokens: 30, outputTokens: 1, totalTokens: 31 } } },
    ],
  ],
  mistral: [
    [
      {
        data: { id: "m1", model: "mistral-large", choices: [{ index: 0, delta: { role: "assistant", content: "" } }] },
      },
      {
        data: {
          id: "m1",
          choices: [
            {
              index: 0,
              delta: { toolCalls: [{ id: "c1", index: 0, function: { name: "add", arguments: ARGS } }] },
              finishReason: "tool_calls",
            },
          ],
          usage: { promptTokens: 20, completionTokens: 8, totalTokens: 28 },
        },
      },
    ],
    [{ data: { id: "m2", choices: [{ index: 0, delta: { content: "5" }, finishReason: "stop" }] } }],
  ],
  cohere: [
    [
      { type: "message-start", id: "co1", delta: { message: { role: "assistant" } } },
      { type: "tool-plan-delta", delta: { message: { toolPlan: "I will add." } } },
      {
        type: "tool-call-start",
        index: 0,
        delta: { message: { toolCalls: { id: "c1", type: "function", function: { name: "add", arguments: "" } } } },
      },
      ...pieces(ARGS).map((piece) => ({
        type: "tool-call-delta",
        index: 0,
        delta: { message: { toolCalls: { function: { arguments: piece } } } },
      })),
      { type: "tool-call-end", index: 0 },
      {
        type: "message-end",
        delta: { finishReason: "TOOL_CALL", usage: { tokens: { inputTokens: 20, outputTokens: 8 } } },
      },
    ],
    [
      { type: "content-delta", index: 0, delta: { message: { content: { text: "5" } } } },
      { type: "message-end", delta: { finishReason: "COMPLETE" } },
    ],
  ],
  ollama: [
    [
      { model: "llama3.1", message: { role: "assistant", content: "" }, done: false },
      {
        model: "llama3.1",
        message: {
          role: "assistant",
          content: "",
          tool_calls: [{ function: { name: "add", arguments: { a: 2, b: 3 } } }],
        },
        done: false,
      },
      {
        model: "llama3.1",
        message: { role: "assistant", content: "" },
        done: true,
        prompt_eval_count: 20,
        eval_count: 8,
      },
    ],
    [{ model: "llama3.1", message: { role: "assistant", content: "5" }, done: true, done_reason: "stop" }],
  ],
};

async function* events(list: readonly unknown[]): AsyncGenerator<unknown> {
  for (const event of list) yield event;
}

const more = suite("streamTools: Bedrock Converse, Mistral, Cohere and Ollama streams");

for (const [provider, [first, second]] of Object.entries(TURNS) as [Provider, readonly [unknown[], unknown[]]][]) {
  more(`${provider}: the call streams, runs, and the turn in the conversation is the whole response's`, async () => {
    const requests: Record<string, unknown>[] = [];
    let turn = 0;
    const seen: LoopEvent[] = await collect(
      streamTools({
        provider,
        // Bedrock's SDK answers ConverseStream with `{ stream }`; the others' SDKs with the stream itself.
        chat: (request: Record<string, unknown>) => {
          requests.push(request);
          const stream = events(turn++ === 0 ? first : second);
          return provider === "bedrock" ? { stream, $metadata: {} } : stream;
        },
        request: { model: "m", messages: [{ role: "user", content: "2 + 3?" }] },
        tools: [add],
      }),
    );
    const finish = seen.find((e) => e.type === "finish") as Extract<LoopEvent, { type: "finish" }>;
    assert.is(finish.text, "5");
    assert.is(finish.steps.length, 2);
    const step = finish.steps[0]!;
    assert.equal(
      step.calls.map((c) => [c.name, c.arguments]),
      [["add", { a: 2, b: 3 }]],
    );
    assert.equal(step.results[0]!.result, { success: true, value: 5 });
    // The rebuilt response reads as a whole one: the same calls, through the adapter.
    assert.equal(ADAPTERS[provider].calls(step.response), step.calls);
    if (provider !== "ollama" || step.usage) assert.is(step.usage?.inputTokens, 20);
    const start = seen.filter((e) => e.type === "tool-call-start");
    const deltas = seen.filter((e) => e.type === "tool-call-delta") as Extract<
      LoopEvent,
      { type: "tool-call-delta" }
    >[];
    assert.is(start.length, 1);
    assert.equal(deltas.at(-1)!.partial, { a: 2, b: 3 });
    assert.ok(deltas.every((d) => d.viable));
    // What the request asked for: a stream, in the provider's spelling (Bedrock's is its command, not a field).
    assert.is(requests[0]!.stream, provider === "bedrock" ? undefined : true);
    // The same events through createToolCallStream give the same call: one assembler.
    const stream = createToolCallStream(provider);
    for (const event of first) stream.push(event);
    assert.equal(stream.calls(), step.calls);
  });
}

more(
  "bedrock: the rebuilt response is what Converse answers, and the turn goes back as a Converse message",
  async () => {
    const seen = await collect(
      streamTools({
        provider: "bedrock",
        chat: () => ({ stream: events(TURNS.bedrock![0]) }),
        request: { modelId: "anthropic.claude", messages: [] },
        tools: [add],
        maxSteps: 1,
      }),
    );
    const finish = seen.find((e) => e.type === "finish") as Extract<LoopEvent, { type: "finish" }>;
    assert.equal(finish.steps[0]!.response, {
      output: {
        message: {
          role: "assistant",
          content: [{ text: "Adding." }, { toolUse: { toolUseId: "tu_1", name: "add", input: { a: 2, b: 3 } } }],
        },
      },
      stopReason: "tool_use",
      usage: { inputTokens: 20, outputTokens: 8, totalTokens: 28 },
      metrics: { latencyMs: 100 },
    });
    assert.equal(finish.messages[0], {
      role: "assistant",
      content: [{ text: "Adding." }, { toolUse: { toolUseId: "tu_1", name: "add", input: { a: 2, b: 3 } } }],
    });
    assert.equal(
      seen.filter((e) => e.type === "text-delta").map((e) => (e as { text: string }).text),
      ["Adding."],
    );
  },
);

more(
  "bedrock: a stream cut inside a call's input: the call is answered with the error, and the turn goes back with input {}",
  async () => {
    const cut = [
      { messageStart: { role: "assistant" } },
      { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: "tu_1", name: "add" } } } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '{"a": 2, "b' } } } },
    ];
    const seen = await collect(
      streamTools({
        provider: "bedrock",
        chat: () => ({ stream: events(cut) }),
        request: { modelId: "m", messages: [] },
        tools: [add],
        maxSteps: 1,
      }),
    );
    const finish = seen.find((e) => e.type === "finish") as Extract<LoopEvent, { type: "finish" }>;
    assert.equal(finish.messages[0], {
      role: "assistant",
      content: [{ toolUse: { toolUseId: "tu_1", name: "add", input: {} } }],
    });
    assert.is(finish.steps[0]!.results[0]!.result.success, false);
  },
);

more("bedrock: an exception event in the stream is a ProviderError naming it", async () => {
  const error = await collect(
    streamTools({
      provider: "bedrock",
      chat: () => ({
        stream: events([{ messageStart: { role: "assistant" } }, { throttlingException: { message: "Slow down" } }]),
      }),
      request: { modelId: "m", messages: [] },
      tools: [add],
    }),
  ).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.is(error?.name, "ProviderError");
  assert.match(error!.message, /bedrock sent an error: throttlingException: Slow down/);
});

more.run();
