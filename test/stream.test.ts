// createToolCallStream: assembling calls from each provider's stream events; partial arguments while streaming.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { createToolCallStream, type Provider } from "tooltype";

const ARGS = { location: "Paris, \"France\"", days: [1, 2, 3], note: "é😀\n" };
const TEXT = JSON.stringify(ARGS);

/** Splits text at the given cut points (sorted, within bounds). */
function split(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => Math.min(Math.max(c, 0), text.length)))].sort((a, b) => a - b);
  const out: string[] = [];
  let last = 0;
  for (const p of [...points, text.length]) {
    out.push(text.slice(last, p));
    last = p;
  }
  return out;
}

/** Each streaming provider's events for two calls whose argument texts arrive in the given pieces. */
const EVENTS: Partial<Record<Provider, (a: string[], b: string[]) => unknown[]>> = {
  openai: (a, b) => [
    { choices: [{ index: 0, delta: { role: "assistant", content: null } }] },
    { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "call_a", type: "function", function: { name: "get_weather", arguments: "" } }] } }] },
    ...a.map((piece) => ({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: piece } }] } }] })),
    { choices: [{ index: 0, delta: { tool_calls: [{ index: 1, id: "call_b", type: "function", function: { name: "echo", arguments: "" } }] } }] },
    ...b.map((piece) => ({ choices: [{ index: 0, delta: { tool_calls: [{ index: 1, function: { arguments: piece } }] } }] })),
    { choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
  ],
  mistral: (a, b) => [
    { data: { choices: [{ index: 0, delta: { toolCalls: [{ index: 0, id: "call_a", function: { name: "get_weather", arguments: "" } }] } }] } },
    ...a.map((piece) => ({ data: { choices: [{ index: 0, delta: { toolCalls: [{ index: 0, function: { arguments: piece } }] } }] } })),
    { data: { choices: [{ index: 0, delta: { toolCalls: [{ index: 1, id: "call_b", function: { name: "echo", arguments: "" } }] } }] } },
    ...b.map((piece) => ({ data: { choices: [{ index: 0, delta: { toolCalls: [{ index: 1, function: { arguments: piece } }] } }] } })),
  ],
  responses: (a, b) => [
    { type: "response.created", response: {} },
    { type: "response.output_item.added", output_index: 0, item: { type: "reasoning", id: "rs" } },
    { type: "response.output_item.added", output_index: 1, item: { type: "function_call", id: "fc_a", call_id: "call_a", name: "get_weather", arguments: "" } },
    ...a.map((delta) => ({ type: "response.function_call_arguments.delta", output_index: 1, item_id: "fc_a", delta })),
    { type: "response.function_call_arguments.done", output_index: 1, item_id: "fc_a", arguments: a.join("") },
    { type: "response.output_item.added", output_index: 2, item: { type: "function_call", id: "fc_b", call_id: "call_b", name: "echo", arguments: "" } },
    ...b.map((delta) => ({ type: "response.function_call_arguments.delta", output_index: 2, item_id: "fc_b", delta })),
    { type: "response.output_item.done", output_index: 2, item: { type: "function_call", id: "fc_b", call_id: "call_b", name: "echo", arguments: b.join("") } },
  ],
  anthropic: (a, b) => [
    { type: "message_start", message: { content: [] } },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Checking" } },
    { type: "content_block_stop", index: 0 },
    { type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "call_a", name: "get_weather", input: {} } },
    ...a.map((partial_json) => ({ type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json } })),
    { type: "content_block_stop", index: 1 },
    { type: "content_block_start", index: 2, content_block: { type: "tool_use", id: "call_b", name: "echo", input: {} } },
    ...b.map((partial_json) => ({ type: "content_block_delta", index: 2, delta: { type: "input_json_delta", partial_json } })),
    { type: "content_block_stop", index: 2 },
    { type: "message_delta", delta: { stop_reason: "tool_use" } },
  ],
  bedrock: (a, b) => [
    { messageStart: { role: "assistant" } },
    { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: "call_a", name: "get_weather" } } } },
    ...a.map((input) => ({ contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input } } } })),
    { contentBlockStop: { contentBlockIndex: 0 } },
    { contentBlockStart: { contentBlockIndex: 1, start: { toolUse: { toolUseId: "call_b", name: "echo" } } } },
    ...b.map((input) => ({ contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input } } } })),
    { contentBlockStop: { contentBlockIndex: 1 } },
  ],
  cohere: (a, b) => [
    { type: "message-start" },
    { type: "tool-plan-delta", delta: { message: { toolPlan: "plan" } } },
    { type: "tool-call-start", index: 0, delta: { message: { toolCalls: { id: "call_a", type: "function", function: { name: "get_weather", arguments: "" } } } } },
    ...a.map((args) => ({ type: "tool-call-delta", index: 0, delta: { message: { toolCalls: { function: { arguments: args } } } } })),
    { type: "tool-call-end", index: 0 },
    { type: "tool-call-start", index: 1, delta: { message: { toolCalls: { id: "call_b", type: "function", function: { name: "echo", arguments: "" } } } } },
    ...b.map((args) => ({ type: "tool-call-delta", index: 1, delta: { message: { toolCalls: { function: { arguments: args } } } } })),
    { type: "tool-call-end", index: 1 },
  ],
};

const streaming = suite("createToolCallStream: each provider's stream");

streaming("two calls assemble with ids, names and parsed arguments", () => {
  for (const [provider, events] of Object.entries(EVENTS) as [Provider, NonNullable<(typeof EVENTS)[Provider]>][]) {
    const stream = createToolCallStream(provider);
    for (const event of events(split(TEXT, [3, 9, 20, 21, 40]), ["{", '"x": 1}'])) stream.push(event);
    assert.equal(stream.calls(), [
      { id: "call_a", name: "get_weather", arguments: ARGS },
      { id: "call_b", name: "echo", arguments: { x: 1 } },
    ], provider);
    assert.ok(stream.partial().every((c) => c.done), provider);
  }
});

streaming("parallel calls that share an index (or have none) stay apart by id; a name repeated in every delta is not doubled", () => {
  // Mistral and some OpenAI-compatible servers send each parallel call whole, all with index 0 or no index.
  for (const index of [0, undefined]) {
    const mistral = createToolCallStream("mistral");
    mistral.push({ data: { choices: [{ index: 0, delta: { toolCalls: [{ index, id: "a", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] } }] } });
    mistral.push({ data: { choices: [{ index: 0, delta: { toolCalls: [{ index, id: "b", function: { name: "get_time", arguments: '{"tz":"CET"}' } }] } }] } });
    assert.equal(mistral.calls(), [
      { id: "a", name: "get_weather", arguments: { city: "Paris" } },
      { id: "b", name: "get_time", arguments: { tz: "CET" } },
    ], String(index));
  }
  const openai = createToolCallStream("openai");
  openai.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "c", function: { name: "get_", arguments: "" } }] } }] });
  openai.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { name: "weather", arguments: '{"city":' } }] } }] });
  openai.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "c", function: { name: "get_weather", arguments: '"Rome"}' } }] } }] });
  assert.equal(openai.calls(), [{ id: "c", name: "get_weather", arguments: { city: "Rome" } }]);
  // A server that sends a fresh id on every delta of one call (no name after the first) keeps one call;
  // name pieces that happen to be equal are still joined.
  const fresh = createToolCallStream("openai");
  fresh.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "x1", function: { name: "go", arguments: "" } }] } }] });
  fresh.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { name: "go", arguments: '{"a":' } }] } }] });
  fresh.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "x2", function: { arguments: "1}" } }] } }] });
  assert.equal(fresh.calls().map((c) => [c.name, c.arguments]), [["gogo", { a: 1 }]]);
});

streaming("whole calls per chunk: Gemini, Ollama, MCP", () => {
  const gemini = createToolCallStream("gemini");
  gemini.push({ candidates: [{ content: { parts: [{ text: "hi" }] } }] });
  gemini.push({ candidates: [{ content: { parts: [{ functionCall: { name: "get_weather", args: ARGS } }] } }] });
  gemini.push({ candidates: [{ content: { parts: [{ functionCall: { id: "g2", name: "echo", args: { x: 1 } } }] } }] });
  assert.equal(gemini.calls(), [
    { id: "tooltype_call_0_get_weather", name: "get_weather", arguments: ARGS },
    { id: "g2", name: "echo", arguments: { x: 1 } },
  ]);
  const ollama = createToolCallStream("ollama");
  ollama.push({ message: { role: "assistant", content: "", tool_calls: [{ function: { name: "echo", arguments: { x: 1 } } }] }, done: false });
  assert.equal(ollama.calls(), [{ id: "tooltype_call_0_echo", name: "echo", arguments: { x: 1 } }]);
  const mcp = createToolCallStream("mcp");
  mcp.push({ content: [{ type: "tool_use", id: "t", name: "echo", input: { x: 1 } }] });
  assert.equal(mcp.calls(), [{ id: "t", name: "echo", arguments: { x: 1 } }]);
});

streaming("partial(): arguments fill in while they stream; a half-streamed string shows its prefix", () => {
  const stream = createToolCallStream("openai");
  const events = EVENTS.openai!(split(TEXT, [14, 30]), []);
  stream.push(events[0]);
  stream.push(events[1]);
  assert.equal(stream.partial(), [{ id: "call_a", name: "get_weather", arguments: {}, text: "", done: false }]);
  stream.push(events[2]); // {"location":"P
  const first = stream.partial()[0]!;
  assert.equal(first.arguments, { location: "P" });
  assert.is(first.text, '{"location":"P');
  assert.not.ok(first.done);
  stream.push(events[3]);
  stream.push(events[4]);
  assert.equal(stream.partial()[0]!.arguments, ARGS);
  assert.ok(stream.partial()[0]!.done);
});

streaming("truncated or malformed arguments come out as their raw text, to be reported", () => {
  const stream = createToolCallStream("anthropic");
  stream.push({ type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "a", name: "echo", input: {} } });
  stream.push({ type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"x": tru' } });
  assert.equal(stream.calls(), [{ id: "a", name: "echo", arguments: '{"x": tru' }]);
  const bad = createToolCallStream("openai");
  bad.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "b", function: { name: "echo", arguments: '{"x" 1}' } }] } }] });
  assert.equal(bad.calls()[0]!.arguments, '{"x" 1}');
});

streaming("a call with no argument events has empty arguments; junk events are ignored", () => {
  const stream = createToolCallStream("anthropic");
  for (const junk of [null, 1, "x", [], { type: "ping" }, { type: "content_block_stop", index: 9 }]) stream.push(junk);
  stream.push({ type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "n", name: "now", input: {} } });
  stream.push({ type: "content_block_stop", index: 0 });
  assert.equal(stream.calls(), [{ id: "n", name: "now", arguments: {} }]);
  assert.throws(() => createToolCallStream("palm" as Provider), /unknown provider "palm"/);
});

streaming("property: any split of the argument text assembles the same call, for every streaming provider", () => {
  fc.assert(
    fc.property(fc.jsonValue().map((v) => ({ v })), fc.array(fc.nat(), { maxLength: 12 }), fc.constantFrom(...(Object.keys(EVENTS) as Provider[])), (value, cuts, provider) => {
      const text = JSON.stringify(value);
      const stream = createToolCallStream(provider);
      for (const event of EVENTS[provider]!(split(text, cuts), ["{}"])) stream.push(event);
      assert.equal(stream.calls()[0]!.arguments, JSON.parse(text));
    }),
    { numRuns: 300 },
  );
});

streaming("a 1 MB argument in 1,000 chunks, partial() after each: the pieces are never re-parsed", () => {
  const big = JSON.stringify({ code: "x\\n\"y\" ".repeat(1 << 17) });
  const pieces = split(big, Array.from({ length: 999 }, (_, i) => Math.floor(((i + 1) * big.length) / 1000)));
  const stream = createToolCallStream("openai");
  stream.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "c", function: { name: "run", arguments: "" } }] } }] });
  let seen = 0;
  for (const piece of pieces) {
    stream.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: piece } }] } }] });
    const code = (stream.partial()[0]!.arguments as { code?: string }).code;
    assert.ok(code === undefined || code.length >= seen);
    seen = code?.length ?? 0;
  }
  assert.equal(stream.calls()[0]!.arguments, JSON.parse(big));
});

streaming.run();
