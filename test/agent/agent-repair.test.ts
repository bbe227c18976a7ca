// Repair, bounded: the lenient reading of near-JSON arguments and the repair hook, each adopted only when the
// tool's guard then accepts the result; the conversation shows the arguments the tool really ran on.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, tool, runTools, streamTools, lenientArguments, httpChat, type LoopEvent, type RepairInput } from "tooltype";
import { fakeProvider } from "../support/fake-provider.js";
import { turnText, type StreamProvider } from "../support/provider-streams.js";

const quiet = { error: () => {}, warn: () => {} };

// ---- lenientArguments -----------------------------------------------------------------------------------

const lenient = suite("lenientArguments: near-JSON read as what it meant, guided by the schema");
const schema = {
  type: "object",
  properties: {
    city: { type: "string" },
    days: { type: "integer" },
    ratio: { type: ["number", "null"] },
    tags: { type: "array", items: { type: "string" } },
    where: { $ref: "#/$defs/Point" },
    note: { type: "string" },
    free: { type: ["string", "number"] },
  },
  $defs: { Point: { type: "object", properties: { lat: { type: "number" } } } },
};

lenient("a Markdown code fence, trailing commas, single quotes", () => {
  assert.equal(lenientArguments('```json\n{"city": "Paris", "days": 3,}\n```', schema), { city: "Paris", days: 3 });
  assert.equal(lenientArguments("```\n{'city': 'Rome', 'tags': ['a', 'b',],}\n```", schema), {
    city: "Rome",
    tags: ["a", "b"],
  });
  assert.equal(lenientArguments(`{'city': 'l\\'Aquila', 'note': 'say "hi"'}`, schema), {
    city: "l'Aquila",
    note: 'say "hi"',
  });
  assert.equal(lenientArguments('{"note": "a, } and \'quotes\' stay", }', schema), { note: "a, } and 'quotes' stay" });
});

lenient("a nested object or array sent as a JSON string, a number sent as a string", () => {
  assert.equal(lenientArguments({ tags: '["x", "y"]', where: '{"lat": "48.85"}' }, schema), {
    tags: ["x", "y"],
    where: { lat: 48.85 },
  });
  assert.equal(lenientArguments({ days: "7", ratio: "0.5" }, schema), { days: 7, ratio: 0.5 });
  assert.equal(lenientArguments('{"days": "7"}', schema), { days: 7 });
});

lenient("leaves alone what the schema allows as a string, or what is not clearly a number", () => {
  assert.is(lenientArguments({ note: "42", free: "42" }, schema), undefined, "strings where strings are allowed");
  assert.is(lenientArguments({ days: "7.5" }, schema), undefined, "not an integer");
  assert.is(lenientArguments({ days: "0x10" }, schema), undefined);
  assert.is(lenientArguments({ days: " 12abc" }, schema), undefined);
  assert.is(lenientArguments({ tags: "[not json" }, schema), undefined);
  assert.is(lenientArguments("not json at all", schema), undefined);
  assert.is(lenientArguments({ city: "Paris" }, schema), undefined, "nothing to fix");
});

lenient("hostile input: deep nesting and __proto__ keys cannot crash it or reach a prototype", () => {
  const deep = "[".repeat(5000) + "]".repeat(5000);
  assert.not.throws(() => lenientArguments({ tags: deep }, schema));
  const out = lenientArguments('{"__proto__": {"polluted": 1}, "days": "2",}', {
    type: "object",
    properties: { days: { type: "integer" } },
  }) as Record<string, unknown>;
  assert.equal(Object.keys(out), ["__proto__", "days"]);
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  const recursive = { $ref: "#", type: "object", properties: { next: { $ref: "#" }, n: { type: "integer" } } };
  let value: any = { n: "1" };
  for (let i = 0; i < 200; i++) value = { next: value };
  assert.not.throws(() => lenientArguments(value, recursive));
});

// ---- the loop: lenient and repair on real streamed turns -------------------------------------------------

const loop = suite("repair in the loop: adopted only when the guard accepts; the conversation shows what ran");

const book = () => {
  const got: unknown[] = [];
  const booking = tool({
    name: "book",
    description: "Books nights in a city.",
    parameters: t.object({
      city: t.string(),
      nights: t.integer({ minimum: 1 }),
      guests: t.optional(t.array(t.string())),
    }),
    logger: quiet,
    execute: (args) => (got.push(args), `booked ${args.nights} nights in ${args.city}`),
  });
  return { got, booking };
};
const answer = (provider: StreamProvider) => turnText(provider, { text: "Booked." }, 2);

// The arguments of the assistant turn's call as the next request sends them back.
function sentBack(provider: StreamProvider, body: any): unknown {
  if (provider === "openai") return JSON.parse(body.messages[1].tool_calls[0].function.arguments);
  if (provider === "responses") return JSON.parse(body.input.find((i: any) => i.type === "function_call").arguments);
  if (provider === "anthropic") return body.messages[1].content.find((b: any) => b.type === "tool_use").input;
  return body.contents[1].parts.find((p: any) => p.functionCall).functionCall.args;
}
const REQUEST: Record<StreamProvider, object> = {
  openai: { model: "m", messages: [{ role: "user", content: "Book Paris" }] },
  responses: { model: "m", input: "Book Paris" },
  anthropic: { model: "m", max_tokens: 100, messages: [{ role: "user", content: "Book Paris" }] },
  gemini: { model: "m", contents: "Book Paris" },
};

for (const provider of ["openai", "responses", "anthropic", "gemini"] as StreamProvider[]) {
  loop(`${provider}: a lenient fix runs, is reported, and replaces the arguments in the conversation`, async () => {
    // Gemini sends arguments as objects: only the schema-guided fixes apply there.
    const args =
      provider === "gemini"
        ? '{"city":"Paris","nights":"3","guests":"[\\"Ann\\"]"}'
        : "{'city': 'Paris', 'nights': '3', 'guests': '[\"Ann\"]',}";
    const fake = await fakeProvider(
      provider,
      [{ sse: turnText(provider, { calls: [{ id: "call_1", name: "book", args }] }) }, { sse: answer(provider) }],
      "fetch",
    );
    const { got, booking } = book();
    const events: LoopEvent[] = [];
    for await (const e of streamTools({
      provider,
      chat: httpChat(provider, { baseURL: fake.baseURL, fetch: fake.fetch! }),
      request: REQUEST[provider],
      tools: [booking],
      lenient: true,
    }))
      events.push(e);
    assert.equal(got, [{ city: "Paris", nights: 3, guests: ["Ann"] }]);
    const result = events.find((e) => e.type === "tool-result") as Extract<LoopEvent, { type: "tool-result" }>;
    assert.is(result.repaired, "lenient");
    assert.equal(result.result, { success: true, value: "booked 3 nights in Paris" });
    assert.equal(sentBack(provider, fake.requests[1]!.body), { city: "Paris", nights: 3, guests: ["Ann"] });
    const call = events.find((e) => e.type === "tool-call") as Extract<LoopEvent, { type: "tool-call" }>;
    assert.equal(call.call.arguments, { city: "Paris", nights: 3, guests: ["Ann"] });
  });
}

loop("without lenient, the same arguments go back to the model as the guard's error", async () => {
  const fake = await fakeProvider(
    "openai",
    [
      { sse: turnText("openai", { calls: [{ id: "call_1", name: "book", args: '{"city":"Paris","nights":"3"}' }] }) },
      { sse: answer("openai") },
    ],
    "fetch",
  );
  const { got, booking } = book();
  await runTools({
    provider: "openai",
    chat: httpChat("openai", { baseURL: fake.baseURL, fetch: fake.fetch! }),
    request: REQUEST.openai,
    tools: [booking],
  });
  assert.equal(got, []);
  assert.match(
    fake.requests[1]!.body.messages[2].content,
    /Invalid arguments for tool "book":\n- at \/nights: Expected integer, received string/,
  );
});

loop("a lenient fix the guard still refuses is not adopted: the model gets the error for what it sent", async () => {
  const fake = await fakeProvider(
    "openai",
    [
      {
        sse: turnText("openai", { calls: [{ id: "call_1", name: "book", args: "{'city': 'Paris', 'nights': '0',}" }] }),
      },
      { sse: answer("openai") },
    ],
    "fetch",
  );
  const { got, booking } = book();
  await runTools({
    provider: "openai",
    chat: httpChat("openai", { baseURL: fake.baseURL, fetch: fake.fetch! }),
    request: REQUEST.openai,
    tools: [booking],
    lenient: true,
  });
  assert.equal(got, []);
  const body = fake.requests[1]!.body;
  assert.match(body.messages[2].content, /not valid JSON/);
  assert.match(
    body.messages[2].content,
    /Received: .*\{'city': 'Paris', 'nights': '0',\}/,
    "the model reads what it sent in the error",
  );
  assert.is(body.messages[1].tool_calls[0].function.arguments, "{}", "the history holds JSON every server takes back");
});

loop("the repair hook: text and error in, arguments out; asked once per call; adopted only when valid", async () => {
  const seen: RepairInput[] = [];
  const fake = await fakeProvider(
    "anthropic",
    [
      {
        sse: turnText("anthropic", {
          calls: [
            { id: "toolu_a", name: "book", args: '{"city":"Paris","nights":"three"}' },
            { id: "toolu_b", name: "book", args: '{"city":"Rome","nights":-1}' },
          ],
        }),
      },
      { sse: answer("anthropic") },
    ],
    "fetch",
  );
  const { got, booking } = book();
  const repair = (input: RepairInput) => {
    seen.push(input);
    if (input.text.includes("three")) return input.text.replace('"three"', "3"); // JSON text is fine
    return { city: "Rome", nights: 0 }; // still invalid: not adopted
  };
  const out = await runTools({
    provider: "anthropic",
    chat: httpChat("anthropic", { baseURL: fake.baseURL, fetch: fake.fetch! }),
    request: REQUEST.anthropic,
    tools: [booking],
    repair,
  });
  assert.is(seen.length, 2);
  assert.equal(seen[0]!.call.id, "toolu_a");
  assert.is(seen[0]!.text, '{"city":"Paris","nights":"three"}');
  assert.match(seen[0]!.error, /at \/nights: Expected integer/);
  assert.is(seen[0]!.tool.name, "book");
  assert.ok(seen[0]!.messages.length >= 2);
  assert.equal(got, [{ city: "Paris", nights: 3 }]);
  const answers = fake.requests[1]!.body.messages[2].content;
  assert.equal(
    answers.map((a: any) => [a.tool_use_id, a.is_error ?? false]),
    [
      ["toolu_a", false],
      ["toolu_b", true],
    ],
  );
  assert.match(
    answers[1].content,
    /at \/nights: Expected a number >= 1, received -1/,
    "the unrepaired call gets the error for what it sent",
  );
  assert.equal(
    fake.requests[1]!.body.messages[1].content.map((b: any) => b.input),
    [
      { city: "Paris", nights: 3 },
      { city: "Rome", nights: -1 },
    ],
  );
  assert.equal(
    out.steps[0]!.calls.map((c) => c.arguments),
    [
      { city: "Paris", nights: 3 },
      { city: "Rome", nights: -1 },
    ],
  );
});

loop("a repair hook that throws gives up; Anthropic input that never parsed is sent back as {}", async () => {
  const fake = await fakeProvider(
    "anthropic",
    [
      { sse: turnText("anthropic", { calls: [{ id: "toolu_a", name: "book", args: '{"city": "Par' }] }) },
      { sse: answer("anthropic") },
    ],
    "fetch",
  );
  const { got, booking } = book();
  await runTools({
    provider: "anthropic",
    chat: httpChat("anthropic", { baseURL: fake.baseURL, fetch: fake.fetch! }),
    request: REQUEST.anthropic,
    tools: [booking],
    repair: () => {
      throw new Error("the repairing model is down");
    },
  });
  assert.equal(got, []);
  const body = fake.requests[1]!.body;
  assert.equal(body.messages[1].content[0].input, {}, "the API takes only objects as tool_use input");
  assert.match(body.messages[2].content[0].content, /not valid JSON/);
});

loop("providers whose turns cannot be rewritten: the answer says what the tool ran on", async () => {
  const { got, booking } = book();
  const responses = [
    {
      choices: [
        {
          message: {
            role: "assistant",
            toolCalls: [{ id: "c1", function: { name: "book", arguments: '{"city":"Oslo","nights":"2"}' } }],
          },
        },
      ],
    },
    { choices: [{ message: { role: "assistant", content: "ok" } }] },
  ];
  const sent: any[] = [];
  await runTools({
    provider: "mistral",
    chat: (r) => (sent.push(r), responses[sent.length - 1]),
    request: { model: "m", messages: [] },
    tools: [booking],
    lenient: true,
  });
  assert.equal(got, [{ city: "Oslo", nights: 2 }]);
  const answerText = JSON.stringify(sent[1].messages.at(-1));
  assert.match(answerText, /Your arguments were read as/);
});

lenient.run();
loop.run();
