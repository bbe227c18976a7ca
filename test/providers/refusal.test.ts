// A refusal, per provider: `adapter.refusal(response)` reads the provider's own signal (the text it gave, or a
// sentence naming the reason), and the loop ends with `finishReason: "stop"` and `refusal` set.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { type ADAPTERS, adapterOf, runTools, streamTools, type LoopEvent } from "tooltype";

const refusal = (provider: keyof typeof ADAPTERS, response: unknown) => adapterOf(provider).refusal?.(response);

const adapters = suite("adapter.refusal");

adapters("openai: message.refusal; null or empty is no refusal", () => {
  const answer = (message: object) => ({ choices: [{ index: 0, message, finish_reason: "stop" }] });
  assert.is(refusal("openai", answer({ role: "assistant", content: null, refusal: "I can't help." })), "I can't help.");
  assert.is(refusal("openai", answer({ role: "assistant", content: "Hi", refusal: null })), undefined);
  assert.is(refusal("openai", answer({ role: "assistant", content: "Hi", refusal: "" })), undefined);
  assert.is(refusal("openai", {}), undefined);
});

adapters("responses: refusal content parts, joined; an empty one is named; output_text is none", () => {
  const message = (content: object[]) => ({ output: [{ type: "message", role: "assistant", content }] });
  assert.is(
    refusal(
      "responses",
      message([
        { type: "refusal", refusal: "No, " },
        { type: "refusal", refusal: "sorry." },
      ]),
    ),
    "No, sorry.",
  );
  assert.match(refusal("responses", message([{ type: "refusal", refusal: "" }]))!, /refused/);
  assert.is(refusal("responses", message([{ type: "output_text", text: "Hi", annotations: [] }])), undefined);
  assert.is(refusal("responses", { output: [{ type: "function_call", name: "f", arguments: "{}" }] }), undefined);
});

adapters("anthropic: stop_reason refusal, with the text given before it, or a sentence", () => {
  const message = (stop_reason: string, content: object[]) => ({
    type: "message",
    role: "assistant",
    content,
    stop_reason,
  });
  assert.is(refusal("anthropic", message("refusal", [{ type: "text", text: "I started to" }])), "I started to");
  assert.match(refusal("anthropic", message("refusal", []))!, /stop_reason: refusal/);
  assert.is(refusal("anthropic", message("end_turn", [{ type: "text", text: "Hi" }])), undefined);
  assert.is(refusal("anthropic", message("max_tokens", [])), undefined);
});

adapters(
  "gemini: a withheld candidate (SAFETY, RECITATION, ...) or a blocked prompt; other finish reasons are none",
  () => {
    const candidate = (finishReason: string, extra = {}) => ({ candidates: [{ finishReason, index: 0, ...extra }] });
    for (const reason of ["SAFETY", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "RECITATION"])
      assert.is(refusal("gemini", candidate(reason)), `gemini stopped the answer (finishReason: ${reason})`);
    assert.is(refusal("gemini", candidate("SAFETY", { finishMessage: "Blocked for safety." })), "Blocked for safety.");
    for (const reason of ["STOP", "MAX_TOKENS", "MALFORMED_FUNCTION_CALL", "OTHER"])
      assert.is(refusal("gemini", candidate(reason)), undefined, reason);
    assert.is(
      refusal("gemini", { promptFeedback: { blockReason: "PROHIBITED_CONTENT" } }),
      "gemini blocked the prompt (blockReason: PROHIBITED_CONTENT)",
    );
    assert.is(
      refusal("gemini", { promptFeedback: { blockReason: "OTHER", blockReasonMessage: "The prompt was blocked." } }),
      "The prompt was blocked.",
    );
    assert.is(refusal("gemini", { promptFeedback: { safetyRatings: [] }, ...candidate("STOP") }), undefined);
  },
);

adapters("bedrock: guardrail_intervened or content_filtered, with the guardrail's text, or a sentence", () => {
  const converse = (stopReason: string, content: object[]) => ({
    output: { message: { role: "assistant", content } },
    stopReason,
  });
  assert.is(
    refusal("bedrock", converse("guardrail_intervened", [{ text: "Sorry, the model cannot answer this question." }])),
    "Sorry, the model cannot answer this question.",
  );
  assert.is(
    refusal("bedrock", converse("content_filtered", [])),
    "bedrock stopped the answer (stopReason: content_filtered)",
  );
  assert.is(refusal("bedrock", converse("end_turn", [{ text: "Hi" }])), undefined);
});

adapters("mistral, ollama, cohere and mcp have no refusal signal, so no refusal member", () => {
  for (const provider of ["mistral", "ollama", "cohere", "mcp"] as const)
    assert.is(adapterOf(provider).refusal, undefined, provider);
});

const loop = suite("RunToolsResult.refusal");

const request = { model: "gpt-4o-mini", messages: [{ role: "user", content: "Help me with something bad." }] };
const refused = {
  choices: [{ index: 0, message: { role: "assistant", content: null, refusal: "I can't help with that." } }],
};

loop("runTools: a refused final turn sets refusal; finishReason stays stop", async () => {
  const result = await runTools({ provider: "openai", chat: () => refused, request });
  assert.is(result.finishReason, "stop");
  assert.is(result.refusal, "I can't help with that.");
  assert.is(result.text, undefined);
});

loop("runTools: an answer that is no refusal has no refusal key", async () => {
  const answer = { choices: [{ index: 0, message: { role: "assistant", content: "Sure.", refusal: null } }] };
  const result = await runTools({ provider: "openai", chat: () => answer, request });
  assert.is(result.text, "Sure.");
  assert.not.ok("refusal" in result);
});

loop("streamTools: the refusal's streamed pieces reach the finish event", async () => {
  const chunk = (delta: object, finish_reason: string | null = null) => ({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "gpt-4o-mini",
    choices: [{ index: 0, delta, finish_reason }],
  });
  async function* chunks() {
    yield chunk({ role: "assistant", content: null, refusal: "" });
    yield chunk({ refusal: "I can't " });
    yield chunk({ refusal: "help with that." });
    yield chunk({}, "stop");
  }
  const events: LoopEvent[] = [];
  for await (const event of streamTools({ provider: "openai", chat: () => chunks(), request })) events.push(event);
  const finish = events.at(-1) as Extract<LoopEvent, { type: "finish" }>;
  assert.is(finish.type, "finish");
  assert.is(finish.refusal, "I can't help with that.");
  assert.is(finish.finishReason, "stop");
});

loop("streamTools: a Gemini prompt blocked before any candidate", async () => {
  async function* chunks() {
    yield { promptFeedback: { blockReason: "SAFETY" }, usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 } };
  }
  const events: LoopEvent[] = [];
  const gemini = { model: "gemini-2.5-flash", contents: [{ role: "user", parts: [{ text: "..." }] }] };
  for await (const event of streamTools({ provider: "gemini", chat: () => chunks(), request: gemini }))
    events.push(event);
  const finish = events.at(-1) as Extract<LoopEvent, { type: "finish" }>;
  assert.is(finish.refusal, "gemini blocked the prompt (blockReason: SAFETY)");
});

adapters.run();
loop.run();
