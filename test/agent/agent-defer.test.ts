// Tools loaded on demand (`defer: true`): Anthropic and OpenAI Responses get `defer_loading` and their own tool
// search tool; elsewhere the loop offers `find_tools` and sends the tools it finds from the next turn on, appended
// at the end of the tools in the order found (the list before them never changes, for prompt caching). A call to a
// deferred tool not found yet is refused with a message pointing to `find_tools`. What was found is kept in the
// signed state, so it survives `resume`.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, tool, runTools, resume, StateError, type LoopState } from "tooltype";
import { scriptedChat as openai } from "../support/scripted-chat.js";

const KEY = "0123456789abcdef0123456789abcdef-defer-key";
const quiet = { error: () => {}, warn: () => {} };
function kit() {
  const ran: string[] = [];
  const weather = tool({
    name: "get_weather",
    description: "Current weather for a city.",
    parameters: t.object({ city: t.string() }),
    logger: quiet,
    execute: ({ city }) => (ran.push(`weather ${city}`), `Sunny in ${city}`),
  });
  const email = tool({
    name: "send_email",
    description: "Sends an email to one address.",
    parameters: t.object({ to: t.string() }),
    defer: true,
    logger: quiet,
    execute: ({ to }) => (ran.push(`email ${to}`), `sent to ${to}`),
  });
  const listEmails = tool({
    name: "list_emails",
    description: "Lists the emails in the inbox.",
    parameters: t.object({}),
    defer: true,
    logger: quiet,
    execute: () => (ran.push("list"), []),
  });
  const invoice = tool({
    name: "create_invoice",
    description: "Creates an invoice for a customer.",
    parameters: t.object({ customer: t.string() }),
    defer: true,
    needsApproval: true,
    logger: quiet,
    execute: ({ customer }) => (ran.push(`invoice ${customer}`), "INV-1"),
  });
  return { ran, list: [weather, email, listEmails, invoice] };
}

const request = { model: "gpt-4o-mini", messages: [{ role: "user" as const, content: "Email Ann." }] };
const names = (sent: any) => (sent.tools ?? []).map((x: any) => x.function?.name ?? x.name ?? x.type);

const native = suite("defer: providers with their own tool search");

native(
  "anthropic: defer_loading on the deferred tools and the regex tool search first; a found tool's call runs",
  async () => {
    const { ran, list } = kit();
    const sent: any[] = [];
    const answers = [
      {
        content: [
          { type: "server_tool_use", id: "srv_1", name: "tool_search_tool_regex", input: { pattern: "email" } },
          { type: "tool_use", id: "toolu_1", name: "send_email", input: { to: "ann@example.org" } },
        ],
        stop_reason: "tool_use",
      },
      { content: [{ type: "text", text: "Sent." }], stop_reason: "end_turn" },
    ];
    const out = await runTools({
      provider: "anthropic",
      chat: (r: any) => (sent.push(structuredClone(r)), answers[sent.length - 1]),
      request: { model: "claude", max_tokens: 100, messages: [{ role: "user" as const, content: "Email Ann." }] },
      tools: list,
    });
    assert.is(out.text, "Sent.");
    assert.equal(ran, ["email ann@example.org"]);
    const tools = sent[0].tools;
    assert.equal(tools[0], { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" });
    assert.equal(
      tools.map((x: any) => [x.name, x.defer_loading]),
      [
        ["tool_search_tool_regex", undefined],
        ["get_weather", undefined],
        ["send_email", true],
        ["list_emails", true],
        ["create_invoice", true],
      ],
    );
    assert.equal(sent[1].tools, tools, "the same tools every turn");
    assert.is(
      sent[1].messages[1].content[0].type,
      "server_tool_use",
      "the search block goes back as the model wrote it",
    );
  },
);

native("anthropic: without a deferred tool, no tool search and no defer_loading", async () => {
  const sent: any[] = [];
  const weather = kit().list[0]!;
  await runTools({
    provider: "anthropic",
    chat: (r: any) => (sent.push(r), { content: [{ type: "text", text: "ok" }], stop_reason: "end_turn" }),
    request: { model: "claude", max_tokens: 100, messages: [] },
    tools: [weather],
  });
  assert.equal(
    sent[0].tools.map((x: any) => Object.keys(x).sort()),
    [["description", "input_schema", "name"]],
  );
});

native(
  "responses: { type: 'tool_search' } first and defer_loading on the deferred functions; a found tool's call runs",
  async () => {
    const { ran, list } = kit();
    const sent: any[] = [];
    const answers = [
      {
        output: [
          { type: "tool_search_call", id: "ts_1", status: "completed" },
          { type: "function_call", call_id: "call_1", name: "send_email", arguments: '{"to":"ann@example.org"}' },
        ],
      },
      { output: [{ type: "message", content: [{ type: "output_text", text: "Sent." }] }] },
    ];
    const out = await runTools({
      provider: "responses",
      chat: (r: any) => (sent.push(structuredClone(r)), answers[sent.length - 1]),
      request: { model: "gpt-5.4", input: "Email Ann." },
      tools: list,
    });
    assert.is(out.text, "Sent.");
    assert.equal(ran, ["email ann@example.org"]);
    assert.equal(
      sent[0].tools.map((x: any) => [x.name ?? x.type, x.defer_loading]),
      [
        ["tool_search", undefined],
        ["get_weather", undefined],
        ["send_email", true],
        ["list_emails", true],
        ["create_invoice", true],
      ],
    );
    assert.ok(
      sent[1].input.some((item: any) => item.type === "tool_search_call"),
      "the search item goes back into the input",
    );
  },
);

native.run();

const portable = suite("defer: the loop's find_tools");

portable(
  "step 1 offers the tools not deferred and find_tools; what find_tools finds is sent from the next turn and runs",
  async () => {
    const { ran, list } = kit();
    const { chat, sent } = openai(
      { calls: [["c1", "find_tools", { query: "send an email" }]] },
      { calls: [["c2", "send_email", { to: "ann@example.org" }]] },
      { text: "Sent." },
    );
    const out = await runTools({ provider: "openai", chat, request, tools: list });
    assert.is(out.text, "Sent.");
    assert.equal(names(sent[0]), ["get_weather", "find_tools"]);
    // "send" and "email" are words of send_email's name (2 each) and description (1 each); list_emails only has "email".
    const found = JSON.parse(out.messages[2] ? String((out.messages[2] as any).content) : "null");
    assert.equal(
      found.found.map((f: any) => f.name),
      ["send_email", "list_emails"],
    );
    assert.equal(names(sent[1]), ["get_weather", "find_tools", "send_email", "list_emails"]);
    assert.equal(sent[1].tools[2].function.parameters.required, ["to"], "the found tool is sent whole");
    assert.equal(ran, ["email ann@example.org"]);
  },
);

portable(
  "find_tools ranks by name words (2), description words (1) and the whole name (10), at most limit",
  async () => {
    const { list } = kit();
    const { chat } = openai(
      {
        calls: [
          ["c1", "find_tools", { query: "list_emails", limit: 1 }],
          ["c2", "find_tools", { query: "zebra" }],
          ["c3", "find_tools", { query: "customer" }],
        ],
      },
      { text: "ok" },
    );
    const out = await runTools({ provider: "openai", chat, request, tools: list });
    const answers = out.messages.slice(2, 5).map((m: any) => JSON.parse(m.content));
    assert.equal(
      answers[0].found.map((f: any) => f.name),
      ["list_emails"],
    );
    assert.equal(answers[1], { found: [], note: "No tool matched; try other words." });
    assert.equal(
      answers[2].found.map((f: any) => f.name),
      ["create_invoice"],
      "description words are searched too",
    );
    assert.not.ok(
      answers.flatMap((a: any) => a.found).some((f: any) => f.name === "get_weather"),
      "only deferred tools are searched",
    );
  },
);

portable("a call to a deferred tool not found yet is refused, pointing to find_tools; it does not run", async () => {
  const { ran, list } = kit();
  const { chat, sent } = openai({ calls: [["c1", "send_email", { to: "ann@example.org" }]] }, { text: "ok" });
  const out = await runTools({ provider: "openai", chat, request, tools: list });
  assert.equal(ran, []);
  const answer = String((out.messages[2] as any).content);
  assert.match(answer, /send_email" is loaded on demand and has not been found yet/);
  assert.match(answer, /Call find_tools/);
  assert.equal(names(sent[1]), ["get_weather", "find_tools"], "refusing does not reveal it");
});

portable("the tools array only grows at its end, in the order found; no cache advice for it", async () => {
  const { list } = kit();
  const issues: string[] = [];
  const { chat, sent } = openai(
    { calls: [["c1", "find_tools", { query: "inbox" }]] },
    { calls: [["c2", "get_weather", { city: "Oslo" }]] },
    {
      calls: [
        ["c3", "find_tools", { query: "email send" }],
        ["c4", "find_tools", { query: "invoice" }],
      ],
    },
    { text: "ok" },
  );
  await runTools({ provider: "openai", chat, request, tools: list, onIssue: (i) => issues.push(i.message) });
  const lists = sent.map(names);
  assert.equal(lists, [
    ["get_weather", "find_tools"],
    ["get_weather", "find_tools", "list_emails"],
    ["get_weather", "find_tools", "list_emails"],
    ["get_weather", "find_tools", "list_emails", "send_email", "create_invoice"],
  ]);
  for (let i = 1; i < sent.length; i++)
    assert.equal(
      sent[i].tools.slice(0, sent[i - 1].tools.length),
      sent[i - 1].tools,
      `turn ${i + 1} starts with turn ${i}'s tools`,
    );
  assert.equal(issues, []);
});

portable("prepareStep's tools narrow the turn; a deferred tool among them is sent once found", async () => {
  const { list } = kit();
  const { chat, sent } = openai({ calls: [["c1", "find_tools", { query: "email" }]] }, { text: "ok" });
  const out = await runTools({
    provider: "openai",
    chat,
    request,
    tools: list,
    prepareStep: () => ({ tools: ["send_email"] }),
  });
  assert.equal(sent.map(names), [["find_tools"], ["find_tools", "send_email"]]);
  const found = JSON.parse((out.messages[2] as any).content).found.map((f: any) => f.name);
  assert.equal(found, ["send_email"], "list_emails matches too, but this turn keeps it out: never described");
});

portable("find_tools never describes a tool prepareStep keeps out of the turn, whatever the words", async () => {
  const { list } = kit();
  const { chat } = openai(
    { calls: [["c1", "find_tools", { query: "create_invoice" }]] },
    { calls: [["c2", "find_tools", { query: "create_invoice" }]] },
    { text: "ok" },
  );
  const out = await runTools({
    provider: "openai",
    chat,
    request,
    tools: list,
    prepareStep: ({ step }) => ({ tools: step === 1 ? ["get_weather"] : ["get_weather", "create_invoice"] }),
  });
  const answers = [2, 4].map((i) => JSON.parse((out.messages[i] as any).content));
  assert.equal(answers[0], { found: [], note: "No tool matched; try other words." }, "turn 1 keeps it out");
  assert.equal(
    answers[1].found.map((f: any) => f.name),
    ["create_invoice"],
    "turn 2 offers it",
  );
});

// Calls of the operations a search can compare words with, while `run` runs: the same count on every machine.
async function comparisons(run: () => Promise<unknown>): Promise<number> {
  const patched: [any, string, (...args: any[]) => unknown][] = [
    [String.prototype, "startsWith", String.prototype.startsWith],
    [String.prototype, "includes", String.prototype.includes],
    [Array.prototype, "some", Array.prototype.some],
    [Array.prototype, "indexOf", Array.prototype.indexOf],
    [Map.prototype, "get", Map.prototype.get],
    [Set.prototype, "has", Set.prototype.has],
  ];
  let count = 0;
  for (const [proto, key, original] of patched)
    proto[key] = function (this: unknown, ...args: unknown[]) {
      count++;
      return original.apply(this, args);
    };
  try {
    await run();
  } finally {
    for (const [proto, key, original] of patched) proto[key] = original;
  }
  return count;
}

portable("a hostile search: the query is bounded, and work grows linearly with the tools and the query", async () => {
  const words = Array.from({ length: 400 }, (_, i) => `word${i.toString(36)}x`);
  const deferred = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      tool({
        name: `tool_${i}`,
        description: `Does ${words.slice(i % 300, (i % 300) + 12).join(" ")} things.`,
        parameters: t.object({}),
        defer: true,
        logger: quiet,
        execute: () => 1,
      }),
    );
  const query = (chars: number) => words.join(" ").slice(0, chars);
  const search = async (tools: number, chars: number) => {
    const list = deferred(tools);
    const { chat } = openai({ calls: [["c1", "find_tools", { query: query(chars) }]] }, { text: "ok" });
    let work = 0;
    let searching: Promise<number> | undefined;
    let done: () => void = () => {};
    // Counted from the model's answer to the next request: the search, and the loop's bookkeeping around it.
    const counted = (request: any) => {
      const answer = chat(request);
      if (!searching) searching = comparisons(() => new Promise<void>((resolve) => (done = resolve)));
      else done();
      return answer;
    };
    const out = await runTools({ provider: "openai", chat: counted, request, tools: list });
    work = await searching!;
    return { work, answer: JSON.parse((out.messages[2] as any).content) };
  };
  const small = await search(250, 250);
  const large = await search(1_000, 1_000);
  assert.ok(small.answer.found.length > 0 && large.answer.found.length > 0, "the words find tools");
  assert.ok(large.work <= 4.5 * small.work, `4 times the tools and the query: ${small.work} then ${large.work}`);
  assert.ok(large.work <= 40 * (1_000 + 1_000), `${large.work} comparisons for 1,000 tools and 1,000 characters`);

  const { chat } = openai({ calls: [["c1", "find_tools", { query: "email ".repeat(11_000) }]] }, { text: "ok" });
  const out = await runTools({ provider: "openai", chat, request, tools: kit().list });
  const refused = String((out.messages[2] as any).content);
  assert.match(refused, /query/);
  assert.match(refused, /1000/);
  console.log(
    `hostile find_tools: ${small.work} comparisons for 250 tools and 250 characters, ${large.work} for 1,000 and 1,000; a 66,000-character query refused`,
  );
});

portable("gemini gets find_tools among its function declarations", async () => {
  const sent: any[] = [];
  await runTools({
    provider: "gemini",
    chat: (r: any) => (sent.push(r), { candidates: [{ content: { role: "model", parts: [{ text: "ok" }] } }] }),
    request: { contents: "hi" },
    tools: kit().list,
  });
  assert.equal(
    sent[0].config.tools[0].functionDeclarations.map((d: any) => d.name),
    ["get_weather", "find_tools"],
  );
});

portable("a tool named find_tools beside deferred tools is a TypeError", async () => {
  const own = tool({ name: "find_tools", description: "Mine.", parameters: t.object({}), execute: () => 1 });
  const error = await runTools({ provider: "openai", chat: () => ({}), request, tools: [own, ...kit().list] }).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(error, TypeError);
  assert.match((error as Error).message, /named "find_tools".*rename it/);
});

portable.run();

const saved = suite("defer: what was found survives resume");

// Finds create_invoice (which needs approval), then calls it: the run pauses with a state.
async function pausedAfterDiscovery() {
  const own = kit();
  const { chat } = openai(
    { calls: [["c1", "find_tools", { query: "invoice" }]] },
    { calls: [["c2", "create_invoice", { customer: "Ann" }]] },
  );
  const out = await runTools({ provider: "openai", chat, request, tools: own.list, stateKey: KEY });
  assert.is(out.finishReason, "approval");
  return JSON.parse(JSON.stringify(out.state)) as LoopState;
}

saved(
  "the paused state lists what was found; resumed with fresh tools, the next turn sends it at the same place",
  async () => {
    const state = await pausedAfterDiscovery();
    assert.equal(state.discovered, ["create_invoice"]);
    const fresh = kit();
    const { chat, sent } = openai({ calls: [["c3", "find_tools", { query: "email send" }]] }, { text: "Done." });
    const out = await resume(state, { c2: true }, { provider: "openai", chat, tools: fresh.list, stateKey: KEY });
    assert.is(out.text, "Done.");
    assert.equal(fresh.ran, ["invoice Ann"]);
    assert.equal(names(sent[0]), ["get_weather", "find_tools", "create_invoice"]);
    assert.equal(names(sent[1]), ["get_weather", "find_tools", "create_invoice", "send_email", "list_emails"]);
  },
);

saved("every checkpoint carries what was found so far; a state between turns resumes with it", async () => {
  const states: LoopState[] = [];
  const first = openai({ calls: [["c1", "find_tools", { query: "inbox" }]] }, { text: "Stop here." });
  await runTools({
    provider: "openai",
    chat: first.chat,
    request,
    tools: kit().list,
    stateKey: KEY,
    onCheckpoint: (s) => void states.push(JSON.parse(JSON.stringify(s))),
  });
  assert.equal(
    states.map((s) => s.discovered),
    [undefined, ["list_emails"], ["list_emails"], ["list_emails"]],
    "absent until something is found",
  );
  const between = states.find((s) => s.id.endsWith(":1:next"))!;
  const again = openai({ text: "Again." });
  await resume(between, {}, { provider: "openai", chat: again.chat, tools: kit().list, stateKey: KEY });
  assert.equal(names(again.sent[0]), ["get_weather", "find_tools", "list_emails"]);
});

saved("discovered is signed: adding a name is refused as a change", async () => {
  const state = await pausedAfterDiscovery();
  const forged = { ...state, discovered: ["create_invoice", "send_email"] };
  const error = await resume(
    forged,
    { c2: true },
    { provider: "openai", chat: () => ({}), tools: kit().list, stateKey: KEY },
  ).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(error, StateError);
  assert.is((error as StateError).code, "changed");
  const bad = await resume(
    { ...state, discovered: "send_email" },
    { c2: true },
    { provider: "openai", chat: () => ({}), tools: kit().list, stateKey: KEY },
  ).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(bad, StateError);
  assert.is((bad as StateError).code, "malformed");
  assert.match((bad as Error).message, /discovered tools must be a list of tool names/);
});

saved("names that are no longer deferred tools are dropped on resume", async () => {
  const state = await pausedAfterDiscovery();
  const { list } = kit();
  const { chat, sent } = openai({ text: "ok" });
  await resume(
    state,
    { c2: false },
    { provider: "openai", chat, tools: list.filter((x) => x.name !== "create_invoice"), stateKey: KEY },
  );
  assert.equal(names(sent[0]), ["get_weather", "find_tools"]);
});

saved.run();
