// Tracing: the loop's spans (run, step, model request, tool call) with the GenAI semantic conventions'
// attributes, read back through OpenTelemetry's own SDK and its in-memory exporter; the global tracer
// provider is the default, and without one no span is made.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { trace, context, type Tracer as OtelTracer } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from "@opentelemetry/sdk-trace-base";
import { t, tool, runTools, streamTools, httpChat } from "tooltype";
import { fakeProvider } from "../support/fake-provider.js";
import type { StreamProvider } from "../support/provider-streams.js";
import { RECORDED, REQUESTS, makeTools } from "../support/agent-fixtures.js";

const tracing = suite("tracing: OpenTelemetry spans with GenAI attributes");

function recorder() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { exporter, provider, tracer: provider.getTracer("test") };
}
const over = async (provider: StreamProvider, answers: readonly string[]) => {
  const fake = await fakeProvider(
    provider,
    answers.map((text) => ({ sse: text })),
    "fetch",
  );
  return httpChat(provider, { baseURL: fake.baseURL, fetch: fake.fetch! });
};
const byName = (spans: readonly ReadableSpan[], prefix: string) => spans.filter((s) => s.name.startsWith(prefix));
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

tracing("a three-step run: one run span, a span per step holding its model request and its tool calls", async () => {
  const { exporter, tracer } = recorder();
  const chat = await over("openai", RECORDED.openai);
  const out = await runTools({ provider: "openai", chat, request: REQUESTS.openai, tools: makeTools().tools, tracer });
  assert.is(out.finishReason, "stop");
  const spans = exporter.getFinishedSpans();
  const [run] = byName(spans, "invoke_agent");
  assert.ok(run, "the run's span");
  assert.is(run!.attributes["gen_ai.operation.name"], "invoke_agent");
  assert.is(run!.attributes["gen_ai.provider.name"], "openai");
  assert.is(run!.attributes["gen_ai.request.model"], "gpt-4o-mini");
  assert.is(run!.attributes["tooltype.finish_reason"], "stop");
  const steps = byName(spans, "step ");
  assert.equal(
    steps.map((s) => s.attributes["tooltype.step"]),
    [1, 2, 3],
  );
  for (const step of steps) assert.is(parentOf(step), run!.spanContext().spanId, "steps are children of the run");
  const chats = byName(spans, "chat ");
  assert.is(chats.length, 3, "one model request a step");
  chats.forEach((span, i) => {
    assert.is(span.name, "chat gpt-4o-mini");
    assert.is(span.kind, 2, "a client span");
    assert.is(span.attributes["gen_ai.operation.name"], "chat");
    assert.is(span.attributes["gen_ai.request.model"], "gpt-4o-mini");
    assert.is(parentOf(span), steps[i]!.spanContext().spanId);
    assert.type(span.attributes["gen_ai.usage.input_tokens"], "number", "tokens from the streamed usage");
  });
  const calls = byName(spans, "execute_tool ");
  const called = out.steps.flatMap((s) => s.results.map((r) => [r.name, r.id]));
  assert.equal(
    calls.map((s) => [s.attributes["gen_ai.tool.name"], s.attributes["gen_ai.tool.call.id"]]).sort(),
    called.sort(),
    "a span per call, named and with its id",
  );
  for (const span of calls) {
    assert.is(span.name, `execute_tool ${span.attributes["gen_ai.tool.name"]}`);
    assert.is(span.attributes["gen_ai.operation.name"], "execute_tool");
    assert.is(span.attributes["gen_ai.tool.type"], "function");
    const step = steps.find((s) => s.spanContext().spanId === parentOf(span));
    assert.ok(step, "each call span is a child of its step");
  }
});

tracing("a failed call marks its span as an error; a run that throws ends every open span with the error", async () => {
  const { exporter, tracer } = recorder();
  const failing = tool({
    name: "get_weather",
    description: "Weather.",
    parameters: t.object({ location: t.string(), unit: t.optional(t.string()) }),
    logger: { error: () => {} },
    execute: () => {
      throw new Error("the weather service is down");
    },
  });
  const chat = await over("anthropic", RECORDED.anthropic);
  await runTools({
    provider: "anthropic",
    chat,
    request: REQUESTS.anthropic,
    tools: [failing, ...makeTools().tools.filter((x) => x.name !== "get_weather")],
    tracer,
  });
  const failed = byName(exporter.getFinishedSpans(), "execute_tool get_weather");
  assert.ok(failed.length >= 1);
  for (const span of failed) {
    assert.is(span.status.code, 2, "status ERROR");
    assert.match(String(span.status.message), /the weather service is down/);
    assert.is(span.attributes["error.type"], "tool_error");
  }

  exporter.reset();
  const broken = async () => {
    throw new Error("connection reset");
  };
  const thrown = await runTools({
    provider: "openai",
    chat: broken,
    request: REQUESTS.openai,
    tools: makeTools().tools,
    tracer,
  }).then(
    () => null,
    (error: Error) => error,
  );
  assert.match(String(thrown?.message), /connection reset/);
  const spans = exporter.getFinishedSpans();
  assert.equal(
    spans.map((s) => s.name).sort(),
    ["chat gpt-4o-mini", "invoke_agent tooltype", "step 1"],
    "every span that was open is ended",
  );
  for (const span of spans) assert.is(span.status.code, 2, `${span.name} records the error`);
});

tracing("streamTools left early still ends its spans", async () => {
  const { exporter, tracer } = recorder();
  const chat = await over("gemini", RECORDED.gemini);
  for await (const event of streamTools({
    provider: "gemini",
    chat,
    request: REQUESTS.gemini,
    tools: makeTools().tools,
    tracer,
  })) {
    if (event.type === "tool-call") break;
  }
  const names = exporter.getFinishedSpans().map((s) => s.name);
  assert.ok(names.includes("invoke_agent tooltype") && names.includes("step 1"), names.join(", "));
  assert.is(byName(exporter.getFinishedSpans(), "chat ")[0]?.attributes["gen_ai.provider.name"], "gcp.gemini");
});

tracing(
  "the default is the tracer provider registered with @opentelemetry/api; none registered, no span and no error",
  async () => {
    const chat1 = await over("responses", RECORDED.responses);
    const before = await runTools({
      provider: "responses",
      chat: chat1,
      request: REQUESTS.responses,
      tools: makeTools().tools,
    });
    assert.is(before.finishReason, "stop", "runs without any provider registered");

    const { exporter, provider } = recorder();
    assert.ok(trace.setGlobalTracerProvider(provider), "registered");
    try {
      const chat2 = await over("responses", RECORDED.responses);
      const outer = (trace.getTracer("app") as OtelTracer).startSpan("request handler");
      await context.with(trace.setSpan(context.active(), outer), () =>
        runTools({ provider: "responses", chat: chat2, request: REQUESTS.responses, tools: makeTools().tools }),
      );
      outer.end();
      const spans = exporter.getFinishedSpans();
      const run = byName(spans, "invoke_agent")[0];
      assert.ok(run, "spans through the global provider");
      assert.is(run!.instrumentationScope.name, "tooltype");
      assert.is(run!.attributes["gen_ai.provider.name"], "openai", "Responses is OpenAI's");
      assert.ok(byName(spans, "execute_tool").length >= 2);
    } finally {
      trace.disable();
    }
  },
);

tracing(
  "what a model or a tool sends is capped before it goes into a span: ids, finish reasons, names, errors",
  async () => {
    const { exporter, tracer } = recorder();
    const huge = "x".repeat(5_000_000);
    const loud = tool({
      name: "loud",
      description: `Loud. ${"d".repeat(100_000)}`,
      parameters: t.object({}),
      logger: { error: () => {} },
      execute: () => {
        throw new Error(`refused: ${"r".repeat(2_000_000)}`);
      },
    });
    let turn = 0;
    const chat = () => {
      turn++;
      const finish = turn === 1 ? "tool_calls" : "stop";
      const message =
        turn === 1
          ? {
              role: "assistant",
              content: null,
              tool_calls: [{ id: huge, type: "function", function: { name: "loud", arguments: "{}" } }],
            }
          : { role: "assistant", content: "done" };
      const others = Array.from({ length: 20_000 }, () => ({ finish_reason: huge.slice(0, 10_000) }));
      return { id: huge, model: huge, choices: [{ message, finish_reason: finish }, ...others] };
    };
    await runTools({
      provider: "openai",
      chat,
      request: { model: "m".repeat(100_000), messages: [] },
      tools: [loud],
      tracer,
    });
    const spans = exporter.getFinishedSpans();
    assert.ok(spans.length >= 5, "run, steps, chats, the call");
    let largest = 0;
    for (const span of spans) {
      largest = Math.max(largest, span.name.length, String(span.status.message ?? "").length);
      for (const value of Object.values(span.attributes)) {
        const entries = Array.isArray(value) ? value : [value];
        assert.ok(entries.length <= 64, `${span.name.slice(0, 40)}: a list of ${entries.length} entries`);
        for (const entry of entries) largest = Math.max(largest, String(entry).length);
      }
      for (const event of span.events)
        for (const value of Object.values(event.attributes ?? {})) largest = Math.max(largest, String(value).length);
    }
    assert.ok(largest <= 4_000, `the longest text in a span is ${largest} characters`);
    const call = byName(spans, "execute_tool loud")[0]!;
    assert.match(
      String(call.status.message),
      /refused: rrr/,
      `the error is kept, cut: ${String(call.status.message).slice(0, 80)}`,
    );
    const chatSpan = byName(spans, "chat ")[0]!;
    assert.ok(String(chatSpan.attributes["gen_ai.response.id"]).startsWith("xxx"), "the id is kept, cut");
    assert.is((chatSpan.attributes["gen_ai.response.finish_reasons"] as string[])[0], "tool_calls");
    console.log(
      `hostile spans: a 5 MB response id and 20,001 finish reasons give at most ${largest} characters a value`,
    );
  },
);

tracing.run();
