// Programmatic tool calling beyond Anthropic's recordings (those are in recorded.test.ts): a tool's allowedCallers
// as each wire takes it, reported where a wire has no such field, and OpenAI Responses' program callers on the calls.
// The Responses items here are written by hand from the openai SDK's Responses types (`FunctionTool.allowed_callers:
// ("direct" | "programmatic")[]`, `ResponseFunctionToolCall.caller: { type: "program", caller_id }`); no recording
// of them was found.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createToolCallStream, parseToolCalls } from "tooltype/calls";
import { runTools } from "tooltype/agent";
import { t, tool, type ToolIssue } from "tooltype";
import { toAnthropicFormat } from "tooltype/providers/anthropic";
import { responses, responsesStream, toResponsesFormat } from "tooltype/providers/responses";
import { openai, toOpenAIFormat } from "tooltype/providers/openai";
import { gemini, toGeminiFormat } from "tooltype/providers/gemini";
import { bedrock } from "tooltype/providers/bedrock";
import { toMCPFormat } from "tooltype";

const test = suite("programmatic tool calling: allowedCallers on each wire, callers on the calls");

const withCallers = (allowedCallers: string[]) =>
  tool({
    name: "rollDie",
    description: "Rolls a die for a player.",
    parameters: t.object({ player: t.string() }),
    allowedCallers,
    execute: ({ player }) => `${player}: 4`,
  });

const collect = () => {
  const issues: ToolIssue[] = [];
  return { issues, onIssue: (issue: ToolIssue) => void issues.push(issue) };
};

test("Responses: allowed_callers takes direct and programmatic; Anthropic's code-execution names mean programmatic", () => {
  assert.equal(toResponsesFormat(withCallers(["programmatic"])).allowed_callers, ["programmatic"]);
  assert.equal(toResponsesFormat(withCallers(["direct", "code_execution_20250825"])).allowed_callers, [
    "direct",
    "programmatic",
  ]);
  assert.is("allowed_callers" in toResponsesFormat(withCallers([])), false);
  const { issues, onIssue } = collect();
  const written = toResponsesFormat(withCallers(["direct", "sandbox"]), { onIssue });
  assert.equal(written.allowed_callers, ["direct"]);
  assert.equal(
    issues.map((i) => [i.tool, i.provider, i.kind, i.message]),
    [["rollDie", "responses", "changed", 'responses takes no caller "sandbox" in allowed_callers; it is not sent']],
  );
});

test("Anthropic: code-execution versions and direct are sent; OpenAI's programmatic is reported, not sent", () => {
  assert.equal(toAnthropicFormat(withCallers(["direct", "code_execution_20260120"])).allowed_callers, [
    "direct",
    "code_execution_20260120",
  ]);
  const { issues, onIssue } = collect();
  assert.is(toAnthropicFormat(withCallers(["programmatic"]), { onIssue }).allowed_callers, undefined);
  assert.equal(
    issues.map((i) => i.message),
    ['anthropic takes no caller "programmatic" in allowed_callers; it is not sent'],
  );
  assert.throws(
    () => toAnthropicFormat(withCallers(["programmatic"]), { onIssue: "error" }),
    /Tool "rollDie": anthropic takes no caller "programmatic"/,
  );
});

test("Chat Completions, Gemini, MCP and Bedrock have no such field: reported, never dropped silently", async () => {
  const die = withCallers(["code_execution_20250825"]);
  const { issues, onIssue } = collect();
  assert.is("allowed_callers" in toOpenAIFormat(die, { onIssue }).function, false);
  toGeminiFormat(die, { onIssue });
  toMCPFormat(die, { onIssue });
  assert.equal(
    issues.map((i) => [i.provider, i.message]),
    ["openai", "gemini", "mcp"].map((p) => [
      p,
      `${p} has no programmatic tool calling: allowedCallers code_execution_20250825 is not sent, and the model calls the tool itself`,
    ]),
  );
  const direct = collect();
  toOpenAIFormat(withCallers(["direct"]), { onIssue: direct.onIssue });
  assert.equal(direct.issues, [], "direct alone means what the model does anyway");
  // Bedrock writes Converse tool specs from OpenAI's shape: the loop's onIssue hears of it.
  const seen: ToolIssue[] = [];
  const request = bedrock.withTools({ modelId: "m", messages: [] }, [die], { onIssue: (i) => void seen.push(i) });
  assert.equal(Object.keys((request.toolConfig as { tools: { toolSpec: object }[] }).tools[0]!.toolSpec), [
    "name",
    "description",
    "inputSchema",
  ]);
  assert.match(seen[0]!.message, /has no programmatic tool calling/);
  assert.ok(gemini && openai, "the providers' values load");
});

// A function_call a program made, as the Responses API sends it, with the model's own call beside it.
const PROGRAM_ITEM = {
  type: "function_call",
  id: "fc_1",
  call_id: "call_1",
  name: "rollDie",
  arguments: '{"player":"player1"}',
  caller: { type: "program", caller_id: "call_prog_1" },
  status: "completed",
};
const DIRECT_ITEM = {
  type: "function_call",
  id: "fc_2",
  call_id: "call_2",
  name: "rollDie",
  arguments: '{"player":"player2"}',
  caller: { type: "direct" },
  status: "completed",
};
const PROGRAM = { type: "program", programId: "call_prog_1" };

test("Responses: a program's call carries its caller in the whole response and in the stream; a direct one none", () => {
  const response = {
    id: "resp_1",
    object: "response",
    output: [
      {
        type: "program",
        id: "prog_1",
        call_id: "call_prog_1",
        code: "await rollDie({ player: 'player1' })",
        fingerprint: "f",
      },
      PROGRAM_ITEM,
      DIRECT_ITEM,
    ],
  };
  assert.equal(parseToolCalls(response, responses), [
    { id: "call_1", name: "rollDie", arguments: { player: "player1" }, caller: PROGRAM },
    { id: "call_2", name: "rollDie", arguments: { player: "player2" } },
  ]);
  const stream = createToolCallStream(responsesStream);
  stream.push({ type: "response.output_item.added", output_index: 1, item: { ...PROGRAM_ITEM, arguments: "" } });
  stream.push({ type: "response.function_call_arguments.delta", output_index: 1, delta: '{"player":"player1"}' });
  stream.push({ type: "response.output_item.added", output_index: 2, item: { ...DIRECT_ITEM, arguments: "" } });
  stream.push({ type: "response.function_call_arguments.delta", output_index: 2, delta: '{"player":"player2"}' });
  assert.equal(stream.calls(), parseToolCalls(response, responses));
});

test("Responses: the loop runs a program's call and sends the program item back before the call", async () => {
  const inputs: unknown[][] = [];
  const answers = [
    {
      id: "resp_1",
      output: [
        { type: "program", id: "prog_1", call_id: "call_prog_1", code: "await rollDie()", fingerprint: "f" },
        PROGRAM_ITEM,
      ],
    },
    { id: "resp_2", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text: "4." }] }] },
  ];
  const result = await runTools({
    provider: responses,
    chat: async (request) => {
      inputs.push([...((request as { input: unknown[] }).input ?? [])]);
      return answers[inputs.length - 1];
    },
    request: { model: "gpt-5", input: [{ role: "user", content: "Roll." }] },
    tools: [withCallers(["programmatic"])],
  });
  assert.is(result.text, "4.");
  assert.equal(result.steps[0]!.calls[0]!.caller, PROGRAM);
  assert.equal(
    inputs[1]!.slice(1).map((item) => (item as { type: string }).type),
    ["program", "function_call", "function_call_output"],
  );
  assert.equal((inputs[1]![2] as { caller: unknown }).caller, PROGRAM_ITEM.caller, "the call goes back as it came");
});

// An Anthropic turn whose program called a tool: the container it runs in comes with the response.
const programTurn = (container: string) => ({
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "claude-sonnet-4-5",
  stop_reason: "tool_use",
  container: { id: container, expires_at: "2026-11-28T10:00:00Z" },
  content: [
    { type: "server_tool_use", id: "srvtoolu_1", name: "code_execution", input: { code: "await rollDie('ann')" } },
    {
      type: "tool_use",
      id: "toolu_1",
      name: "rollDie",
      input: { player: "ann" },
      caller: { type: "code_execution_20250825", tool_id: "srvtoolu_1" },
    },
  ],
  usage: { input_tokens: 10, output_tokens: 5 },
});
const doneTurn = { ...programTurn("x"), stop_reason: "end_turn", content: [{ type: "text", text: "ann rolled 4" }] };

test("Anthropic: the loop names the program's container in the requests that follow, and a saved state keeps it", async () => {
  const { anthropic } = await import("tooltype/providers/anthropic");
  const sent: Record<string, unknown>[] = [];
  const turns = [programTurn("container_1"), doneTurn];
  const chat = async (request: Record<string, unknown>) => (sent.push(request), turns.shift());
  const die = withCallers(["code_execution_20250825"]);
  const out = await runTools({
    provider: anthropic,
    chat,
    request: { model: "m", max_tokens: 100, messages: [] },
    tools: [die],
  });
  assert.is(out.finishReason, "stop");
  assert.equal(
    sent.map((r) => r.container),
    [undefined, "container_1"],
  );
  // A container given as an object (with skills) keeps its other fields; its id is the response's.
  const again: Record<string, unknown>[] = [];
  const more = [programTurn("container_2"), doneTurn];
  const skills = [{ type: "anthropic", skill_id: "pdf" }];
  await runTools({
    provider: anthropic,
    chat: async (request: Record<string, unknown>) => (again.push(request), more.shift()),
    request: { model: "m", max_tokens: 100, messages: [], container: { skills } },
    tools: [die],
  });
  assert.equal(again[1]!.container, { skills, id: "container_2" });
  // Paused for an approval, the state's request holds the container, so the resumed run sends it.
  const asking = tool({
    name: "rollDie",
    description: "Rolls a die for a player.",
    parameters: t.object({ player: t.string() }),
    allowedCallers: ["code_execution_20250825"],
    needsApproval: true,
    execute: ({ player }) => `${player}: 4`,
  });
  const paused = await runTools({
    provider: anthropic,
    chat: async () => programTurn("container_3"),
    request: { model: "m", max_tokens: 100, messages: [] },
    tools: [asking],
    stateKey: "a key of at least thirty-two characters!",
  });
  assert.is(paused.finishReason, "approval");
  assert.is((paused.state!.request as Record<string, unknown>).container, "container_3");
});

test.run();
