// Bedrock Converse through the real AWS SDK (`@aws-sdk/client-bedrock-runtime`): the SDK's client is given a
// request handler that answers as the service does (JSON for Converse, binary event-stream frames written by the
// SDK's own codec for ConverseStream), so the objects tooltype reads are the ones the SDK really yields, and what
// tooltype answers is what the SDK really serializes and sends (a member it does not know would be dropped).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  BedrockRuntimeClient,
  ConverseCommand,
  ConverseStreamCommand,
  type ConverseCommandInput,
} from "@aws-sdk/client-bedrock-runtime";
import { EventStreamCodec } from "@smithy/core/event-streams";
import {
  t,
  tool,
  ToolRegistry,
  adapterOf,
  createToolCallStream,
  parseToolCalls,
  runTools,
  streamTools,
} from "tooltype";
import { httpChat } from "tooltype/agent";
import { bedrock } from "tooltype/providers/bedrock";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const codec = new EventStreamCodec(
  (bytes) => decoder.decode(bytes),
  (text) => encoder.encode(text),
);

/** One event-stream frame, as the service writes an event. */
const frame = (type: string, payload: object): Uint8Array =>
  codec.encode({
    headers: {
      ":message-type": { type: "string", value: "event" },
      ":event-type": { type: "string", value: type },
      ":content-type": { type: "string", value: "application/json" },
    },
    body: encoder.encode(JSON.stringify(payload)),
  });

interface Answer {
  readonly contentType: string;
  readonly chunks: readonly Uint8Array[];
}

/** A client whose service plays `answers` in order and keeps each request's path and JSON body. */
function fakeBedrock(answers: Answer[]) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const client = new BedrockRuntimeClient({
    region: "us-east-1",
    credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
    requestHandler: {
      handle: async (request: { path: string; body?: unknown }) => {
        sent.push({ path: request.path, body: JSON.parse(String(request.body ?? "{}")) });
        const answer = answers.shift();
        if (!answer) throw new Error("the fake service has no more answers");
        return {
          response: {
            statusCode: 200,
            headers: { "content-type": answer.contentType },
            body: new Blob(answer.chunks as BlobPart[]).stream(),
          },
        };
      },
    },
  });
  return { client, sent };
}

const json = (value: object): Answer => ({
  contentType: "application/json",
  chunks: [encoder.encode(JSON.stringify(value))],
});

const weather = tool({
  name: "get_weather",
  description: "Current weather for a city.",
  parameters: t.object({ city: t.string(), unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }) }),
  execute: ({ city, unit }) => ({ city, temperature: unit === "celsius" ? 21 : 70 }),
});
const time = tool({
  name: "get_time",
  description: "Local time.",
  parameters: t.object({}),
  execute: () => "12:00",
});

const callsResponse = {
  output: {
    message: {
      role: "assistant",
      content: [
        { text: "Checking." },
        { toolUse: { toolUseId: "tooluse_a", name: "get_weather", input: { city: "Paris" } } },
        { toolUse: { toolUseId: "tooluse_b", name: "get_time", input: {} } },
      ],
    },
  },
  stopReason: "tool_use",
  usage: { inputTokens: 30, outputTokens: 12, totalTokens: 42 },
  metrics: { latencyMs: 100 },
};
const textResponse = {
  output: { message: { role: "assistant", content: [{ text: "21 °C in Paris at 12:00." }] } },
  stopReason: "end_turn",
  usage: { inputTokens: 60, outputTokens: 9, totalTokens: 69 },
  metrics: { latencyMs: 80 },
};

const streamed: Answer = {
  contentType: "application/vnd.amazon.eventstream",
  chunks: [
    frame("messageStart", { role: "assistant" }),
    frame("contentBlockDelta", { contentBlockIndex: 0, delta: { text: "Checking." } }),
    frame("contentBlockStop", { contentBlockIndex: 0 }),
    frame("contentBlockStart", {
      contentBlockIndex: 1,
      start: { toolUse: { toolUseId: "tooluse_a", name: "get_weather" } },
    }),
    frame("contentBlockDelta", { contentBlockIndex: 1, delta: { toolUse: { input: '{"ci' } } }),
    frame("contentBlockDelta", { contentBlockIndex: 1, delta: { toolUse: { input: 'ty":"Paris"}' } } }),
    frame("contentBlockStop", { contentBlockIndex: 1 }),
    frame("contentBlockStart", {
      contentBlockIndex: 2,
      start: { toolUse: { toolUseId: "tooluse_b", name: "get_time" } },
    }),
    frame("contentBlockDelta", { contentBlockIndex: 2, delta: { toolUse: { input: "" } } }),
    frame("contentBlockStop", { contentBlockIndex: 2 }),
    frame("messageStop", { stopReason: "tool_use" }),
    frame("metadata", { usage: { inputTokens: 30, outputTokens: 12, totalTokens: 42 }, metrics: { latencyMs: 100 } }),
  ],
};

const input = (messages: unknown[]): ConverseCommandInput =>
  ({ modelId: "anthropic.claude-sonnet-4", messages }) as ConverseCommandInput;
const question = { role: "user", content: [{ text: "Weather and time in Paris?" }] };

const sdk = suite("Bedrock Converse through the real AWS SDK");

sdk("calls from the SDK's Converse output; the answers the SDK serializes are the ones tooltype wrote", async () => {
  const { client, sent } = fakeBedrock([json(callsResponse), json(textResponse)]);
  const response = await client.send(new ConverseCommand(input([question])));
  const calls = parseToolCalls(response, "bedrock");
  assert.equal(calls, [
    { id: "tooluse_a", name: "get_weather", arguments: { city: "Paris" } },
    { id: "tooluse_b", name: "get_time", arguments: {} },
  ]);
  const bedrock = adapterOf("bedrock");
  const results = await new ToolRegistry().register(weather, time).executeAll(calls);
  const turn = [...bedrock.assistantMessages(response), ...bedrock.toolMessages(results)];
  await client.send(new ConverseCommand(input([question, ...turn])));
  assert.is(sent[1]!.path, "/model/anthropic.claude-sonnet-4/converse");
  // The SDK drops what its model does not know: the body it sent holds tooltype's turn unchanged.
  assert.equal(sent[1]!.body.messages, JSON.parse(JSON.stringify([question, ...turn])));
  const answers = (sent[1]!.body.messages as { content: { toolResult?: { toolUseId: string } }[] }[])
    .flatMap((m) => m.content)
    .flatMap((c) => (c.toolResult ? [c.toolResult.toolUseId] : []));
  assert.equal(answers, ["tooluse_a", "tooluse_b"]);
});

sdk("the SDK's ConverseStream events assemble into the same calls", async () => {
  const { client } = fakeBedrock([streamed]);
  const output = await client.send(new ConverseStreamCommand(input([question])));
  const stream = createToolCallStream("bedrock");
  let events = 0;
  for await (const event of output.stream!) {
    events++;
    stream.push(event);
  }
  assert.is(events, streamed.chunks.length);
  assert.equal(stream.calls(), [
    { id: "tooluse_a", name: "get_weather", arguments: { city: "Paris" } },
    { id: "tooluse_b", name: "get_time", arguments: {} },
  ]);
});

sdk("runTools with the SDK's Converse as its chat: calls run, answers go back, usage adds up", async () => {
  const { client, sent } = fakeBedrock([json(callsResponse), json(textResponse)]);
  const result = await runTools({
    provider: "bedrock",
    chat: (request) => client.send(new ConverseCommand(request as ConverseCommandInput)),
    request: input([question]),
    tools: [weather, time],
  });
  assert.is(result.text, "21 °C in Paris at 12:00.");
  assert.is(result.finishReason, "stop");
  assert.equal(result.usage && [result.usage.inputTokens, result.usage.outputTokens], [90, 21]);
  const toolConfig = sent[0]!.body.toolConfig as { tools: { toolSpec: { name: string } }[] };
  assert.equal(
    toolConfig.tools.map((x) => x.toolSpec.name),
    ["get_weather", "get_time"],
  );
  const last = (sent[1]!.body.messages as { content: { toolResult?: { content: unknown[] } }[] }[]).at(-1)!;
  assert.equal(last.content[0]!.toolResult!.content, [{ json: { city: "Paris", temperature: 21 } }]);
});

sdk(
  "the loop streams the SDK's ConverseStream: deltas as they come, the calls run, the rebuilt turn goes back",
  async () => {
    const { client, sent } = fakeBedrock([streamed, json(textResponse)]);
    let streaming = true;
    const events: string[] = [];
    for await (const event of streamTools({
      provider: "bedrock",
      chat: (request) =>
        streaming
          ? ((streaming = false), client.send(new ConverseStreamCommand(request as ConverseCommandInput)))
          : client.send(new ConverseCommand(request as ConverseCommandInput)),
      request: input([question]),
      tools: [weather, time],
    })) {
      if (event.type === "tool-call-delta") events.push(`delta ${event.name} ${event.delta}`);
      if (event.type === "text-delta") events.push(`text ${event.text}`);
      if (event.type === "tool-result") events.push(`result ${event.id}`);
      if (event.type === "finish") events.push(`finish ${event.text}`);
    }
    assert.equal(events, [
      "text Checking.",
      'delta get_weather {"ci',
      'delta get_weather ty":"Paris"}',
      "result tooluse_a",
      "result tooluse_b",
      "finish 21 °C in Paris at 12:00.",
    ]);
    assert.is(sent[0]!.path, "/model/anthropic.claude-sonnet-4/converse-stream");
    // The second request carries the streamed turn rebuilt as Converse content, then the answers.
    const [, assistant, answers] = sent[1]!.body.messages as { role: string; content: Record<string, unknown>[] }[];
    assert.equal(assistant, {
      role: "assistant",
      content: [
        { text: "Checking." },
        { toolUse: { toolUseId: "tooluse_a", name: "get_weather", input: { city: "Paris" } } },
        { toolUse: { toolUseId: "tooluse_b", name: "get_time", input: {} } },
      ],
    });
    assert.is(answers!.content.length, 2);
  },
);

sdk('httpChat("bedrock"): the SDK\'s wire, no SDK: a bearer key, the event stream read as it arrives', async () => {
  const requests: { url: string; headers: Record<string, string>; body: Record<string, unknown> }[] = [];
  const frames = streamed.chunks;
  const answersFor = [
    () =>
      new Response(new Blob(frames as BlobPart[]).stream(), {
        headers: { "content-type": "application/vnd.amazon.eventstream" },
      }),
    () =>
      new Response(
        new Blob([
          frame("messageStart", { role: "assistant" }),
          frame("contentBlockDelta", { contentBlockIndex: 0, delta: { text: "Sunny." } }),
          frame("contentBlockStop", { contentBlockIndex: 0 }),
          frame("messageStop", { stopReason: "end_turn" }),
          frame("metadata", {
            usage: { inputTokens: 60, outputTokens: 2, totalTokens: 62 },
            metrics: { latencyMs: 1 },
          }),
        ] as BlobPart[]).stream(),
        { headers: { "content-type": "application/vnd.amazon.eventstream" } },
      ),
  ];
  const chat = httpChat(bedrock, {
    apiKey: "bedrock-api-key",
    baseURL: "https://bedrock-runtime.eu-west-1.amazonaws.com/",
    fetch: async (url, init) => {
      requests.push({ url, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
      return answersFor[requests.length - 1]!();
    },
  });
  const result = await runTools({ provider: "bedrock", chat, request: input([question]), tools: [weather, time] });
  assert.is(result.text, "Sunny.");
  assert.equal(result.usage && [result.usage.inputTokens, result.usage.outputTokens], [90, 14]);
  assert.is(
    requests[0]!.url,
    "https://bedrock-runtime.eu-west-1.amazonaws.com/model/anthropic.claude-sonnet-4/converse-stream",
  );
  assert.is(requests[0]!.headers.authorization, "Bearer bedrock-api-key");
  assert.not.ok("modelId" in requests[0]!.body, "the model is in the path");
  const last = (requests[1]!.body.messages as { content: { toolResult?: { toolUseId: string } }[] }[]).at(-1)!;
  assert.equal(
    last.content.map((c) => c.toolResult?.toolUseId),
    ["tooluse_a", "tooluse_b"],
  );
});

sdk.run();
