// streamTools over each core provider's streaming HTTP API, read with fetch and no SDK: the hand-written three-turn
// loop (two parallel calls, then one, then the answer) through a fake server that speaks the provider's wire
// format (a fetch function in every runtime; a real HTTP server on 127.0.0.1 in Node), and the SDKs' own streams.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import OpenAI from "openai";
import Anthropic from "@anthropic-ai/sdk";
import { streamTools, runTools, httpChat, adapterOf, type LoopEvent, type ToolStep } from "tooltype";
import { runTools as leanRunTools, readStreams } from "tooltype/agent";
import { fakeProvider, ways } from "../support/fake-provider.js";
import type { StreamProvider } from "../support/provider-streams.js";
import { ANSWER, PROVIDERS, RECORDED, REQUESTS, collect, makeTools } from "../support/agent-fixtures.js";

const only = <T extends LoopEvent["type"]>(events: LoopEvent[], type: T) =>
  events.filter((e): e is Extract<LoopEvent, { type: T }> => e.type === type);

// What each provider's conversation holds after the loop, and where the tool answers are.
function answersOf(provider: StreamProvider, messages: any[]): unknown[] {
  const read = (text: string) => {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };
  switch (provider) {
    case "openai":
      return messages.filter((m) => m.role === "tool").map((m) => read(m.content));
    case "responses":
      return messages.filter((m) => m.type === "function_call_output").map((m) => read(m.output));
    case "anthropic":
      return messages
        .filter((m) => m.role === "user" && Array.isArray(m.content))
        .flatMap((m) => m.content.map((b: any) => read(b.content)));
    case "gemini":
      return messages
        .filter((m) => m.role === "user" && m.parts?.[0]?.functionResponse)
        .flatMap((m) => m.parts.map((p: any) => p.functionResponse.response.output));
  }
}
const CONVERSATION_LENGTH: Record<StreamProvider, number> = { openai: 7, responses: 9, anthropic: 6, gemini: 6 };

// ---- the three-turn loop, over the wire ------------------------------------------------------------------

const loop = suite("streamTools: three turns with parallel calls, over each provider's SSE, read with fetch");

for (const provider of PROVIDERS) {
  for (const way of ways()) {
    loop(`${provider}, ${way === "fetch" ? "a fetch function" : "HTTP to 127.0.0.1"}`, async () => {
      const fake = await fakeProvider(
        provider,
        RECORDED[provider].map((sse) => ({ sse })),
        way,
      );
      try {
        const { ran, tools } = makeTools();
        const steps: number[] = [];
        const events = await collect(
          streamTools({
            provider,
            chat: httpChat(provider, {
              apiKey: "test-key",
              baseURL: fake.baseURL,
              ...(fake.fetch && { fetch: fake.fetch }),
            }),
            request: REQUESTS[provider],
            tools,
            onStep: (s) => void steps.push(s.step),
          }),
        );
        const types = events.map((e) => e.type);
        assert.is(types[0], "step-start");
        assert.is(types.at(-1), "finish");
        assert.equal(steps, [1, 2, 3]);
        assert.equal(
          only(events, "step-start").map((e) => e.step),
          [1, 2, 3],
        );

        // Text arrives in pieces, in order.
        const text = only(events, "text-delta")
          .map((e) => e.text)
          .join("");
        assert.is(text, `Let me check both.${ANSWER}`);
        assert.ok(only(events, "text-delta").length > 3, "text streams in several pieces");

        // Calls start, then their arguments fill in (parsed so far), before the call is complete.
        const starts = only(events, "tool-call-start");
        assert.equal(
          starts.map((e) => [e.step, e.name]),
          [
            [1, "get_weather"],
            [1, "get_time"],
            [2, "convert_temperature"],
          ],
        );
        const deltas = only(events, "tool-call-delta").filter((e) => e.name === "get_weather");
        if (provider !== "gemini") {
          assert.ok(deltas.length >= 3, "arguments arrive in pieces");
          assert.is(deltas.map((d) => d.delta).join(""), '{"location":"Paris, France"}');
        }
        assert.equal(deltas.at(-1)!.partial, { location: "Paris, France" });
        const firstCall = types.indexOf("tool-call");
        assert.ok(types.indexOf("tool-call-delta") < firstCall, "deltas come before the complete call");

        // Both parallel calls ran, then the conversion; results are reported with their call.
        assert.equal([...ran].sort(), ["convert_temperature", "get_time", "get_weather"]);
        const results = only(events, "tool-result");
        assert.equal(
          results.map((r) => [r.step, r.name, r.result.success]),
          [
            [1, "get_time", true],
            [1, "get_weather", true],
            [2, "convert_temperature", true],
          ],
          "results as calls finish",
        );
        assert.ok(results.every((r) => typeof r.ms === "number" && r.ms >= 0));

        // Each turn reports its usage, normalized, and its timing.
        const finished = only(events, "step-finish");
        assert.equal(
          finished.map((s) => [s.usage?.inputTokens, s.usage?.outputTokens]),
          [
            [412, 58],
            [521, 21],
            [560, 24],
          ],
        );
        for (const s of finished) {
          assert.ok(
            s.timing.modelMs >= 0 && s.timing.totalMs >= s.timing.modelMs && s.timing.firstChunkMs! <= s.timing.modelMs,
            JSON.stringify(s.timing),
          );
        }
        const done = only(events, "finish")[0]!;
        assert.is(done.finishReason, "stop");
        assert.is(done.text, ANSWER);
        assert.equal(done.usage, {
          inputTokens: 412 + 521 + 560,
          outputTokens: 58 + 21 + 24,
          totalTokens: 412 + 521 + 560 + 58 + 21 + 24,
        });
        assert.is(done.messages.length, CONVERSATION_LENGTH[provider], JSON.stringify(done.messages));
        assert.equal(answersOf(provider, done.messages), [
          { location: "Paris, France", temperature: 21, unit: "celsius" },
          "12:00",
          69.8,
        ]);

        // What went over the wire: streaming requests with the tools; each turn sends the conversation so far.
        assert.is(fake.requests.length, 3);
        assert.is(fake.remaining, 0);
        const [first, second, third] = fake.requests as any[];
        if (provider === "gemini") {
          assert.is(first.path, "/v1beta/models/gemini-2.5-flash:streamGenerateContent");
          assert.is(first.headers["x-goog-api-key"], "test-key");
          assert.equal(
            first.body.tools[0].functionDeclarations.map((d: any) => d.name),
            ["get_weather", "get_time", "convert_temperature"],
          );
          assert.is(first.body.model, undefined);
          assert.is(third.body.contents.length, 5);
          assert.equal(
            second.body.contents[1].parts.find((p: any) => p.functionCall).thoughtSignature,
            "CiQB0e2Kb3Vq9mZ4R2xW",
            "the thought signature goes back with its part",
          );
        } else {
          assert.is(first.body.stream, true);
          assert.is(first.body.tools.length, 3);
          if (provider === "openai") {
            assert.is(first.path, "/v1/chat/completions");
            assert.is(first.headers.authorization, "Bearer test-key");
            assert.equal(first.body.stream_options, { include_usage: true });
            assert.is(third.body.messages.length, 6);
            assert.equal(
              second.body.messages[1].tool_calls.map((c: any) => c.function.arguments),
              ['{"location":"Paris, France"}', '{"city":"Paris"}'],
            );
          } else if (provider === "responses") {
            assert.is(first.path, "/v1/responses");
            assert.equal(
              second.body.input.map((i: any) => i.type ?? i.role),
              ["user", "message", "function_call", "function_call", "function_call_output", "function_call_output"],
            );
          } else {
            assert.is(first.path, "/v1/messages");
            assert.is(first.headers["x-api-key"], "test-key");
            assert.is(first.headers["anthropic-version"], "2023-06-01");
            assert.equal(
              second.body.messages[1].content.map((b: any) => b.type),
              ["text", "tool_use", "tool_use"],
            );
            assert.equal(second.body.messages[1].content[1].input, { location: "Paris, France" });
            assert.equal(
              second.body.messages[2].content.map((b: any) => b.tool_use_id),
              ["toolu_01A09q90qw90lq917835lq9", "toolu_01B7f2Kd8Lm3Np4Qr5St6Uv"],
            );
          }
        }
      } finally {
        await fake.close();
      }
    });
  }
}

loop("runTools reads the same streams: a chat that returns SSE is assembled, with no events to give", async () => {
  for (const provider of PROVIDERS) {
    const fake = await fakeProvider(
      provider,
      RECORDED[provider].map((sse) => ({ sse })),
      "fetch",
    );
    const { tools } = makeTools();
    const result = await runTools({
      provider,
      chat: httpChat(provider, { baseURL: fake.baseURL, fetch: fake.fetch! }),
      request: REQUESTS[provider],
      tools,
    });
    assert.is(result.text, ANSWER, provider);
    assert.is(result.finishReason, "stop");
    assert.equal(
      result.steps.map((s: ToolStep) => s.calls.length),
      [2, 1, 0],
    );
    assert.is((fake.requests[0] as any).body.stream, undefined, "runTools does not ask for a stream itself");
  }
});

loop("tooltype/agent's runTools reads a stream only with readStreams given, and names it when missing", async () => {
  for (const provider of PROVIDERS) {
    const replies = RECORDED[provider].map((sse) => ({ sse }));
    const fake = await fakeProvider(provider, [replies[0]!, ...replies], "fetch");
    const { tools } = makeTools();
    const options = {
      provider: adapterOf(provider),
      chat: httpChat(adapterOf(provider), { baseURL: fake.baseURL, fetch: fake.fetch! }),
      request: REQUESTS[provider],
      tools,
    };
    try {
      const error = await leanRunTools(options as never).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.instance(error, TypeError, provider);
      assert.match(
        (error as Error).message,
        'runTools: chat returned a stream; to read it, pass readStreams (import { readStreams } from "tooltype/agent"',
      );
      const result = await leanRunTools({ ...options, readStreams } as never);
      assert.is(result.text, ANSWER, provider);
      assert.equal(
        result.steps.map((s: ToolStep) => s.calls.length),
        [2, 1, 0],
      );
      const wrong = await leanRunTools({ ...options, readStreams: true } as never).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.match(
        String(wrong),
        /TypeError: runTools: readStreams must be the readStreams value from "tooltype\/agent" \(received boolean\)/,
      );
    } finally {
      await fake.close();
    }
  }
});

// ---- the SDKs' own streams --------------------------------------------------------------------------------

const sdk = suite("streamTools on the SDKs' streams: the chat function returns the SDK's async iterable");

sdk("openai SDK: chat.completions.create({ stream: true }) and responses.create({ stream: true })", async () => {
  for (const provider of ["openai", "responses"] as const) {
    const fake = await fakeProvider(
      provider,
      RECORDED[provider].map((sse) => ({ sse })),
      "fetch",
    );
    const client = new OpenAI({
      apiKey: "test",
      baseURL: fake.baseURL,
      fetch: fake.fetch as never,
      maxRetries: 0,
      dangerouslyAllowBrowser: true,
    });
    const { tools } = makeTools();
    const chat =
      provider === "openai"
        ? (r: any, o: any) => client.chat.completions.create(r, o)
        : (r: any, o: any) => client.responses.create(r, o);
    const events = await collect(streamTools({ provider, chat, request: REQUESTS[provider] as any, tools }));
    const done = only(events, "finish")[0]!;
    assert.is(done.text, ANSWER, provider);
    assert.is(
      only(events, "text-delta")
        .map((e) => e.text)
        .join(""),
      `Let me check both.${ANSWER}`,
    );
    assert.equal(
      only(events, "tool-call-start").map((e) => e.name),
      ["get_weather", "get_time", "convert_temperature"],
    );
    assert.equal(
      only(events, "step-finish").map((s) => s.usage?.totalTokens),
      [470, 542, 584],
    );
  }
});

sdk("@anthropic-ai/sdk: messages.create({ stream: true })", async () => {
  const fake = await fakeProvider(
    "anthropic",
    RECORDED.anthropic.map((sse) => ({ sse })),
    "fetch",
  );
  const client = new Anthropic({
    apiKey: "test",
    baseURL: fake.baseURL.replace(/\/v1$/, ""),
    fetch: fake.fetch as never,
    maxRetries: 0,
    dangerouslyAllowBrowser: true,
  });
  const { tools } = makeTools();
  const events = await collect(
    streamTools({
      provider: "anthropic",
      chat: (r: any, o) => client.messages.create(r, o),
      request: REQUESTS.anthropic as any,
      tools,
    }),
  );
  const done = only(events, "finish")[0]!;
  assert.is(done.text, ANSWER);
  assert.equal(
    only(events, "tool-call-delta")
      .filter((e) => e.name === "get_time")
      .at(-1)!.partial,
    { city: "Paris" },
  );
});

sdk("a Gemini SDK-style stream: an async generator of GenerateContentResponse objects", async () => {
  const chunks = RECORDED.gemini.map((text) =>
    text
      .split("\r\n\r\n")
      .filter(Boolean)
      .map((block) => JSON.parse(block.slice("data: ".length))),
  );
  let turn = 0;
  const seen: any[] = [];
  async function* generateContentStream(request: unknown) {
    seen.push(request);
    for (const chunk of chunks[turn++]!) {
      await new Promise((r) => setTimeout(r, 0));
      yield Object.assign(
        Object.create({
          get text() {
            return "a getter the SDK adds";
          },
        }),
        chunk,
      );
    }
  }
  const { tools } = makeTools();
  const events = await collect(
    streamTools({ provider: "gemini", chat: (r) => generateContentStream(r), request: REQUESTS.gemini as any, tools }),
  );
  assert.is(only(events, "finish")[0]!.text, ANSWER);
  assert.is(seen.length, 3);
  assert.equal(seen[0].config.tools[0].functionDeclarations.length, 3, "the SDK's shape: tools in config");
});

loop.run();
sdk.run();
