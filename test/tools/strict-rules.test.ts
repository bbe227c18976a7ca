// Strict mode as a value on the lean entries: their formats write in the plain rules unless given the strict ones
// (OPENAI_RULES, ANTHROPIC_RULES), and strict asked without them is a TypeError, never a silent plain schema. The
// strict dialects' shapes (a tuple keyed by position, a map as entries) are undone for a tool written in them, on
// every path: execute after the format, the registry, the loop, and the root entry, which passes the rules itself.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as root from "tooltype";
import * as lean from "tooltype/tools";
import { t } from "tooltype/t";
import { resume, runTools } from "tooltype/agent";
import { openai } from "tooltype/providers/openai";
import { scriptedChat } from "../support/scripted-chat.js";

const s = suite("strict on lean entries: the strict rules as a value, the shapes undone where they were sent");

const params = t.object({
  where: t.tuple([t.number(), t.number()]),
  tags: t.record(t.string()),
  note: t.optional(t.string()),
});
// What a strict-mode model sends for params: the tuple keyed by position, the map as entries, null for "absent".
const sent = { where: { 0: 48.8, 1: 2.3 }, tags: [{ key: "a", value: "b" }], note: null };
const decoded = { where: [48.8, 2.3], tags: { a: "b" } };

const made = (make: typeof lean.tool, strict?: boolean) =>
  make({ name: "find", description: "Finds.", parameters: params, execute: (a) => a, ...(strict && { strict }) });

s("strict without the strict rules is a TypeError naming the tool, the format and the value to pass", () => {
  const find = made(lean.tool);
  for (const strict of [true, "prefer"] as const) {
    assert.throws(
      () => lean.toOpenAIFormat(find, { strict }),
      (error: Error) =>
        error instanceof TypeError &&
        error.message.startsWith(`Tool "find": strict: ${JSON.stringify(strict)} in the openai format`) &&
        error.message.includes("pass dialect: OPENAI_RULES") &&
        error.message.includes('the root entry "tooltype", which passes them itself'),
    );
  }
  assert.throws(() => lean.toResponsesFormat(find, { strict: true }), /responses format .*dialect: OPENAI_RULES/);
  assert.throws(() => lean.toAnthropicFormat(find, { strict: true }), /anthropic format .*dialect: ANTHROPIC_RULES/);
  assert.throws(() => lean.toAnthropicTools([find], { strict: true }), /dialect: ANTHROPIC_RULES/);
  assert.throws(
    () => lean.toOpenAIFormat(made(lean.tool, true)),
    /^Tool "find": the tool's strict: true in the openai format/,
  );
  assert.is(lean.toOpenAIFormat(made(lean.tool, true), { strict: false }).function.strict, undefined);
  assert.not.ok("strict" in lean.toOpenAIFormat(find).function, "plain needs no strict rules");
  const issues = new lean.ToolRegistry().register(find).check("openai", { strict: true });
  assert.ok(
    issues.some((i) => i.kind === "rejected" && /dialect: OPENAI_RULES/.test(i.message)),
    "the lean registry's check reports it",
  );
  assert.throws(() => lean.anthropicStrictIssues([find], { strict: true }), /dialect: ANTHROPIC_RULES/);
  assert.equal(lean.anthropicStrictIssues([find], { strict: true, dialect: lean.ANTHROPIC_RULES }), []);
  const claude = new lean.ToolRegistry().register(find).check("anthropic", { strict: true });
  assert.equal(
    claude.map((i) => [i.tool, i.kind]),
    [["find", "rejected"]],
    "the lean registry's check reports it once, for the tool, without throwing",
  );
});

s("lean strict with OPENAI_RULES or ANTHROPIC_RULES writes what the root entry writes", () => {
  const find = made(lean.tool);
  const rooted = made(root.tool);
  for (const strict of [true, "prefer", false] as const) {
    const rules = { strict, dialect: lean.OPENAI_RULES };
    assert.equal(lean.toOpenAIFormat(find, rules), root.toOpenAIFormat(find, { strict }));
    assert.equal(lean.toOpenAIFormat(find, rules), rooted.toOpenAIFormat({ strict }));
    assert.equal(lean.toResponsesFormat(find, rules), root.toResponsesFormat(find, { strict }));
    const claude = { strict, dialect: lean.ANTHROPIC_RULES };
    assert.equal(lean.toAnthropicFormat(find, claude), root.toAnthropicFormat(find, { strict }));
    assert.equal(lean.toAnthropicTools([find], claude), root.toAnthropicTools([find], { strict }));
  }
  assert.equal(lean.toOpenAIFormat(find, { strict: true, dialect: lean.OPENAI_RULES }).function.strict, true);
  assert.equal(new root.ToolRegistry().register(find).toOpenAIFormat({ strict: true }), [
    lean.toOpenAIFormat(find, { strict: true, dialect: lean.OPENAI_RULES }),
  ]);
});

s("a lean tool undoes the strict shapes once a format wrote it strict, and only then", async () => {
  const find = made(lean.tool);
  const before = await find.execute(sent);
  assert.is(before.success, false, "never sent strict: a tuple keyed by position is not a tuple");
  assert.equal(await find.execute({ ...decoded, note: null }), { success: true, value: decoded }, "null is absent");
  lean.toOpenAIFormat(find);
  assert.is((await find.execute(sent)).success, false, "sent plain: still not");
  lean.toOpenAIFormat(find, { strict: true, dialect: lean.OPENAI_RULES });
  assert.equal(await find.execute(sent), { success: true, value: decoded });
  assert.equal(await find.execute(JSON.stringify(sent)), { success: true, value: decoded });
});

s(
  "every writer of the shapes notes them: Anthropic strict, Gemini's parameters, prefer when it went strict",
  async () => {
    const claude = made(lean.tool);
    lean.toAnthropicFormat(claude, { strict: true, dialect: lean.ANTHROPIC_RULES });
    assert.equal(await claude.execute(sent), { success: true, value: decoded });
    const gemini = made(lean.tool);
    lean.toGeminiFormat(gemini);
    assert.equal(await gemini.execute(sent), { success: true, value: decoded });
    const json = made(lean.tool);
    lean.toGeminiFormat(json, { jsonSchema: true });
    assert.is((await json.execute(sent)).success, false, "parametersJsonSchema keeps the tuple as a tuple");
    const preferred = made(lean.tool);
    lean.toResponsesFormat(preferred, { strict: "prefer", dialect: lean.OPENAI_RULES });
    assert.equal(await preferred.execute(sent), { success: true, value: decoded });
  },
);

s("the registry runs a strict tool's call decoded", async () => {
  const find = made(lean.tool);
  const registry = new lean.ToolRegistry().register(find);
  const tools = registry
    .listTools()
    .map((tool) => lean.toOpenAIFormat(tool, { strict: true, dialect: lean.OPENAI_RULES }));
  assert.is(tools[0]!.function.strict, true);
  assert.equal(await registry.execute("find", JSON.stringify(sent)), { success: true, value: decoded });
  const [result] = await registry.executeAll([{ id: "c1", name: "find", arguments: JSON.stringify(sent) }]);
  assert.equal(result!.result, { success: true, value: decoded });
});

s("the lean loop: strict needs the rules as its dialect, and then runs the call decoded", async () => {
  const request = { model: "m", messages: [{ role: "user", content: "Find." }] };
  const refused = scriptedChat({ text: "never asked" });
  const error = await runTools({
    provider: openai,
    chat: refused.chat,
    request,
    tools: [made(lean.tool)],
    strict: true,
  })
    .then(() => undefined)
    .catch((e: Error) => e);
  assert.instance(error, TypeError);
  assert.match(error!.message, /Tool "find": strict: true in the openai format .*dialect: OPENAI_RULES/);
  assert.is(refused.sent.length, 0, "nothing was sent");

  let got: unknown;
  const find = lean.tool({
    name: "find",
    description: "Finds.",
    parameters: params,
    execute: (a) => ((got = a), "found"),
  });
  const { chat, sent: requests } = scriptedChat({ calls: [["c1", "find", sent]] }, { text: "done" });
  const run = await runTools({
    provider: openai,
    chat,
    request,
    tools: [find],
    strict: true,
    dialect: lean.OPENAI_RULES,
  });
  assert.is(run.text, "done");
  assert.is(requests[0].tools[0].function.strict, true);
  assert.equal(got, decoded);
});

s("a run resumed in a fresh process (its tools never written there) runs the approved call decoded", async () => {
  const got: unknown[] = [];
  const make = () =>
    lean.tool({
      name: "find",
      description: "Finds.",
      parameters: params,
      needsApproval: true,
      execute: (a) => (got.push(a), "found"),
    });
  const { chat } = scriptedChat({ calls: [["c1", "find", sent]] }, { text: "done" });
  const request = { model: "m", messages: [{ role: "user", content: "Find." }] };
  const strict = { strict: true, dialect: lean.OPENAI_RULES } as const;
  const paused = await runTools({ provider: openai, chat, request, tools: [make()], ...strict });
  assert.is(paused.finishReason, "approval");
  const state = JSON.parse(JSON.stringify(paused.state));
  const done = await resume(state, { c1: true }, { provider: openai, chat, tools: [make()], ...strict });
  assert.is(done.text, "done");
  assert.equal(got, [decoded]);
});

s("the root entry goes strict by itself and undoes the shapes on every path", async () => {
  const rooted = made(root.tool);
  assert.equal(await rooted.execute(sent), { success: true, value: decoded }, "a root tool, never formatted");
  const find = made(lean.tool);
  assert.is(root.toOpenAIFormat(find, { strict: true }).function.strict, true);
  assert.equal(await find.execute(sent), { success: true, value: decoded }, "a lean tool the root wrote strict");
  let got: unknown;
  const run = lean.tool({ name: "find", description: "Finds.", parameters: params, execute: (a) => ((got = a), 1) });
  const { chat, sent: requests } = scriptedChat({ calls: [["c1", "find", sent]] }, { text: "done" });
  const request = { model: "m", messages: [{ role: "user", content: "Find." }] };
  await root.runTools({ provider: "openai", chat, request, tools: [run], strict: true });
  assert.is(requests[0].tools[0].function.strict, true);
  assert.equal(got, decoded);
  const anthropicRun = await root.toolTokens([find], "anthropic", { strict: true, count: (text) => text.length });
  assert.ok(anthropicRun.total > 0, "toolTokens counts the strict form through the root");
});

s.run();
