// The `defer` option of a tool: checked, kept on the tool, written as `defer_loading` in the formats of the two
// APIs that load tools on demand (Anthropic, OpenAI Responses) and nowhere else. The agent loop's side is in
// test/agent/agent-defer.test.ts.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, tool, toAnthropicFormat, toResponsesFormat, toOpenAIFormat, toGeminiFormat } from "tooltype";

const d = suite("tool defer");
const params = t.object({ to: t.string() });

d("defer: true is kept on the tool; the default is false", () => {
  assert.is(
    tool({ name: "send_email", description: "Sends an email.", parameters: params, defer: true, execute: () => "ok" })
      .defer,
    true,
  );
  assert.is(
    tool({ name: "send_email", description: "Sends an email.", parameters: params, execute: () => "ok" }).defer,
    false,
  );
});

d("a defer that is not a boolean is a TypeError naming the tool", () => {
  assert.throws(
    () =>
      tool({
        name: "send_email",
        description: "Sends an email.",
        parameters: params,
        defer: "yes" as never,
        execute: () => "ok",
      }),
    /Tool "send_email": defer must be true or false/,
  );
});

d("defer without execute (the decorator's options) is refused as an option of a tool with execute", () => {
  assert.throws(
    () => (tool as (o: object) => unknown)({ name: "send_email", defer: true }),
    /defer belongs to a tool defined with execute/,
  );
});

d("Anthropic and Responses formats write defer_loading; OpenAI chat and Gemini do not", () => {
  const deferred = tool({
    name: "send_email",
    description: "Sends an email.",
    parameters: params,
    defer: true,
    execute: () => "ok",
  });
  const plain = tool({
    name: "get_weather",
    description: "Weather.",
    parameters: t.object({ city: t.string() }),
    execute: () => "ok",
  });
  assert.is(toAnthropicFormat(deferred).defer_loading, true);
  assert.is(toResponsesFormat(deferred).defer_loading, true);
  assert.not.ok("defer_loading" in toAnthropicFormat(plain));
  assert.not.ok("defer_loading" in toResponsesFormat(plain));
  assert.not.ok(JSON.stringify(toOpenAIFormat(deferred)).includes("defer"));
  assert.not.ok(JSON.stringify(toGeminiFormat(deferred)).includes("defer"));
});

d.run();
