// Streams and responses recorded from the real Anthropic and Vertex AI APIs by another project (test/fixtures/recorded/, sources in
// its SOURCES.md), read in every path: createToolCallStream, the loop's streamed turn, and the whole response. The
// expected calls are written here from the Messages API's documentation of each block (a tool_use is a call to run,
// its `input` may come whole in content_block_start or message_start; a server_tool_use is run by Anthropic and its
// result follows in the same turn), with the ids, names and inputs the recording carries, never computed from the
// fixture by the code under test.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createToolCallStream, parseToolCalls } from "tooltype/calls";
import { streamTools, runTools } from "tooltype/agent";
import { anthropic, anthropicStream, toAnthropicFormat } from "tooltype/providers/anthropic";
import { t, tool } from "tooltype";
import programmaticChunks from "../fixtures/recorded/anthropic/anthropic-programmatic-tool-calling.1.chunks.txt";
import programmaticWhole from "../fixtures/recorded/anthropic/anthropic-programmatic-tool-calling.1.json";
import searchChunks from "../fixtures/recorded/anthropic/anthropic-web-search-tool.1.chunks.txt";
import searchWhole from "../fixtures/recorded/anthropic/anthropic-web-search-tool.1.json";
import { gemini, geminiStream } from "tooltype/providers/gemini";
import { responses, responsesStream } from "tooltype/providers/responses";
import interpreterChunks from "../fixtures/recorded/responses/openai-code-interpreter-tool.1.chunks.txt";
import interpreterWhole from "../fixtures/recorded/responses/openai-code-interpreter-tool.1.json";
import vertexChunks from "../fixtures/recorded/gemini/google-vertex-stream-tool-call-arguments-nested.1.chunks.txt";

const recorded = suite("recorded streams and responses (Anthropic, Vertex AI, OpenAI Responses)");

/** The recording's events, one turn (message_start to message_stop) per list. */
function eventTurns(text: string): object[][] {
  const out: object[][] = [];
  for (const line of text.split("\n").filter(Boolean)) {
    const event = JSON.parse(line) as { type: string };
    if (event.type === "message_start") out.push([]);
    out.at(-1)!.push(event);
  }
  return out;
}

const SERVER_CALLER = { type: "code_execution_20250825", tool_id: "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK" };
// The calls each turn asks tooltype to run: the first turn's tool_use comes with its input whole in
// content_block_start (after the server_tool_use that runs the program); each later tool_use comes whole in
// message_start; the last turn answers in text.
// Each tool_use says the program made it (`caller: { type: "code_execution_20250825", tool_id }`): the calls carry
// that caller as `{ type, programId }`.
const PROGRAM = { type: "code_execution_20250825", programId: SERVER_CALLER.tool_id };
const FIRST = {
  id: "toolu_019jKkXz4jAdwHweHBw92CVY",
  name: "rollDie",
  arguments: { player: "player1" },
  caller: PROGRAM,
};
const SECOND = {
  id: "toolu_015dGLMbwBKv1ZRQr6KdJzeH",
  name: "rollDie",
  arguments: { player: "player2" },
  caller: PROGRAM,
};

recorded("createToolCallStream: programmatic tool calling; server_tool_use is no call to run", () => {
  const all = eventTurns(programmaticChunks);
  assert.is(all.length, 15);
  const callsOf = (events: object[]) => {
    const stream = createToolCallStream(anthropicStream);
    for (const event of events) stream.push(event);
    return stream.calls();
  };
  assert.equal(callsOf(all[0]!), [FIRST]);
  assert.equal(callsOf(all[1]!), [SECOND]);
  assert.equal(callsOf(all.at(-1)!), []);
  for (const events of all.slice(1, -1)) assert.equal(callsOf(events)[0]!.caller, PROGRAM);
  const partial = createToolCallStream(anthropicStream);
  for (const event of all[0]!) partial.push(event);
  assert.equal(
    partial.partial().map((c) => [c.id, c.caller]),
    [[FIRST.id, PROGRAM]],
  );
});

recorded("createToolCallStream: a web search run by Anthropic gives no call", () => {
  const [events] = eventTurns(searchChunks);
  const stream = createToolCallStream(anthropicStream);
  for (const event of events!) stream.push(event);
  assert.equal(stream.calls(), []);
});

const rolls: string[] = [];
const rollDie = tool({
  name: "rollDie",
  description: "Rolls a die for a player.",
  parameters: t.object({ player: t.string() }),
  allowedCallers: ["code_execution_20250825"],
  execute: ({ player }) => {
    rolls.push(player);
    return String(rolls.length % 6 || 6);
  },
});

recorded("allowedCallers: Anthropic's allowed_callers; a wrong value is a clear error", () => {
  assert.equal(toAnthropicFormat(rollDie).allowed_callers, ["code_execution_20250825"]);
  assert.throws(
    () =>
      tool({
        name: "x",
        description: "X.",
        parameters: t.object({}),
        allowedCallers: "code" as never,
        execute: () => 1,
      }),
    /allowedCallers must be a list of caller names/,
  );
});

recorded(
  "the loop's streamed turns: each program call runs, server blocks and callers go back as they came",
  async () => {
    const all = eventTurns(programmaticChunks);
    rolls.length = 0;
    let turn = 0;
    const requests: { messages: { role: string; content: unknown }[] }[] = [];
    let finish: { text: string; finishReason: string } | undefined;
    const starts: unknown[] = [];
    const called: unknown[] = [];
    const stepCalls: unknown[] = [];
    for await (const event of streamTools({
      provider: anthropic,
      chat: (request) => {
        requests.push(structuredClone(request) as never);
        const events = all[turn++]!;
        return (async function* () {
          yield* events;
        })();
      },
      request: { model: "claude-sonnet-4-5", max_tokens: 1024, messages: [{ role: "user", content: "Play dice." }] },
      tools: [rollDie],
      maxSteps: 20,
      // The API wants the container of a program still waiting for results in the next request.
      prepareStep: ({ steps }) => {
        const container = (steps.at(-1)?.response as { container?: { id?: string } } | undefined)?.container?.id;
        return container ? { request: { container } } : undefined;
      },
    }))
      if (event.type === "finish") finish = event as never;
      else if (event.type === "tool-call-start") starts.push([event.id, event.caller]);
      else if (event.type === "tool-call") called.push([event.call.id, event.call.caller]);
      else if (event.type === "step-finish") stepCalls.push(...event.calls.map((c) => c.caller));
    assert.is(turn, 15);
    assert.is((requests[0] as { container?: string }).container, undefined);
    assert.is((requests[1] as { container?: string }).container, "container_011CWHPPTDTn1XufeRB9uHeH");
    assert.equal(starts.slice(0, 2), [
      [FIRST.id, PROGRAM],
      [SECOND.id, PROGRAM],
    ]);
    assert.equal(called.slice(0, 2), starts.slice(0, 2), "the loop's tool-call events carry the caller");
    assert.is(called.length, 14);
    assert.equal(stepCalls, Array(14).fill(PROGRAM), "each step's calls carry it");
    assert.is(rolls.length, 14);
    assert.equal(rolls.slice(0, 2), ["player1", "player2"]);
    assert.is(finish?.finishReason, "stop");
    const second = requests[1]!.messages;
    const assistant = second[1]!.content as { type: string; input?: unknown; caller?: unknown }[];
    assert.equal(
      assistant.map((b) => b.type),
      ["text", "server_tool_use", "tool_use"],
    );
    assert.ok(String((assistant[1]!.input as { code: string }).code).includes("await rollDie("), "the program, whole");
    assert.equal(assistant[2]!.caller, SERVER_CALLER);
    assert.equal(assistant[2]!.input, { player: "player1" });
    const answer = second[2]!.content as { type: string; tool_use_id: string }[];
    assert.equal(
      answer.map((b) => [b.type, b.tool_use_id]),
      [["tool_result", FIRST.id]],
    );
  },
);

recorded("the whole responses: tool_use blocks with a caller are calls; server blocks are not", async () => {
  assert.equal(
    parseToolCalls(programmaticWhole, anthropic).map((c) => [c.id, c.arguments]),
    [
      ["toolu_01PMcE1JBKCeLjn83cgUCvR5", { player: "player2" }],
      ["toolu_01MZf5QJ1EQyd2yGyeLzBxAS", { player: "player1" }],
      ["toolu_01T7Upuuv8C71nq7DZ9ZPNQW", { player: "player1" }],
      ["toolu_016Da1tDet9Bf7dAdYTkF5Ar", { player: "player2" }],
    ],
  );
  const whole = { type: "code_execution_20250825", programId: "srvtoolu_01CberhXc9TgYXrCZU8bQoks" };
  assert.equal(
    parseToolCalls(programmaticWhole, anthropic).map((c) => c.caller),
    [whole, whole, whole, whole],
  );
  assert.equal(parseToolCalls(searchWhole, anthropic), []);
  const out = await runTools({
    provider: anthropic,
    chat: async () => searchWhole,
    request: { model: "claude-sonnet-4-5", max_tokens: 1024, messages: [{ role: "user", content: "Tech news?" }] },
    tools: [rollDie],
  });
  assert.is(out.finishReason, "stop");
  assert.is(out.steps.length, 1);
  assert.ok(out.text && out.text.length > 100, "the answer's text");
});

// Vertex AI's streamed arguments (partialArgs with willContinue): one call, its arguments put together from their
// JSON paths; a string continued over pieces ("...set aside" + ".") is one string.
const INGREDIENTS = [
  ["16 oz", "Lasagna noodles"],
  ["1 lb", "Ground beef"],
  ["15 oz", "Ricotta cheese"],
  ["3 cups", "Mozzarella cheese"],
  ["1/2 cup", "Parmesan cheese"],
  ["24 oz", "Tomato sauce"],
  ["1", "Egg"],
  ["2 cloves", "Garlic"],
  ["1 tsp", "Salt"],
  ["1/2 tsp", "Pepper"],
];
const recipeCall = (calls: readonly { name: string; arguments: unknown }[]) => {
  assert.equal(
    calls.map((c) => c.name),
    ["cookRecipe"],
  );
  const { recipe } = calls[0]!.arguments as {
    recipe: { name: string; ingredients: { amount: string; name: string }[]; steps: string[] };
  };
  assert.is(recipe.name, "Lasagna");
  assert.equal(
    recipe.ingredients.map((i) => [i.amount, i.name]),
    INGREDIENTS,
  );
  assert.is(recipe.steps.length, 10);
  assert.is(recipe.steps[1], "Cook lasagna noodles according to package directions, drain and set aside.");
  assert.is(recipe.steps[4], "In a 9x13 baking dish, spread a thin layer of meat sauce.");
  assert.is(recipe.steps[9], "Let stand for 15 minutes before serving.");
};
const vertexEvents = () =>
  vertexChunks
    .split("\n")
    .filter(Boolean)
    .map((line: string) => JSON.parse(line));

recorded("Vertex streamed arguments: createToolCallStream gives the one call, its arguments whole", () => {
  const stream = createToolCallStream(geminiStream);
  for (const event of vertexEvents()) stream.push(event);
  recipeCall(stream.calls());
});

recorded("Vertex streamed arguments: the loop runs the one call, and the history holds it once", async () => {
  const cookRecipe = tool({
    name: "cookRecipe",
    description: "Cooks a recipe.",
    parameters: t.object({
      recipe: t.object({
        name: t.string(),
        ingredients: t.array(t.object({ amount: t.string(), name: t.string() })),
        steps: t.array(t.string()),
      }),
    }),
    execute: ({ recipe }) => `${recipe.name}: ${recipe.steps.length} steps`,
  });
  const answers = [
    vertexEvents(),
    [{ candidates: [{ content: { role: "model", parts: [{ text: "Done." }] }, finishReason: "STOP" }] }],
  ];
  let turn = 0;
  const requests: { contents: { role: string; parts: { functionCall?: unknown; functionResponse?: unknown }[] }[] }[] =
    [];
  let finish: { text: string; finishReason: string } | undefined;
  for await (const event of streamTools({
    provider: gemini,
    chat: (request) => {
      requests.push(structuredClone(request) as never);
      const events = answers[turn++]!;
      return (async function* () {
        yield* events;
      })();
    },
    request: { model: "gemini-3.1-pro-preview", contents: [{ role: "user", parts: [{ text: "Lasagna?" }] }] },
    tools: [cookRecipe],
  }))
    if (event.type === "finish") finish = event as never;
  assert.is(finish?.finishReason, "stop");
  assert.is(finish?.text, "Done.");
  const model = requests[1]!.contents[1]!;
  const calls = model.parts.filter((p) => p.functionCall);
  assert.is(calls.length, 1);
  recipeCall([{ name: "cookRecipe", arguments: (calls[0]!.functionCall as { args: unknown }).args }]);
  const answer = requests[1]!.contents[2]!.parts[0]!.functionResponse as { name: string; response: unknown };
  assert.is(answer.name, "cookRecipe");
  assert.match(JSON.stringify(answer.response), /Lasagna: 10 steps/);
});

// OpenAI Responses hosted tools: code_interpreter_call items are run by OpenAI; they are no calls to run, and the
// turn (three interpreter calls, then a message) ends the loop with the message's text.
const interpreterEvents = () =>
  interpreterChunks
    .split("\n")
    .filter(Boolean)
    .map((line: string) => JSON.parse(line));

recorded("Responses hosted tools: no call to run in the stream, the loop or the whole response", async () => {
  const stream = createToolCallStream(responsesStream);
  for (const event of interpreterEvents()) stream.push(event);
  assert.equal(stream.calls(), []);
  assert.equal(parseToolCalls(interpreterWhole, responses), []);
  let finish: { text: string; finishReason: string; messages: { type?: string }[] } | undefined;
  for await (const event of streamTools({
    provider: responses,
    chat: () =>
      (async function* () {
        yield* interpreterEvents();
      })(),
    request: { model: "gpt-5-nano", input: "Compute with code." },
    tools: [rollDie],
  }))
    if (event.type === "finish") finish = event as never;
  assert.is(finish?.finishReason, "stop");
  assert.ok(finish?.text, "the message's text");
  assert.is(finish!.messages.filter((m) => m.type === "code_interpreter_call").length, 3, "kept in the history");
  const whole = await runTools({
    provider: responses,
    chat: async () => interpreterWhole,
    request: { model: "m", input: "x" },
  });
  assert.is(whole.finishReason, "stop");
  assert.is(whole.steps.length, 1);
});

recorded.run();
