// Providers are values: a provider written outside tooltype with the public types runs in the lean loop; the lean
// entries refuse a name; and what the loop or parseToolCalls cannot read as the provider's response (nothing, a
// message, another provider's response) is a TypeError naming what was received and what was expected.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { runTools, streamTools } from "tooltype/agent";
import { parseToolCalls, responseMismatch, type ProviderAdapter } from "tooltype/calls";
import { t, tool, toOpenAIFormat, runTools as rootRunTools } from "tooltype";
import { openai } from "tooltype/providers/openai";
import { anthropic } from "tooltype/providers/anthropic";
import { gemini } from "tooltype/providers/gemini";

const values = suite("providers are values");

type Turn = { role: "user" | "bot" | "result"; text?: string; calls?: unknown[]; ref?: string; output?: string };
type TinyTypes = { tool: Turn; assistant: Turn; request: { turns?: readonly Turn[] }; conversation: "turns" };
interface TinyReply {
  readonly reply: { readonly text?: string; readonly calls?: { ref: string; fn: string; args: unknown }[] };
}
const tiny: ProviderAdapter<"tiny", TinyTypes> = {
  name: "tiny",
  conversation: "turns",
  responseIssue: (response) => responseMismatch(response, "tiny", ["reply"], "{ reply: { text, calls } }"),
  calls: (response) =>
    ((response as TinyReply).reply.calls ?? []).map((c) => ({ id: c.ref, name: c.fn, arguments: c.args })),
  toolMessages: (results) =>
    results.map((r) => ({
      role: "result",
      ref: r.id,
      output: JSON.stringify(r.result.success ? r.result.value : r.result.error),
    })),
  assistantMessages: (response) => [{ role: "bot", ...(response as TinyReply).reply }],
  text: (response) => (response as TinyReply).reply.text,
  withTools: (request, tools) => ({ ...request, functions: tools.map((x) => toOpenAIFormat(x).function) }),
  userMessage: (text) => ({ role: "user", text }),
};

const add = tool({
  name: "add",
  description: "Adds two numbers.",
  parameters: t.object({ a: t.number(), b: t.number() }),
  execute: ({ a, b }) => a + b,
});

values(
  "a provider of one's own, with the public types only, runs in the lean loop and types its messages",
  async () => {
    const replies: TinyReply[] = [
      { reply: { calls: [{ ref: "r1", fn: "add", args: { a: 2, b: 3 } }] } },
      { reply: { text: "5" } },
    ];
    const requests: unknown[] = [];
    let turn = 0;
    const { text, messages } = await runTools({
      provider: tiny,
      chat: async (request) => {
        requests.push(structuredClone(request));
        return replies[turn++];
      },
      request: { turns: [{ role: "user", text: "2 + 3?" }] },
      tools: [add],
    });
    assert.is(text, "5");
    const answer: Turn = messages[2]!; // typed by the provider's ProviderTypes
    assert.equal(answer, { role: "result", ref: "r1", output: "5" });
    assert.equal((requests[0] as { functions: { name: string }[] }).functions[0]!.name, "add");
    assert.equal(
      (requests[1] as { turns: Turn[] }).turns.map((m) => m.role),
      ["user", "bot", "result"],
    );
  },
);

values("the lean entries refuse a name, saying what to import; the root entry takes it", async () => {
  const chat = async () => ({ choices: [{ message: { role: "assistant", content: "hi" } }] });
  const request = { model: "m", messages: [{ role: "user" as const, content: "hi" }] };
  try {
    await runTools({ provider: "openai" as never, chat, request });
    assert.unreachable("a name was taken by tooltype/agent");
  } catch (error) {
    assert.instance(error, TypeError);
    assert.match(
      String(error),
      /runTools: provider must be a provider value \(import \{ openai \} from "tooltype\/providers\/openai"/,
    );
    assert.match(String(error), /received the name "openai"/);
  }
  assert.is((await rootRunTools({ provider: "openai", chat, request })).text, "hi");
  assert.is((await runTools({ provider: openai, chat, request })).text, "hi");
});

// What chat returned, and what the error must say of it.
const WRONG: [string, ProviderAdapter, unknown, RegExp][] = [
  ["undefined", openai, undefined, /received undefined; expected a response of the openai provider \(an object\)/],
  ["a number", anthropic, 42, /received 42; expected a response of the anthropic provider/],
  [
    "a message where a response belongs",
    openai,
    { role: "assistant", content: "hi" },
    /received an assistant message \(\{"role":"assistant","content":"hi"\}\) where a response of the openai provider belongs; expected a Chat Completions response \(with choices\)/,
  ],
  [
    "another provider's response",
    gemini,
    { choices: [{ message: { role: "assistant", content: "hi" } }] },
    /received an object \(\{"choices":.*\) where a response of the gemini provider belongs; expected a generateContent response \(with candidates\)/,
  ],
  [
    "an Anthropic response given to OpenAI",
    openai,
    { type: "message", role: "assistant", content: [{ type: "text", text: "hi" }] },
    /received an assistant message .* where a response of the openai provider belongs/,
  ],
];

values("what the loop cannot read as the provider's response is a TypeError, never a silent stop", async () => {
  for (const [what, provider, answer, said] of WRONG) {
    const options = {
      provider,
      chat: async () => answer,
      request: { model: "m", messages: [{ role: "user", content: "hi" }], contents: [] },
      tools: [add],
    };
    try {
      const out = await runTools(options);
      assert.unreachable(`${what}: the loop ended with ${out.finishReason}`);
    } catch (error) {
      assert.instance(error, TypeError, what);
      assert.match(String(error), /runTools: what chat returned: /, what);
      assert.match(String(error), said, what);
    }
    let streamed: unknown;
    try {
      for await (const _ of streamTools(options));
    } catch (error) {
      streamed = error;
    }
    assert.instance(streamed, TypeError, `${what}, streamTools`);
    assert.match(String(streamed), said, `${what}, streamTools`);
  }
});

values("parseToolCalls: the same values are a TypeError naming them", () => {
  for (const [what, provider, answer, said] of WRONG) {
    assert.throws(
      () => parseToolCalls(answer, provider),
      (e: unknown) => e instanceof TypeError && e.message.startsWith("parseToolCalls: ") && said.test(e.message),
      what,
    );
  }
});

values.run();
