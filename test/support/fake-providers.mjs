// The model APIs the README's examples call, answered on this machine: `globalThis.fetch` is replaced (loaded with
// `node --import`) by a function that answers OpenAI (Chat Completions, streamed or not, and Responses), Anthropic
// and Gemini the way each hand-written answer in test/fixtures/sdk/ is shaped. Each answer follows the conversation: no
// tool answered yet and tools offered → a call to the first tool, its arguments made from the tool's own schema
// (a city for a string named city or location, the first enum value, a minimum for a number); otherwise the final
// text. A request to anything else fails the example. On exit it prints one line, `##FAKE {json}`, with what it
// answered, for test/readme.e2e.mjs.
const answered = [];
const unknown = [];

const FINAL = "It is 21 °C in Paris.";

/** A value a model would send for a JSON Schema (OpenAI, Anthropic or Gemini dialect). */
function sample(schema, name = "", depth = 0) {
  if (!schema || typeof schema !== "object" || depth > 6) return "x";
  if (schema.enum?.length) return schema.enum[0];
  if ("const" in schema) return schema.const;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length)
    return sample(branches.find((b) => b.type !== "null" && b.type !== "NULL") ?? branches[0], name, depth + 1);
  let type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  type = String(type ?? (schema.properties ? "object" : "string")).toLowerCase();
  if (type === "object") {
    const out = {};
    const required = new Set(schema.required ?? []);
    for (const [key, sub] of Object.entries(schema.properties ?? {}))
      if (required.has(key)) out[key] = sample(sub, key, depth + 1);
    return out;
  }
  if (type === "array") return schema.prefixItems ? schema.prefixItems.map((s) => sample(s, name, depth + 1)) : [];
  if (type === "integer" || type === "number") return schema.minimum ?? schema.exclusiveMinimum ?? 2;
  if (type === "boolean") return true;
  if (type === "null") return null;
  if (schema.format === "date-time") return "2025-06-01T12:00:00Z";
  return /city|location|place/i.test(name) ? "Paris, France" : /expression/.test(name) ? "1 + 1" : "text";
}

const json = (body, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const sse = (events) =>
  new Response(
    events
      .map(
        (e) =>
          `${e.event ? `event: ${e.event}\n` : ""}data: ${typeof e.data === "string" ? e.data : JSON.stringify(e.data)}\n\n`,
      )
      .join(""),
    {
      status: 200,
      headers: { "content-type": "text/event-stream" },
    },
  );

// ---- OpenAI Chat Completions (shapes of test/fixtures/sdk/openai-chat.ts) ----------------------------------
function openaiChat(body) {
  const answeredAlready = (body.messages ?? []).some((m) => m.role === "tool");
  const tool = !answeredAlready && body.tools?.[0]?.function;
  const head = {
    id: "chatcmpl-CSk1pAXr4rT0a6Nq8kz2Lh9bVw3Ee",
    created: 1760800000,
    model: "gpt-4o-mini-2024-07-18",
    service_tier: "default",
    system_fingerprint: "fp_560af6e559",
  };
  const call = tool && {
    id: "call_Qb3ZyJm5s1VxKc8R2nTf0a7D",
    type: "function",
    function: { name: tool.name, arguments: JSON.stringify(sample(tool.parameters)) },
  };
  if (body.stream) {
    const chunk = (delta, finish_reason = null) => ({
      data: { ...head, object: "chat.completion.chunk", choices: [{ index: 0, delta, logprobs: null, finish_reason }] },
    });
    const events = [chunk({ role: "assistant", content: call ? null : "", refusal: null })];
    if (call) {
      events.push(
        chunk({
          tool_calls: [
            { index: 0, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } },
          ],
        }),
      );
      const text = call.function.arguments;
      for (let i = 0; i < text.length; i += 4)
        events.push(chunk({ tool_calls: [{ index: 0, function: { arguments: text.slice(i, i + 4) } }] }));
      events.push(chunk({}, "tool_calls"));
    } else events.push(chunk({ content: FINAL }), chunk({}, "stop"));
    events.push({ data: "[DONE]" });
    return sse(events);
  }
  const message = call
    ? { role: "assistant", content: null, tool_calls: [call], refusal: null, annotations: [] }
    : { role: "assistant", content: FINAL, refusal: null, annotations: [] };
  return json({
    ...head,
    object: "chat.completion",
    choices: [{ index: 0, message, logprobs: null, finish_reason: call ? "tool_calls" : "stop" }],
    usage: { prompt_tokens: 112, completion_tokens: 52, total_tokens: 164 },
  });
}

// ---- OpenAI Responses (test/fixtures/sdk/responses.ts) -------------------------------------------------------
function openaiResponses(body) {
  const input = Array.isArray(body.input) ? body.input : [];
  const answeredAlready = input.some((i) => i.type === "function_call_output");
  const tool = !answeredAlready && body.tools?.find((t) => t.type === "function");
  const base = {
    object: "response",
    created_at: 1760800100,
    status: "completed",
    error: null,
    incomplete_details: null,
    instructions: null,
    model: "gpt-4.1-mini-2025-04-14",
    parallel_tool_calls: true,
    tool_choice: "auto",
    tools: [],
    usage: {
      input_tokens: 98,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 61,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 159,
    },
  };
  const output = tool
    ? [
        {
          id: "fc_68f3a1c2e4b08190a3d5c7e9f1b2d4a6",
          type: "function_call",
          status: "completed",
          arguments: JSON.stringify(sample(tool.parameters)),
          call_id: "call_Wm4Xq7Lc2Vb9Nz1Ty6Rk3Pd8",
          name: tool.name,
        },
      ]
    : [
        {
          id: "msg_68f3a1c6b8c98190d3e4f5a6b7c8d9e0",
          type: "message",
          status: "completed",
          role: "assistant",
          content: [{ type: "output_text", annotations: [], logprobs: [], text: FINAL }],
        },
      ];
  return json({
    ...base,
    id: tool ? "resp_68f3a1c1d2e08190a1b2c3d4e5f60718" : "resp_68f3a1c5a7b88190c2d3e4f5a6b7c8d9",
    output,
  });
}

// ---- Anthropic (test/fixtures/sdk/anthropic.ts) --------------------------------------------------------------
function anthropic(body) {
  const last = body.messages?.at(-1);
  const answeredAlready = Array.isArray(last?.content) && last.content.some((b) => b.type === "tool_result");
  const tool = !answeredAlready && body.tools?.[0];
  const usage = { input_tokens: 412, output_tokens: 96, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const content = tool
    ? [{ type: "tool_use", id: "toolu_01Hs6Vd4Pq9Jw2Ke7Bn1XcMa", name: tool.name, input: sample(tool.input_schema) }]
    : [{ type: "text", text: FINAL, citations: null }];
  return json({
    model: "claude-sonnet-4-5",
    id: "msg_01XqT7bYk2RzW9mPn4Lc6Vd3",
    type: "message",
    role: "assistant",
    content,
    stop_reason: tool ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage,
  });
}

// ---- Gemini (generateContent) ----------------------------------------------------------------------------------
function gemini(body) {
  const contents = Array.isArray(body.contents) ? body.contents : [];
  const answeredAlready = contents.some((c) => (c.parts ?? []).some((p) => p.functionResponse));
  const declaration = !answeredAlready && body.tools?.flatMap((t) => t.functionDeclarations ?? [])[0];
  const parts = declaration
    ? [
        {
          functionCall: {
            name: declaration.name,
            args: sample(declaration.parameters ?? declaration.parametersJsonSchema),
          },
        },
      ]
    : [{ text: FINAL }];
  return json({
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 40, candidatesTokenCount: 12, totalTokenCount: 52 },
    modelVersion: "gemini-2.5-flash",
    responseId: "gem_1",
  });
}

const ROUTES = [
  [/^https:\/\/api\.openai\.com\/v1\/chat\/completions$/, openaiChat],
  [/^https:\/\/api\.openai\.com\/v1\/responses$/, openaiResponses],
  [/^https:\/\/api\.anthropic\.com\/v1\/messages$/, anthropic],
  [/^https:\/\/generativelanguage\.googleapis\.com\/v1(beta)?\/models\/[^/:]+:generateContent$/, gemini],
];

globalThis.fetch = async (input, init = {}) => {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = request.url.split("?")[0];
  const route = ROUTES.find(([pattern]) => pattern.test(url));
  if (!route || request.method !== "POST") {
    unknown.push(`${request.method} ${url}`);
    return json({ error: { message: `no scripted answer for ${request.method} ${url}` } }, 404);
  }
  const text = await request.text();
  const body = text ? JSON.parse(text) : {};
  answered.push(url.replace(/^https:\/\/([^/]+).*?([^/]+)$/, "$1 $2"));
  return route[1](body);
};

for (const key of ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY"]) process.env[key] ??= "test-key";
process.on("exit", () => console.log(`##FAKE ${JSON.stringify({ answered, unknown })}`));
