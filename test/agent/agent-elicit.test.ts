// A local tool's extras in the loop: `elicit` pauses the run like an approval (a signed state, resumed with the
// person's answer), or is answered by onElicit or a journal that waits in place; `log` reaches streamTools, onLog
// and the call's span; `sample` is there when onSample answers it.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  t,
  tool,
  runTools,
  streamTools,
  resume,
  resumeStream,
  StateError,
  type Journal,
  type LoopEvent,
  type LoopState,
  type RunToolsResult,
} from "tooltype";
import { scriptedChat, type Call } from "../support/scripted-chat.js";

// Resolves when `run` rejects with an error `check` accepts; fails the test otherwise.
async function rejects(run: () => Promise<unknown>, check: (error: Error) => boolean): Promise<void> {
  let error: unknown;
  try {
    await run();
  } catch (caught) {
    error = caught;
  }
  assert.ok(error instanceof Error, "expected a rejection");
  assert.ok(check(error as Error), `an unexpected error: ${(error as Error).message}`);
}

const quiet = { error: () => {}, warn: () => {} };
const request = { model: "gpt-4o-mini", messages: [{ role: "user", content: "Clean up /tmp." }] };
const confirm = t.object({ confirm: t.boolean(), note: t.optional(t.string()) });

// A tool that asks before deleting; `deleted` records what it really did.
function deleter() {
  const deleted: string[] = [];
  const runs: number[] = [];
  const remove = tool({
    name: "delete_files",
    description: "Deletes the files of a directory.",
    parameters: t.object({ dir: t.string() }),
    logger: quiet,
    execute: async ({ dir }, _context, { elicit }) => {
      runs.push(1);
      const answer = await elicit!(`Delete every file in ${dir}?`, confirm);
      if (answer.action !== "accept") return `Nothing deleted (${answer.action}).`;
      if (!answer.content.confirm) return "Nothing deleted (not confirmed).";
      deleted.push(dir);
      return `Deleted ${dir}${answer.content.note ? ` (${answer.content.note})` : ""}.`;
    },
  });
  return { deleted, runs, remove };
}

const calls: Call[] = [["call_d", "delete_files", { dir: "/tmp" }]];
const toolAnswer = (sent: any[]) => sent.at(-1).messages.find((m: any) => m.role === "tool")?.content;

async function paused(remove: unknown) {
  const { chat, sent } = scriptedChat({ calls }, { text: "Done." });
  const options = { provider: "openai" as const, chat, request, tools: [remove as any] };
  const result = await runTools(options);
  return { result, options, sent };
}

const pause = suite("elicit in runTools: the run pauses with a signed state, resume gives the answer");

pause(
  "the run pauses: finishReason approval, the call in state.elicitations with its message and JSON Schema",
  async () => {
    const { deleted, runs, remove } = deleter();
    const { result, sent } = await paused(remove);
    assert.is(result.finishReason, "approval");
    assert.is(sent.length, 1);
    assert.equal(deleted, []);
    assert.is(runs.length, 1);
    const state = result.state!;
    assert.is(state.version, 5);
    assert.equal(state.pending, []);
    assert.equal(state.elicitations, [
      {
        id: "call_d",
        name: "delete_files",
        arguments: { dir: "/tmp" },
        index: 0,
        message: "Delete every file in /tmp?",
        schema: {
          type: "object",
          properties: { confirm: { type: "boolean" }, note: { type: "string" } },
          required: ["confirm"],
        },
        answered: [],
      },
    ]);
    assert.equal(result.steps[0]!.elicitations, state.elicitations);
    assert.equal(result.steps[0]!.results, []);
  },
);

pause(
  "a paused call with a time limit: its signal aborts (the limit stops counting); its span ends marked paused",
  async () => {
    let signal: AbortSignal | undefined;
    const asker = tool({
      name: "delete_files",
      description: "Deletes.",
      parameters: t.object({ dir: t.string() }),
      logger: quiet,
      execute: async (_args, _context, extras) => {
        signal = extras.signal;
        await extras.elicit!("Sure?", confirm);
        return "unreachable";
      },
    });
    const spans: { name: string; attributes: Record<string, unknown>; ended: boolean }[] = [];
    const tracer = {
      startSpan(name: string) {
        const span = { name, attributes: {} as Record<string, unknown>, ended: false };
        spans.push(span);
        return {
          setAttribute: (key: string, value: unknown) => void (span.attributes[key] = value),
          setStatus: () => {},
          end: () => void (span.ended = true),
        };
      },
    };
    const { chat } = scriptedChat({ calls }, { text: "Done." });
    const controller = new AbortController();
    const result = await runTools({
      provider: "openai",
      chat,
      request,
      tools: [asker],
      timeout: 600_000,
      signal: controller.signal,
      tracer: tracer as any,
    });
    assert.is(result.finishReason, "approval");
    assert.ok(signal?.aborted, "the tool's signal aborted when it paused");
    assert.is((signal!.reason as Error).name, "AbortError");
    assert.not.ok(controller.signal.aborted, "the run's own signal is untouched");
    const span = spans.find((s) => s.name === "execute_tool delete_files")!;
    assert.ok(span.ended);
    assert.is(span.attributes["tooltype.paused"], "elicitation");
  },
);

pause("resume with accept: the call runs again, elicit returns the answer, the model reads the result", async () => {
  const { deleted, runs, remove } = deleter();
  const { result, options, sent } = await paused(remove);
  const saved = JSON.parse(JSON.stringify(result.state));
  const done = await resume(
    saved,
    { call_d: { action: "accept", content: { confirm: true, note: "asked Ann" } } },
    options,
  );
  assert.is(done.finishReason, "stop");
  assert.is(done.text, "Done.");
  assert.equal(deleted, ["/tmp"]);
  assert.is(runs.length, 2);
  assert.is(toolAnswer(sent), "Deleted /tmp (asked Ann).");
});

for (const action of ["decline", "cancel"] as const) {
  pause(`resume with ${action}: elicit returns { action: "${action}" } and nothing is deleted`, async () => {
    const { deleted, remove } = deleter();
    const { result, options, sent } = await paused(remove);
    const done = await resume(result.state, { call_d: { action } }, options);
    assert.is(done.finishReason, "stop");
    assert.equal(deleted, []);
    assert.is(toolAnswer(sent), `Nothing deleted (${action}).`);
  });
}

pause("a refused answer is a TypeError naming the call and what does not fit; the state still resumes", async () => {
  const { deleted, remove } = deleter();
  const { result, options } = await paused(remove);
  await rejects(
    () => resume(result.state, { call_d: { action: "accept", content: { confirm: "yes" } } }, options),
    (e: Error) =>
      e instanceof TypeError &&
      /call_d.*delete_files.*Delete every file/s.test(e.message) &&
      /\/confirm/.test(e.message),
  );
  await rejects(
    () => resume(result.state, { call_d: { action: "maybe" } } as any, options),
    (e: Error) => e instanceof TypeError && /not accept, decline or cancel/.test(e.message),
  );
  await rejects(
    () => resume(result.state, {}, options),
    (e: Error) =>
      e instanceof TypeError && /no decision for call_d \(delete_files, asking "Delete every file/.test(e.message),
  );
  assert.equal(deleted, []);
  const done = await resume(result.state, { call_d: { action: "accept", content: { confirm: true } } }, options);
  assert.equal(deleted, ["/tmp"]);
  assert.is(done.finishReason, "stop");
});

pause("an edited state is refused (signed): the message, the schema or an earlier answer changed", async () => {
  const { remove } = deleter();
  const { result, options } = await paused(remove);
  const edits: ((s: any) => void)[] = [
    (s) => (s.elicitations[0].message = "Delete nothing?"),
    (s) => (s.elicitations[0].schema.properties.confirm = { type: "string" }),
    (s) => s.elicitations[0].answered.push({ action: "accept", content: { confirm: true } }),
    (s) => delete s.elicitations,
  ];
  for (const edit of edits) {
    const state = JSON.parse(JSON.stringify(result.state));
    edit(state);
    await rejects(
      () => resume(state, state.elicitations ? { call_d: { action: "decline" } } : {}, options),
      (e: Error) => e instanceof StateError && e.code === "changed",
    );
  }
  const old = { ...JSON.parse(JSON.stringify(result.state)), version: 4 };
  await rejects(
    () => resume(old, { call_d: { action: "decline" } }, options),
    (e: Error) =>
      e instanceof StateError && /unknown state version 4 \(this tooltype writes version 5\)/.test(e.message),
  );
});

pause("a tool that elicits twice: each its own pause and state; replay gives back the earlier answer", async () => {
  const asked: string[] = [];
  const done: string[] = [];
  const mover = tool({
    name: "move",
    description: "Moves a file.",
    parameters: t.object({ from: t.string() }),
    logger: quiet,
    execute: async ({ from }, _context, { elicit }) => {
      const where = await elicit!("Where to?", t.object({ to: t.string() }));
      if (where.action !== "accept") return "Not moved.";
      asked.push(where.content.to);
      const sure = await elicit!(`Move ${from} to ${where.content.to}?`, t.object({ ok: t.boolean() }));
      if (sure.action !== "accept" || !sure.content.ok) return "Not moved.";
      done.push(`${from}->${where.content.to}`);
      return "Moved.";
    },
  });
  const { chat, sent } = scriptedChat({ calls: [["call_m", "move", { from: "a.txt" }]] }, { text: "Done." });
  const options = { provider: "openai" as const, chat, request, tools: [mover] };
  const first = await runTools(options);
  assert.is(first.state!.elicitations![0]!.message, "Where to?");
  const answer = { action: "accept", content: { to: "b/" }, extra: "not kept" } as const;
  const second = await resume(first.state, { call_m: answer }, options);
  assert.is(second.finishReason, "approval");
  const asking = second.state!.elicitations![0]!;
  assert.is(asking.message, "Move a.txt to b/?");
  assert.equal(asking.answered, [{ action: "accept", content: { to: "b/" } }]);
  assert.is.not(second.state!.id, first.state!.id);
  const third = await resume(second.state, { call_m: { action: "accept", content: { ok: true } } }, options);
  assert.is(third.finishReason, "stop");
  assert.equal(asked, ["b/", "b/"]);
  assert.equal(done, ["a.txt->b/"]);
  assert.is(toolAnswer(sent), "Moved.");
  await rejects(
    () => resume(first.state, { call_m: { action: "decline" } }, options),
    (e: Error) => e instanceof StateError && e.code === "resumed",
  );
});

pause("an approval and an elicitation in one turn: both pending, one resume answers both", async () => {
  const { deleted, remove } = deleter();
  const sentTo: string[] = [];
  const email = tool({
    name: "send_email",
    description: "Sends an email.",
    parameters: t.object({ to: t.string() }),
    needsApproval: true,
    logger: quiet,
    execute: ({ to }) => (sentTo.push(to), `sent to ${to}`),
  });
  const { chat } = scriptedChat(
    { calls: [...calls, ["call_e", "send_email", { to: "ann@example.org" }]] },
    { text: "Done." },
  );
  const options = { provider: "openai" as const, chat, request, tools: [remove, email] };
  const first = await runTools(options);
  assert.equal(
    first.state!.pending.map((c) => c.id),
    ["call_e"],
  );
  assert.equal(
    first.state!.elicitations!.map((c) => c.id),
    ["call_d"],
  );
  const done = await resume(
    first.state,
    { call_e: true, call_d: { action: "accept", content: { confirm: true } } },
    options,
  );
  assert.is(done.finishReason, "stop");
  assert.equal(sentTo, ["ann@example.org"]);
  assert.equal(deleted, ["/tmp"]);
});

pause.run();

const inPlace = suite("elicit answered in place: onElicit, a journal that waits");

inPlace("onElicit answers in process: no pause; undefined from it pauses as before", async () => {
  const { deleted, remove } = deleter();
  const seen: unknown[] = [];
  const { chat } = scriptedChat({ calls }, { text: "Done." });
  const done = await runTools({
    provider: "openai",
    chat,
    request,
    tools: [remove],
    onElicit: (asked) => (seen.push(asked), { action: "accept", content: { confirm: true } }),
  });
  assert.is(done.finishReason, "stop");
  assert.equal(deleted, ["/tmp"]);
  assert.equal(seen, [
    {
      call: { id: "call_d", name: "delete_files", arguments: { dir: "/tmp" } },
      message: "Delete every file in /tmp?",
      schema: {
        type: "object",
        properties: { confirm: { type: "boolean" }, note: { type: "string" } },
        required: ["confirm"],
      },
    },
  ]);
  const again = scriptedChat({ calls }, { text: "Done." });
  const left = await runTools({
    provider: "openai",
    chat: again.chat,
    request,
    tools: [remove],
    onElicit: () => undefined,
  });
  assert.is(left.finishReason, "approval");
});

inPlace("onElicit's answer is checked too: a refused one fails the call, the model reads why", async () => {
  const { deleted, remove } = deleter();
  const { chat, sent } = scriptedChat({ calls }, { text: "Done." });
  await runTools({
    provider: "openai",
    chat,
    request,
    tools: [remove],
    onElicit: () => ({ action: "accept", content: { confirm: 1 } }) as any,
  });
  assert.equal(deleted, []);
  assert.match(toolAnswer(sent), /does not fit the schema/);
});

// A journal that records its steps and answers each wait from a table, as a durable one would after the answer came.
function answeringJournal(answers: Record<string, unknown>) {
  const waits: [string, unknown][] = [];
  const steps: string[] = [];
  const journal: Journal = {
    step: (name, run) => (steps.push(name), run()),
    wait: async (name, payload) => (waits.push([name, payload]), answers[name]),
  };
  return { journal, waits, steps };
}

inPlace(
  "a journal that waits in place: wait named elicit {step} {call} {n} with { call, message, schema }",
  async () => {
    const { deleted, remove } = deleter();
    const { journal, waits, steps } = answeringJournal({
      "elicit 1 call_d 1": { action: "accept", content: { confirm: true } },
    });
    const { chat } = scriptedChat({ calls }, { text: "Done." });
    const done = await runTools({ provider: "openai", chat, request, tools: [remove], journal });
    assert.is(done.finishReason, "stop");
    assert.equal(deleted, ["/tmp"]);
    assert.equal(
      waits.map(([name]) => name),
      ["elicit 1 call_d 1"],
    );
    assert.equal((waits[0]![1] as any).message, "Delete every file in /tmp?");
    assert.equal((waits[0]![1] as any).call, { id: "call_d", name: "delete_files", arguments: { dir: "/tmp" } });
    // The wait is outside any step (a durable engine cannot wait inside one): the call stops, then runs again.
    assert.equal(
      steps.filter((name) => name.startsWith("call")),
      ["call 1 call_d", "call 1 call_d 1"],
    );
  },
);

inPlace("a journal and a tool that asks twice: two waits, the call a step after each answer", async () => {
  const moved: string[] = [];
  const mover = tool({
    name: "move",
    description: "Moves a file.",
    parameters: t.object({ from: t.string() }),
    logger: quiet,
    execute: async ({ from }, _context, { elicit }) => {
      const where = await elicit!("Where to?", t.object({ to: t.string() }));
      const sure = await elicit!("Sure?", t.object({ ok: t.boolean() }));
      if (where.action === "accept" && sure.action === "accept" && sure.content.ok)
        moved.push(`${from}->${where.content.to}`);
      return moved.length ? "Moved." : "Not moved.";
    },
  });
  const { journal, waits, steps } = answeringJournal({
    "elicit 1 call_m 1": { action: "accept", content: { to: "b/" } },
    "elicit 1 call_m 2": { action: "accept", content: { ok: true } },
  });
  const { chat } = scriptedChat({ calls: [["call_m", "move", { from: "a.txt" }]] }, { text: "Done." });
  const done = await runTools({ provider: "openai", chat, request, tools: [mover], journal });
  assert.is(done.finishReason, "stop");
  assert.equal(moved, ["a.txt->b/"]);
  assert.equal(
    waits.map(([name]) => name),
    ["elicit 1 call_m 1", "elicit 1 call_m 2"],
  );
  assert.equal(
    steps.filter((name) => name.startsWith("call")),
    ["call 1 call_m", "call 1 call_m 1", "call 1 call_m 2"],
  );
});

inPlace("a journal's answer that does not fit fails the call (no silent bad data)", async () => {
  const { deleted, remove } = deleter();
  const { journal } = answeringJournal({ "elicit 1 call_d 1": { action: "accept", content: {} } });
  const { chat, sent } = scriptedChat({ calls }, { text: "Done." });
  await runTools({ provider: "openai", chat, request, tools: [remove], journal });
  assert.equal(deleted, []);
  assert.match(toolAnswer(sent), /does not fit the schema/);
});

inPlace.run();

const streamed = suite("streamTools: elicitation-required and log events");

streamed("elicitation-required then step-finish and finish with the state; resumeStream continues", async () => {
  const { deleted, remove } = deleter();
  const { chat } = scriptedChat({ calls }, { text: "Done." });
  const options = { provider: "openai" as const, chat, request, tools: [remove] };
  const events: LoopEvent[] = [];
  for await (const event of streamTools(options)) events.push(event);
  const types = events.map((e) => e.type);
  assert.equal(types.slice(-3), ["elicitation-required", "step-finish", "finish"]);
  const required = events.find((e) => e.type === "elicitation-required") as Extract<
    LoopEvent,
    { type: "elicitation-required" }
  >;
  assert.is(required.call.message, "Delete every file in /tmp?");
  const finish = events.at(-1) as RunToolsResult & { type: "finish" };
  const more: string[] = [];
  for await (const event of resumeStream(
    finish.state,
    { call_d: { action: "accept", content: { confirm: true } } },
    options,
  ))
    more.push(event.type);
  assert.ok(more.includes("tool-result"));
  assert.is(more.at(-1), "finish");
  assert.equal(deleted, ["/tmp"]);
});

function logger() {
  return tool({
    name: "sync",
    description: "Syncs.",
    parameters: t.object({}),
    logger: quiet,
    execute: async (_args, _context, { log }) => {
      log?.("info", { phase: "start" });
      log?.("warning", "slow disk");
      return "Synced.";
    },
  });
}

streamed("log: a log event (before the call's result), onLog, and a span event; a bad level is refused", async () => {
  const { chat } = scriptedChat({ calls: [["call_s", "sync", {}]] }, { text: "Done." });
  const logs: unknown[] = [];
  const events: LoopEvent[] = [];
  for await (const event of streamTools({
    provider: "openai",
    chat,
    request,
    tools: [logger()],
    onLog: (entry) => logs.push([entry.level, entry.data, entry.call.id]),
  }))
    events.push(event);
  const kept = events
    .filter((e) => e.type === "log" || e.type === "tool-result")
    .map((e) => (e.type === "log" ? [e.level, e.data, e.id] : e.type));
  assert.equal(kept, [["info", { phase: "start" }, "call_s"], ["warning", "slow disk", "call_s"], "tool-result"]);
  assert.equal(logs, [
    ["info", { phase: "start" }, "call_s"],
    ["warning", "slow disk", "call_s"],
  ]);

  const spans: { name: string; events: [string, unknown][] }[] = [];
  const tracer = {
    startSpan(name: string) {
      const span = { name, events: [] as [string, unknown][] };
      spans.push(span);
      return {
        setAttribute: () => {},
        setStatus: () => {},
        addEvent: (event: string, attributes: unknown) => void span.events.push([event, attributes]),
        end: () => {},
      };
    },
  };
  const again = scriptedChat({ calls: [["call_s", "sync", {}]] }, { text: "Done." });
  await runTools({ provider: "openai", chat: again.chat, request, tools: [logger()], tracer: tracer as any });
  assert.equal(spans.find((s) => s.name === "execute_tool sync")!.events, [
    ["log info", { "tooltype.log.data": '{"phase":"start"}' }],
    ["log warning", { "tooltype.log.data": '"slow disk"' }],
  ]);

  const bad = tool({
    name: "sync",
    description: "Syncs.",
    parameters: t.object({}),
    logger: quiet,
    execute: (_args, _context, { log }) => (log!("loud" as any, 1), "no"),
  });
  const third = scriptedChat({ calls: [["call_s", "sync", {}]] }, { text: "Done." });
  await runTools({ provider: "openai", chat: third.chat, request, tools: [bad], onLog: () => {} });
  assert.match(toolAnswer(third.sent), /log: the level must be one of debug, info/);
});

streamed(
  "runTools with nobody reading logs: log is absent (nothing is dropped silently); sample only with onSample",
  async () => {
    const seen: Record<string, boolean> = {};
    const probe = tool({
      name: "probe",
      description: "Probes.",
      parameters: t.object({}),
      logger: quiet,
      execute: async (_args, _context, extras) => {
        seen.log = typeof extras.log === "function";
        seen.sample = typeof extras.sample === "function";
        seen.elicit = typeof extras.elicit === "function";
        return extras.sample
          ? (await extras.sample({ messages: [{ role: "user", content: { type: "text", text: "Hi" } }], maxTokens: 5 }))
              .model
          : "none";
      },
    });
    const first = scriptedChat({ calls: [["call_p", "probe", {}]] }, { text: "Done." });
    await runTools({ provider: "openai", chat: first.chat, request, tools: [probe] });
    assert.equal(seen, { log: false, sample: false, elicit: true });
    const second = scriptedChat({ calls: [["call_p", "probe", {}]] }, { text: "Done." });
    const asked: unknown[] = [];
    await runTools({
      provider: "openai",
      chat: second.chat,
      request,
      tools: [probe],
      onSample: (req, { call }) => (
        asked.push([req.maxTokens, call.id]),
        { role: "assistant", content: { type: "text", text: "Hello" }, model: "small-model" }
      ),
    });
    assert.equal(seen, { log: false, sample: true, elicit: true });
    assert.equal(asked, [[5, "call_p"]]);
    assert.is(toolAnswer(second.sent), "small-model");
  },
);

streamed.run();

// Types: resume takes approvals and answers together.
export const typed = (state: LoopState, options: Parameters<typeof resume>[2]) =>
  resume(
    state,
    { call_1: true, call_2: { action: "accept", content: { ok: true } }, call_3: { action: "cancel" } },
    options,
  );
