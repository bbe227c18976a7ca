// The streaming loop beside its peers: one turn of N parallel calls whose arguments stream in 10-character deltas,
// run, answered, then a text turn, by tooltype's streamTools and the AI SDK's streamText (its own mock model, so
// neither side does I/O). Each pair runs interleaved, in alternating order (pairedRuns), at 1, 10, 100 and 300 calls.
import { streamText, stepCountIs, jsonSchema, tool as aiTool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { Agent, Runner, tool as agentsTool, type Model } from "@openai/agents";
import { streamTools, t, tool } from "../src/index.js";
import { consume, pairedRuns, type Measured } from "./measure.js";

const pieces = (text: string): string[] => text.match(/[\s\S]{1,10}/g) ?? [];
const argsOf = (i: number) => JSON.stringify({ city: `City number ${i}`, unit: "celsius" });

// OpenAI chat completion chunks, as the SDK's stream yields them: each call's arguments in 10-character deltas.
function openaiChunks(calls: number): unknown[] {
  const chunks: unknown[] = [];
  const delta = (d: object, finish: string | null = null) => ({
    id: "c",
    choices: [{ index: 0, delta: d, finish_reason: finish }],
  });
  for (let i = 0; i < calls; i++) {
    chunks.push(
      delta({
        tool_calls: [{ index: i, id: `call_${i}`, type: "function", function: { name: "weather", arguments: "" } }],
      }),
    );
    for (const piece of pieces(argsOf(i)))
      chunks.push(delta({ tool_calls: [{ index: i, function: { arguments: piece } }] }));
  }
  chunks.push(delta({}, "tool_calls"));
  return chunks;
}
const textChunks = [{ id: "c", choices: [{ index: 0, delta: { content: "Done." }, finish_reason: "stop" }] }];

async function* replay(chunks: readonly unknown[]): AsyncGenerator<unknown> {
  for (const chunk of chunks) yield chunk;
}

function tooltypeRun(calls: number): () => Promise<number> {
  const weather = tool({
    name: "weather",
    description: "Weather.",
    parameters: t.object({ city: t.string(), unit: t.string() }),
    execute: ({ city }) => `Sunny in ${city}`,
  });
  const first = openaiChunks(calls);
  return async () => {
    let turn = 0;
    let events = 0;
    for await (const _ of streamTools({
      provider: "openai",
      chat: () => replay(turn++ === 0 ? first : textChunks),
      request: { model: "m", messages: [{ role: "user", content: "Weather?" }] },
      tools: [weather],
    }))
      events++;
    return events;
  };
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
function aiParts(calls: number): unknown[] {
  const parts: unknown[] = [{ type: "stream-start", warnings: [] }];
  for (let i = 0; i < calls; i++) {
    const id = `call_${i}`;
    parts.push({ type: "tool-input-start", id, toolName: "weather" });
    for (const piece of pieces(argsOf(i))) parts.push({ type: "tool-input-delta", id, delta: piece });
    parts.push({ type: "tool-input-end", id });
    parts.push({ type: "tool-call", toolCallId: id, toolName: "weather", input: argsOf(i) });
  }
  parts.push({ type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage });
  return parts;
}
const aiText = [
  { type: "stream-start", warnings: [] },
  { type: "text-start", id: "t" },
  { type: "text-delta", id: "t", delta: "Done." },
  { type: "text-end", id: "t" },
  { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
];
const streamOf = (parts: readonly unknown[]) =>
  new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });

function aiSdkRun(calls: number): () => Promise<number> {
  const first = aiParts(calls);
  const weather = aiTool({
    description: "Weather.",
    inputSchema: jsonSchema<{ city: string; unit: string }>({
      type: "object",
      properties: { city: { type: "string" }, unit: { type: "string" } },
      required: ["city", "unit"],
    }),
    execute: async ({ city }) => `Sunny in ${city}`,
  });
  return async () => {
    let turn = 0;
    const model = new MockLanguageModelV4({
      doStream: async () => ({ stream: streamOf(turn++ === 0 ? first : aiText) }) as never,
    });
    const result = streamText({ model, prompt: "Weather?", tools: { weather }, stopWhen: stepCountIs(2) });
    let events = 0;
    for await (const _ of result.fullStream) events++;
    return events;
  };
}

// The Agents SDK streamed (run with stream: true): its model protocol gives a turn's calls whole (response_done),
// not as argument deltas, so its side parses less than the other two.
function agentsRun(calls: number): () => Promise<number> {
  const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
  const first = Array.from({ length: calls }, (_, i) => ({
    type: "function_call" as const,
    callId: `call_${i}`,
    name: "weather",
    arguments: argsOf(i),
    status: "completed" as const,
  }));
  const text = [
    {
      type: "message" as const,
      role: "assistant" as const,
      status: "completed" as const,
      content: [{ type: "output_text" as const, text: "Done." }],
    },
  ];
  const weather = agentsTool({
    name: "weather",
    description: "Weather.",
    strict: false,
    parameters: {
      type: "object",
      properties: { city: { type: "string" }, unit: { type: "string" } },
      required: ["city", "unit"],
      additionalProperties: true,
    },
    execute: async (input) => `Sunny in ${(input as { city: string }).city}`,
  });
  return async () => {
    let turn = 0;
    const model: Model = {
      getResponse: async () => {
        throw new Error("streamed only");
      },
      async *getStreamedResponse() {
        const output = turn++ === 0 ? first : text;
        yield { type: "response_done", response: { id: `r${turn}`, usage, output } } as never;
      },
    };
    const agent = new Agent({ name: "Weather", instructions: "Use the tool.", model, tools: [weather] });
    const result = await new Runner({ tracingDisabled: true }).run(agent, "Weather?", { stream: true });
    let events = 0;
    for await (const _ of result) events++;
    await result.completed;
    return events;
  };
}

/**
 * streamTools ÷ the Agents SDK's streamed run at each size, medians of interleaved runs.
 *
 * @example
 * for (const row of await agentsPeers(7)) console.log(row.calls, row.measured.ratio);
 */
export async function agentsPeers(runs: number): Promise<{ calls: number; measured: Measured }[]> {
  const out: { calls: number; measured: Measured }[] = [];
  for (const calls of [1, 10, 100, 300]) {
    const ours = tooltypeRun(calls);
    const theirs = agentsRun(calls);
    const [a, b] = [await ours(), await theirs()];
    if (!(a > calls && b > calls)) throw new Error(`agents peers: too few events at ${calls} calls (${a}, ${b})`);
    consume(await pairedRuns(ours, theirs, 1)); // warm up
    out.push({ calls, measured: await pairedRuns(ours, theirs, runs) });
  }
  return out;
}

/**
 * streamTools ÷ streamText at each size (below 1: tooltype is faster), medians of interleaved runs.
 *
 * @example
 * for (const row of await agentPeers(7)) console.log(row.calls, row.measured.ratio);
 */
export async function agentPeers(runs: number): Promise<{ calls: number; measured: Measured }[]> {
  const out: { calls: number; measured: Measured }[] = [];
  for (const calls of [1, 10, 100, 300]) {
    const ours = tooltypeRun(calls);
    const theirs = aiSdkRun(calls);
    const [a, b] = [await ours(), await theirs()];
    if (!(a > calls && b > calls)) throw new Error(`agent peers: too few events at ${calls} calls (${a}, ${b})`);
    consume(await pairedRuns(ours, theirs, 1)); // warm up
    out.push({ calls, measured: await pairedRuns(ours, theirs, runs) });
  }
  return out;
}
