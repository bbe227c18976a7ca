// The agent loop's types: events narrow by `type`; SDK streaming methods fit `chat`; needsApproval and execute
// see the decoded arguments; resume takes the paused state; checkpoints are states; guardrails see the decoded
// arguments; calls get an idempotency key.
import type OpenAI from "openai";
import type Anthropic from "@anthropic-ai/sdk";
import {
  streamTools,
  resume,
  runTools,
  httpChat,
  stepCountIs,
  t,
  tool,
  type LoopEvent,
  type LoopState,
  type Usage,
} from "tooltype";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expect = <T extends true>(): T => true as T;

const email = tool({
  name: "send_email",
  description: "Sends an email.",
  parameters: t.object({ to: t.string(), when: t.optional(t.datetime()) }),
  needsApproval: ({ to, when }) => {
    expect<Equal<typeof to, string>>();
    expect<Equal<typeof when, Date | undefined>>();
    return !to.endsWith("@example.com");
  },
  timeout: 5_000,
  before: ({ arguments: { to, when } }) => {
    expect<Equal<typeof to, string>>();
    expect<Equal<typeof when, Date | undefined>>();
    return to.endsWith(".test") ? { refuse: "Not to test domains." } : { arguments: { to: to.toLowerCase() } };
  },
  after: (call, result) => (result.success ? { value: `${call.name}: ${String(result.value)}` } : undefined),
  wrap: (_call, next) => next(),
  execute: async ({ to }, _context, { signal, idempotencyKey }) => {
    expect<Equal<typeof signal, AbortSignal | undefined>>();
    expect<Equal<typeof idempotencyKey, string | undefined>>();
    return to;
  },
});

declare const openai: OpenAI;
declare const anthropic: Anthropic;

export async function events(): Promise<void> {
  for await (const event of streamTools({
    provider: "openai",
    chat: (request: OpenAI.ChatCompletionCreateParamsStreaming, { signal }) =>
      openai.chat.completions.create(request, { signal }),
    request: { model: "gpt-4o-mini", messages: [{ role: "user", content: "Hi" }], stream: true },
    tools: [email],
    stopWhen: stepCountIs(3),
  })) {
    if (event.type === "text-delta") expect<Equal<typeof event.text, string>>();
    if (event.type === "tool-call-delta") expect<Equal<typeof event.partial, unknown>>();
    if (event.type === "step-finish") expect<Equal<typeof event.usage, Usage | undefined>>();
    if (event.type === "step-finish" || event.type === "tool-call" || event.type === "tool-result")
      expect<Equal<typeof event.state, LoopState>>();
    if (event.type === "finish") expect<Equal<typeof event.state, LoopState | undefined>>();
  }
  const all: LoopEvent["type"][] = [
    "step-start",
    "text-delta",
    "tool-call-start",
    "tool-call-delta",
    "tool-call",
    "tool-result",
    "approval-required",
    "step-finish",
    "finish",
  ];
  void all;
  void streamTools({
    provider: "anthropic",
    chat: (request: Anthropic.MessageCreateParamsStreaming, { signal }) =>
      anthropic.messages.create(request, { signal }),
    request: { model: "m", max_tokens: 10, messages: [], stream: true },
    tools: [email],
  });
  const paused = await runTools({
    provider: "gemini",
    chat: httpChat("gemini", { apiKey: "k" }),
    request: { model: "gemini-2.5-flash", contents: "Hi" },
    tools: [email],
  });
  if (paused.state)
    await resume(
      paused.state,
      { [paused.state.pending[0]!.id]: { approved: false, reason: "no" } },
      { provider: "gemini", chat: httpChat("gemini"), tools: [email] },
    );
  // A paused elicitation: its answer beside approvals; elicit's value typed by its schema.
  if (paused.state?.elicitations)
    await resume(
      paused.state,
      {
        [paused.state.elicitations[0]!.id]: { action: "accept", content: { confirm: true } },
        other: { action: "cancel" },
        approved: true,
      },
      { provider: "gemini", chat: httpChat("gemini"), tools: [email] },
    );
  const wrong = { c: { action: "maybe" as const } };
  // @ts-expect-error: an answer's action is accept, decline or cancel
  if (paused.state) await resume(paused.state, wrong, { provider: "gemini", chat: httpChat("gemini") });
  tool({
    name: "ask",
    description: "Asks.",
    parameters: t.object({}),
    execute: async (_args, _context, { elicit, log }) => {
      log?.("info", { any: "json" });
      const answer = await elicit!("Sure?", t.object({ ok: t.boolean(), note: t.optional(t.string()) }));
      if (answer.action === "accept") expect<Equal<typeof answer.content, { ok: boolean; note?: string }>>();
      return "";
    },
  });
  await runTools({
    provider: "openai",
    chat: httpChat("openai"),
    request: { model: "m", messages: [] },
    onElicit: ({ call, message, schema }) =>
      call.name === "ask" && message && schema ? { action: "accept", content: { ok: true } } : undefined,
    onSample: async (request) => ({
      role: "assistant",
      content: { type: "text", text: String(request.maxTokens) },
      model: "m",
    }),
    onLog: ({ level, data, call }) => void [level, data, call.id],
  });
  const stateKey = new Uint8Array(32);
  const claim = async (stateId: string) => stateId.length > 0;
  const saved: string[] = [];
  await runTools({
    provider: "openai",
    chat: httpChat("openai"),
    request: { model: "m", messages: [] },
    tools: [email],
    stateKey,
    claim,
    onCheckpoint: (state) => void saved.push(JSON.stringify(state)),
    before: (call) => (call.name === "x" ? { refuse: "no" } : undefined),
  });
  await runTools({
    provider: "openai",
    chat: httpChat("openai"),
    request: { model: "m", messages: [] },
    tools: [email],
    // @ts-expect-error: a misspelt option is a type error too (and an error at run time)
    maxStep: 3,
  });
}
