// OpenAI-compatible servers (vLLM, Ollama, LiteLLM, OpenRouter, Groq, ...) stream tool calls in ways OpenAI
// does not: a second call at an index already used, a name repeated on every delta, arguments as an object,
// an empty string for no arguments, no `type`, calls under finish_reason "stop". Both assemblers (the
// loop's and createToolCallStream) read each one right.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, tool, createToolCallStream, streamTools, type LoopEvent } from "tooltype";

const compat = suite("OpenAI-compatible streams: calls assembled as the servers send them");

type Piece = { index?: number; id?: string; type?: string; function?: { name?: string; arguments?: unknown } };
const chunk = (pieces: Piece[], finish: string | null = null) => ({
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  model: "m",
  choices: [{ index: 0, delta: { tool_calls: pieces }, finish_reason: finish }],
});
const end = (finish = "tool_calls") => ({
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  model: "m",
  choices: [{ index: 0, delta: {}, finish_reason: finish }],
});

/** What both assemblers make of the chunks: createToolCallStream's calls, and the calls the loop ran. */
async function assembled(chunks: object[]) {
  const stream = createToolCallStream("openai");
  for (const c of chunks) stream.push(c);
  const ran: { name: string; args: unknown }[] = [];
  const tools = ["add_task", "get_weather", "ping"].map((name) =>
    tool({
      name,
      description: `${name}.`,
      parameters: t.record(t.any()),
      execute: (args) => (ran.push({ name, args }), "ok"),
    }),
  );
  let n = 0;
  const chat = () => {
    const turn = n++;
    return (async function* () {
      if (turn === 0) yield* chunks;
      else
        yield {
          id: "chatcmpl-2",
          object: "chat.completion.chunk",
          model: "m",
          choices: [{ index: 0, delta: { content: "done" }, finish_reason: "stop" }],
        };
    })();
  };
  const events: LoopEvent[] = [];
  for await (const event of streamTools({
    provider: "openai",
    chat,
    request: { model: "m", messages: [{ role: "user", content: "go" }] },
    tools,
  }))
    events.push(event);
  const loopCalls = events
    .filter((e): e is Extract<LoopEvent, { type: "tool-call" }> => e.type === "tool-call")
    .map((e) => ({ id: e.call.id, name: e.call.name, arguments: e.call.arguments }));
  return { stream: stream.calls(), loop: loopCalls, ran };
}

compat(
  "a second call at a reused index, with a new name and no id, is a new call (not one named add_taskadd_task)",
  async () => {
    const { stream, loop, ran } = await assembled([
      chunk([{ index: 0, id: "call_a", type: "function", function: { name: "add_task", arguments: "" } }]),
      chunk([{ index: 0, function: { arguments: '{"title":"milk"}' } }]),
      chunk([{ index: 0, function: { name: "add_task", arguments: '{"title":"eggs"}' } }]),
      end(),
    ]);
    for (const calls of [stream, loop]) {
      assert.equal(
        calls.map((c) => [c.name, c.arguments]),
        [
          ["add_task", { title: "milk" }],
          ["add_task", { title: "eggs" }],
        ],
      );
      assert.is(calls[0]!.id, "call_a");
      assert.ok(calls[1]!.id && calls[1]!.id !== "call_a", `the second call gets an id of its own: ${calls[1]!.id}`);
    }
    assert.equal(
      ran.map((r) => r.args),
      [{ title: "milk" }, { title: "eggs" }],
    );
  },
);

compat(
  "a new call at a reused index with a new id and name; a name repeated on every delta is not joined",
  async () => {
    const { stream, loop } = await assembled([
      chunk([{ index: 0, id: "call_1", function: { name: "get_weather", arguments: '{"city":' } }]),
      chunk([{ index: 0, id: "call_1", function: { name: "get_weather", arguments: '"Oslo"}' } }]),
      chunk([{ index: 0, id: "call_2", function: { name: "ping", arguments: "{}" } }]),
      end(),
    ]);
    for (const calls of [stream, loop])
      assert.equal(calls, [
        { id: "call_1", name: "get_weather", arguments: { city: "Oslo" } },
        { id: "call_2", name: "ping", arguments: {} },
      ]);
  },
);

compat("the name repeated without the id on every delta of one call", async () => {
  const { stream, loop } = await assembled([
    chunk([{ index: 0, id: "call_1", function: { name: "get_weather", arguments: '{"ci' } }]),
    chunk([{ index: 0, function: { name: "get_weather", arguments: 'ty":"Rome"}' } }]),
    end(),
  ]);
  for (const calls of [stream, loop])
    assert.equal(calls, [{ id: "call_1", name: "get_weather", arguments: { city: "Rome" } }]);
});

compat(
  "arguments sent as an object; an empty string for a call without arguments; no type; calls under finish_reason stop",
  async () => {
    const { stream, loop, ran } = await assembled([
      chunk([{ index: 0, id: "call_1", function: { name: "get_weather", arguments: { city: "Lima" } } }]),
      chunk([{ index: 1, id: "call_2", function: { name: "ping", arguments: "" } }]),
      end("stop"),
    ]);
    for (const calls of [stream, loop])
      assert.equal(calls, [
        { id: "call_1", name: "get_weather", arguments: { city: "Lima" } },
        { id: "call_2", name: "ping", arguments: {} },
      ]);
    assert.equal(
      ran,
      [
        { name: "get_weather", args: { city: "Lima" } },
        { name: "ping", args: {} },
      ],
      "both ran",
    );
  },
);

compat("a name sent in pieces before any argument is still joined", async () => {
  const { stream, loop } = await assembled([
    chunk([{ index: 0, id: "call_1", function: { name: "get_" } }]),
    chunk([{ index: 0, function: { name: "weather", arguments: '{"city":"Kyiv"}' } }]),
    end(),
  ]);
  for (const calls of [stream, loop])
    assert.equal(calls, [{ id: "call_1", name: "get_weather", arguments: { city: "Kyiv" } }]);
});

compat.run();
