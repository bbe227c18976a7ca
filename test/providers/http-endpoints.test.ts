// httpChat for Mistral, Cohere and Ollama: each provider's REST endpoint reached by the loop (a local server in Node,
// the same answers through `fetch` elsewhere), the request sent in the API's spelling, its stream read as the API
// streams it (server-sent events; Ollama's JSON lines), the usual environment variables, and failures as
// ProviderErrors.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { httpChat, ProviderError, runTools, streamTools } from "tooltype";
import { runTools as leanRunTools } from "tooltype/agent";
import { mistral } from "tooltype/providers/mistral";
import { cohere } from "tooltype/providers/cohere";
import { ollama } from "tooltype/providers/ollama";
import { tool } from "tooltype/tools";
import { t } from "tooltype/t";
import { providerEnv } from "../../src/calls/env.js";
import { ollamaHost, readJSONLines } from "../../src/providers/ollama/http.js";
import { inNode } from "../support/replay.js";
import { importNodeHttp, listenLocally } from "../support/listen.js";

const inBrowser = String((globalThis as { __TOOLTYPE_ENV__?: string }).__TOOLTYPE_ENV__).startsWith("chromium");

// A parameter in camelCase: the request's own keys go to snake_case on the wire, a tool's parameters never do.
const weather = tool({
  name: "get_weather",
  description: "Current weather for a city.",
  parameters: t.object({ cityName: t.string() }),
  execute: ({ cityName }) => `${cityName}: 21 °C`,
});

interface Seen {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: Record<string, any>;
}
interface Reply {
  readonly type: string;
  readonly pieces: readonly string[];
  readonly status?: number;
}

/** An endpoint answering `replies` in turn: a local node:http server in Node, a `fetch` of the same elsewhere. */
async function endpoint(replies: readonly Reply[]) {
  const seen: Seen[] = [];
  const answer = (path: string, headers: Record<string, string>, body: string): Reply => {
    seen.push({ path, headers, body: JSON.parse(body) });
    const reply = replies[seen.length - 1];
    if (!reply) throw new Error(`the endpoint was called ${seen.length} times, ${replies.length} answers were written`);
    return reply;
  };
  if (!inNode()) {
    const fetch = async (input: string, init: RequestInit) => {
      const url = new URL(input);
      const reply = answer(url.pathname, { ...(init.headers as Record<string, string>) }, String(init.body));
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of reply.pieces) controller.enqueue(encoder.encode(piece));
          controller.close();
        },
      });
      return new Response(body, { status: reply.status ?? 200, headers: { "content-type": reply.type } });
    };
    return { baseURL: "http://fake.invalid", fetch, seen, close: async () => {} };
  }
  const http = await importNodeHttp();
  const server = http.createServer((req, res) => {
    const parts: Uint8Array[] = [];
    req.on("data", (part) => parts.push(part));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers[key] = value;
      const text = parts.map((p) => new TextDecoder().decode(p)).join("");
      const reply = answer(req.url ?? "/", headers, text);
      res.writeHead(reply.status ?? 200, { "content-type": reply.type });
      let i = 0;
      const write = (): void => (i < reply.pieces.length ? res.write(reply.pieces[i++]!, write) : res.end());
      write();
    });
  });
  const { origin, close } = await listenLocally(server);
  return { baseURL: origin, fetch: undefined, seen, close };
}

const sse = (...events: unknown[]): Reply => ({
  type: "text/event-stream",
  // Split inside events too, as a network does.
  pieces: events
    .map((e) => (typeof e === "string" ? `data: ${e}\n\n` : `data: ${JSON.stringify(e)}\n\n`))
    .flatMap((e) => [e.slice(0, 7), e.slice(7)]),
});

// ---- Mistral ---------------------------------------------------------------------------------------------------

const mistralSuite = suite("httpChat: Mistral chat completions");

mistralSuite("the loop streams both turns; the SDK's camelCase goes out as the REST API's snake_case", async () => {
  const chunk = (delta: object, finish: string | null = null) => ({
    id: "cmpl-1",
    object: "chat.completion.chunk",
    model: "mistral-small-latest",
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const server = await endpoint([
    sse(
      chunk({ role: "assistant", content: "" }),
      chunk({
        tool_calls: [
          { id: "D681PevKs", function: { name: "get_weather", arguments: '{"cityName": "Paris"}' }, index: 0 },
        ],
      }),
      chunk({ content: "" }, "tool_calls"),
      "[DONE]",
    ),
    sse(chunk({ content: "It is 21 " }), chunk({ content: "°C in Paris." }, "stop"), "[DONE]"),
  ]);
  try {
    const texts: string[] = [];
    for await (const event of streamTools({
      provider: mistral,
      chat: httpChat(mistral, { apiKey: "mk", baseURL: `${server.baseURL}/v1`, fetch: server.fetch }),
      request: {
        model: "mistral-small-latest",
        messages: [{ role: "user", content: "Weather in Paris?" }],
        maxTokens: 200,
        responseFormat: { type: "json_schema", jsonSchema: { name: "w", schemaDefinition: { type: "object" } } },
      },
      tools: [weather],
      toolChoice: "required",
    }))
      if (event.type === "text-delta") texts.push(event.text);
    assert.is(texts.join(""), "It is 21 °C in Paris.");
    assert.equal(
      server.seen.map((s) => [s.path, s.headers.authorization]),
      [
        ["/v1/chat/completions", "Bearer mk"],
        ["/v1/chat/completions", "Bearer mk"],
      ],
    );
    const [first, second] = server.seen.map((s) => s.body);
    assert.is(first!.stream, true);
    assert.is(first!.max_tokens, 200);
    assert.is(first!.tool_choice, "required");
    assert.equal(first!.response_format, {
      type: "json_schema",
      json_schema: { name: "w", schema: { type: "object" } },
    });
    assert.ok(!("maxTokens" in first!) && !("toolChoice" in first!), "no camelCase key is sent");
    assert.equal(Object.keys(first!.tools[0].function.parameters.properties), ["cityName"]);
    assert.equal(second!.messages.slice(1), [
      {
        role: "assistant",
        content: "",
        tool_calls: [
          {
            id: "D681PevKs",
            type: "function",
            function: { name: "get_weather", arguments: '{"cityName": "Paris"}' },
            index: 0,
          },
        ],
      },
      { role: "tool", tool_call_id: "D681PevKs", name: "get_weather", content: "Paris: 21 °C" },
    ]);
  } finally {
    await server.close();
  }
});

mistralSuite.run();

// ---- Cohere ----------------------------------------------------------------------------------------------------

const cohereSuite = suite("httpChat: Cohere v2 chat");

cohereSuite(
  "the loop streams Cohere's typed events; toolCalls, toolCallId, strictTools go out in snake_case",
  async () => {
    const event = (type: string, rest: object = {}) => `event: ${type}\ndata: ${JSON.stringify({ type, ...rest })}\n\n`;
    const events = (...list: string[]): Reply => ({ type: "text/event-stream", pieces: list });
    const server = await endpoint([
      events(
        event("message-start", {
          id: "m1",
          delta: { message: { role: "assistant", content: [], tool_plan: "", tool_calls: [] } },
        }),
        event("tool-plan-delta", { delta: { message: { tool_plan: "I will look it up." } } }),
        event("tool-call-start", {
          index: 0,
          delta: {
            message: {
              tool_calls: { id: "get_weather_1", type: "function", function: { name: "get_weather", arguments: "" } },
            },
          },
        }),
        event("tool-call-delta", {
          index: 0,
          delta: { message: { tool_calls: { function: { arguments: '{"cityName":' } } } },
        }),
        event("tool-call-delta", {
          index: 0,
          delta: { message: { tool_calls: { function: { arguments: '"Paris"}' } } } },
        }),
        event("tool-call-end", { index: 0 }),
        event("message-end", {
          delta: { finish_reason: "TOOL_CALL", usage: { tokens: { input_tokens: 9, output_tokens: 5 } } },
        }),
      ),
      events(
        event("message-start", { id: "m2", delta: { message: { role: "assistant" } } }),
        event("content-delta", { index: 0, delta: { message: { content: { text: "21 °C in Paris." } } } }),
        event("message-end", { delta: { finish_reason: "COMPLETE" } }),
      ),
    ]);
    try {
      const result = await runTools({
        provider: cohere,
        chat: httpChat(cohere, { apiKey: "ck", baseURL: server.baseURL, fetch: server.fetch }),
        request: {
          model: "command-a-03-2025",
          messages: [{ role: "user", content: "Weather in Paris?" }],
          maxTokens: 99,
        },
        tools: [weather],
        strict: true,
      });
      assert.is(result.text, "21 °C in Paris.");
      assert.equal(
        server.seen.map((s) => [s.path, s.headers.authorization]),
        [
          ["/v2/chat", "Bearer ck"],
          ["/v2/chat", "Bearer ck"],
        ],
      );
      const [first, second] = server.seen.map((s) => s.body);
      assert.is(first!.max_tokens, 99);
      assert.is(first!.strict_tools, true);
      assert.equal(Object.keys(first!.tools[0].function.parameters.properties), ["cityName"]);
      assert.equal(second!.messages.slice(1), [
        {
          role: "assistant",
          tool_calls: [
            {
              id: "get_weather_1",
              type: "function",
              function: { name: "get_weather", arguments: '{"cityName":"Paris"}' },
            },
          ],
          tool_plan: "I will look it up.",
        },
        { role: "tool", tool_call_id: "get_weather_1", content: "Paris: 21 °C" },
      ]);
    } finally {
      await server.close();
    }
  },
);

cohereSuite.run();

// ---- Ollama ----------------------------------------------------------------------------------------------------

const ollamaSuite = suite("httpChat: Ollama /api/chat");

const lines = (...chunks: object[]): Reply => ({
  type: "application/x-ndjson",
  // Lines split across network pieces, and two in one piece.
  pieces: [
    JSON.stringify(chunks[0]).slice(0, 10),
    `${JSON.stringify(chunks[0]).slice(10)}\n${chunks
      .slice(1)
      .map((c) => `${JSON.stringify(c)}\n`)
      .join("")}`,
  ],
});

ollamaSuite("the loop reads Ollama's JSON lines, in runTools and streamTools", async () => {
  const turns = () => [
    lines(
      { model: "llama3.2", message: { role: "assistant", content: "" }, done: false },
      {
        model: "llama3.2",
        message: {
          role: "assistant",
          content: "",
          tool_calls: [{ function: { name: "get_weather", arguments: { cityName: "Paris" } } }],
        },
        done: false,
      },
      { model: "llama3.2", message: { role: "assistant", content: "" }, done: true, done_reason: "stop" },
    ),
    lines(
      { model: "llama3.2", message: { role: "assistant", content: "21 °C " }, done: false },
      { model: "llama3.2", message: { role: "assistant", content: "in Paris." }, done: false },
      {
        model: "llama3.2",
        message: { role: "assistant", content: "" },
        done: true,
        done_reason: "stop",
        eval_count: 7,
      },
    ),
  ];
  for (const streaming of [false, true]) {
    const server = await endpoint(turns());
    try {
      const options = {
        provider: ollama,
        chat: httpChat(ollama, { baseURL: server.baseURL, fetch: server.fetch }),
        request: { model: "llama3.2", messages: [{ role: "user", content: "Weather in Paris?" }] },
        tools: [weather],
      };
      let text = "";
      if (streaming) {
        for await (const event of streamTools(options)) if (event.type === "text-delta") text += event.text;
      } else text = (await runTools(options)).text ?? "";
      assert.is(text, "21 °C in Paris.", streaming ? "streamTools" : "runTools");
      assert.equal(
        server.seen.map((s) => [s.path, s.headers.authorization]),
        [
          ["/api/chat", undefined],
          ["/api/chat", undefined],
        ],
      );
      assert.equal(server.seen[1]!.body.messages.at(-1), {
        role: "tool",
        content: "Paris: 21 °C",
        tool_name: "get_weather",
      });
    } finally {
      await server.close();
    }
  }
});

ollamaSuite("an error line mid-stream is a ProviderError with Ollama's message", async () => {
  const server = await endpoint([
    lines({ message: { role: "assistant", content: "Hi" }, done: false }, { error: "model crashed" }),
  ]);
  try {
    const error = await runTools({
      provider: ollama,
      chat: httpChat(ollama, { baseURL: server.baseURL, fetch: server.fetch }),
      request: { model: "llama3.2", messages: [{ role: "user", content: "Hi" }] },
      tools: [weather],
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, ProviderError);
    assert.match((error as Error).message, /ollama sent an error: model crashed/);
  } finally {
    await server.close();
  }
});

ollamaSuite("a line that is not JSON is a ProviderError quoting it; blank lines are skipped", async () => {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"a":1}\n\n{"b":2}'));
      controller.close();
    },
  });
  const read: unknown[] = [];
  for await (const chunk of readJSONLines(body)) read.push(chunk);
  assert.equal(read, [{ a: 1 }, { b: 2 }]);
  const server = await endpoint([
    {
      type: "application/x-ndjson",
      pieces: ['{"message":{"role":"assistant","content":"Hi"},"done":false}\n<html>busy</html>\n'],
    },
  ]);
  try {
    const error = await runTools({
      provider: ollama,
      chat: httpChat(ollama, { baseURL: server.baseURL, fetch: server.fetch }),
      request: { model: "llama3.2", messages: [{ role: "user", content: "Hi" }] },
      tools: [weather],
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, ProviderError);
    assert.match((error as Error).message, /^ollama sent a stream line that is not JSON: "<html>busy<\/html>"/);
  } finally {
    await server.close();
  }
});

ollamaSuite("a loop that does not stream asks for one JSON answer (stream: false) and reads it", async () => {
  const whole = (message: object) => ({
    type: "application/json",
    pieces: [JSON.stringify({ model: "llama3.2", message, done: true, done_reason: "stop" })],
  });
  const server = await endpoint([
    whole({
      role: "assistant",
      content: "",
      tool_calls: [{ function: { name: "get_weather", arguments: { cityName: "Oslo" } } }],
    }),
    whole({ role: "assistant", content: "4 °C in Oslo." }),
  ]);
  try {
    const result = await leanRunTools({
      provider: ollama,
      chat: httpChat(ollama, { baseURL: server.baseURL, fetch: server.fetch }),
      request: { model: "llama3.2", messages: [{ role: "user", content: "Weather in Oslo?" }] },
      tools: [weather],
    });
    assert.is(result.text, "4 °C in Oslo.");
    assert.equal(
      server.seen.map((s) => s.body.stream),
      [false, false],
    );
  } finally {
    await server.close();
  }
});

ollamaSuite("a stream line that never ends is refused once it passes 16 Mi characters", async () => {
  const piece = new TextEncoder().encode("x".repeat(1 << 20));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < 40) controller.enqueue(piece);
      else controller.close();
    },
  });
  const error = await (async () => {
    for await (const _ of readJSONLines(body));
  })().then(
    () => undefined,
    (e: unknown) => e,
  );
  // readJSONLines is read from src/ here, so its ProviderError is not the bundle's class in Deno and Bun.
  assert.instance(error, Error);
  assert.match((error as Error).message, /ollama sent a stream line longer than 16777216 characters/);
  assert.ok(sent <= 18, `read ${sent} pieces of 1 Mi before refusing`);
});

ollamaSuite.run();

// ---- environment variables ------------------------------------------------------------------------------------

const envSuite = suite("httpChat: Mistral, Cohere and Ollama environment variables");
const from = (vars: Record<string, string>) => (name: string) => vars[name];

envSuite("MISTRAL_API_KEY; CO_API_KEY, else COHERE_API_KEY, and CO_API_URL; OLLAMA_HOST and no key", () => {
  const vars = from({ MISTRAL_API_KEY: "m-1", COHERE_API_KEY: "c-2", CO_API_URL: "http://co", OLLAMA_HOST: "0.0.0.0" });
  assert.equal(providerEnv(mistral.http!, vars), { apiKey: "m-1", baseURL: undefined });
  assert.equal(providerEnv(cohere.http!, vars), { apiKey: "c-2", baseURL: "http://co" });
  assert.equal(providerEnv(cohere.http!, from({ CO_API_KEY: "c-1", COHERE_API_KEY: "c-2" })).apiKey, "c-1");
  assert.equal(providerEnv(ollama.http!, vars), { baseURL: "http://0.0.0.0:11434" });
  assert.equal(providerEnv(ollama.http!, from({})), { baseURL: undefined });
});

envSuite("OLLAMA_HOST read as the Ollama libraries read it; a value that is no host names the variable", () => {
  assert.is(ollamaHost("0.0.0.0"), "http://0.0.0.0:11434");
  assert.is(ollamaHost("example.com:8080"), "http://example.com:8080");
  assert.is(ollamaHost(":56789"), "http://127.0.0.1:56789");
  assert.is(ollamaHost("https://ollama.example.com/"), "https://ollama.example.com");
  assert.is(ollamaHost("http://example.com/ollama"), "http://example.com/ollama");
  assert.throws(() => ollamaHost("http://"), /OLLAMA_HOST must be a host such as 127\.0\.0\.1:11434/);
});

/** Sets variables on the runtime's environment (a stand-in `process` in a browser) for `body`, then restores it. */
async function withEnv(vars: Record<string, string>, body: () => Promise<void>) {
  const g = globalThis as { process?: { env: Record<string, string | undefined> } };
  const made = !g.process;
  if (made) g.process = { env: {} };
  const envObject = g.process!.env;
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, envObject[k]]));
  Object.assign(envObject, vars);
  try {
    await body();
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete envObject[k];
      else envObject[k] = v;
    }
    if (made) delete g.process;
  }
}
const recorder = () => {
  const sent: { url: string; authorization?: string }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    sent.push({ url, authorization: (init.headers as Record<string, string>).authorization });
    return new Response("{}");
  };
  return { sent, fetch };
};
const VARS = {
  MISTRAL_API_KEY: "m-env",
  CO_API_KEY: "c-env",
  CO_API_URL: "http://co.example",
  OLLAMA_HOST: "gpu:9000",
};
const request = { model: "m", messages: [{ role: "user", content: "hi" }] };

(inBrowser ? envSuite.skip : envSuite)("read from the runtime's environment; options win", async () => {
  await withEnv(VARS, async () => {
    const { sent, fetch } = recorder();
    await httpChat(mistral, { fetch })(request);
    await httpChat(cohere, { fetch })(request);
    await httpChat(ollama, { fetch })(request);
    await httpChat(cohere, { fetch, apiKey: "c-option", baseURL: "http://option" })(request);
    await httpChat(ollama, { fetch, baseURL: "http://option:1" })(request);
    assert.equal(sent, [
      { url: "https://api.mistral.ai/v1/chat/completions", authorization: "Bearer m-env" },
      { url: "http://co.example/v2/chat", authorization: "Bearer c-env" },
      { url: "http://gpu:9000/api/chat", authorization: undefined },
      { url: "http://option/v2/chat", authorization: "Bearer c-option" },
      { url: "http://option:1/api/chat", authorization: undefined },
    ]);
  });
});

(inBrowser ? envSuite : envSuite.skip)("in a browser nothing is read, even with a process.env polyfill", async () => {
  await withEnv(VARS, async () => {
    const { sent, fetch } = recorder();
    await httpChat(mistral, { fetch })(request);
    await httpChat(cohere, { fetch })(request);
    await httpChat(ollama, { fetch })(request);
    assert.equal(sent, [
      { url: "https://api.mistral.ai/v1/chat/completions", authorization: undefined },
      { url: "https://api.cohere.com/v2/chat", authorization: undefined },
      { url: "http://127.0.0.1:11434/api/chat", authorization: undefined },
    ]);
  });
});

envSuite.run();

// ---- no answer -------------------------------------------------------------------------------------------------

const down = suite("httpChat: Mistral, Cohere and Ollama endpoints that give no answer");

down("a refused connection is a ProviderError naming provider and URL, with the fetch error as its cause", async () => {
  for (const [provider, path] of [
    [mistral, "/chat/completions"],
    [cohere, "/v2/chat"],
    [ollama, "/api/chat"],
  ] as const) {
    const error = await httpChat(provider, { apiKey: "k", baseURL: "http://127.0.0.1:9" })(request).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, ProviderError, provider.name);
    assert.is(
      (error as Error).message.split(": ").slice(0, 2).join(": "),
      `${provider.name}: could not reach http://127.0.0.1:9${path}`,
    );
    assert.ok((error as Error).cause instanceof Error, "the cause is the runtime's own error");
  }
});

down.run();
