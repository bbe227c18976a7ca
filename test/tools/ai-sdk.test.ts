// Interop with the Vercel AI SDK (`ai`): a guard from `compile` and a schema from `standard` are Standard
// Schemas with Standard JSON Schema, which the SDK takes as a tool's `inputSchema` and as the schema of
// `Output.object` and `generateObject`. The model is the SDK's own mock (`ai/test`), so what the SDK sent it
// (tools, response format, the tool results of the next turn) is checked, not only what came back.
//
// What the SDK does with any Standard Schema (@ai-sdk/provider-utils, `asSchema` / `standardSchema`): it asks
// `~standard.jsonSchema.input({ target: "draft-07" })` anew for each model call, closes every object of the
// answer in place (`additionalProperties: false`; `closed` below does the same), and checks each tool call's
// arguments and each structured answer with an awaited `~standard.validate`, whose `value` is what `execute`
// and `output` get and whose `issues` become the cause of its TypeValidationError.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type * as AI from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { t, compile, standard, toJSONSchema } from "tooltype";
import {
  generateObject,
  generateText,
  InvalidToolInputError,
  NoObjectGeneratedError,
  Output,
  stepCountIs,
  tool,
  TypeValidationError,
} from "ai";

// ---- the mock model's turns --------------------------------------------------------------------------------

type Turn = Awaited<ReturnType<MockLanguageModelV4["doGenerate"]>>;
type CallOptions = MockLanguageModelV4["doGenerateCalls"][number];

const usage: Turn["usage"] = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** A turn of calls to one tool; `input` is the JSON text the provider sent, as it sent it. */
const toolCalls = (toolName: string, calls: [id: string, input: string][]): Turn => ({
  content: calls.map(([toolCallId, input]) => ({ type: "tool-call" as const, toolCallId, toolName, input })),
  finishReason: { unified: "tool-calls", raw: "tool_calls" },
  usage,
  warnings: [],
});

const answer = (text: string): Turn => ({
  content: [{ type: "text", text }],
  finishReason: { unified: "stop", raw: "stop" },
  usage,
  warnings: [],
});

// ---- helpers -------------------------------------------------------------------------------------------

type Schema = Record<string, unknown>;
const json = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** A JSON Schema without its `$schema` key (which the SDK may add), every other key as it is. */
const body = (schema: unknown): Schema => {
  const { $schema: _, ...rest } = schema as Schema;
  return rest;
};

/**
 * What the SDK sends for a Standard JSON Schema: the schema with every object closed
 * (`additionalProperties: false` unless it is a schema), through properties, items, anyOf, allOf, oneOf and
 * definitions, as @ai-sdk/provider-utils's `addAdditionalPropertiesToJsonSchema` does. On a copy.
 */
function closed(schema: unknown): Schema {
  const close = (s: unknown): unknown => {
    if (typeof s !== "object" || s === null) return s;
    const node = s as Schema;
    const type = node.type;
    if (type === "object" || (Array.isArray(type) && type.includes("object"))) {
      const extra = node.additionalProperties;
      node.additionalProperties = extra != null && typeof extra !== "boolean" ? close(extra) : false;
      const props = node.properties as Schema | undefined;
      if (props) for (const key of Object.keys(props)) props[key] = close(props[key]);
    }
    if (node.items != null) node.items = Array.isArray(node.items) ? node.items.map(close) : close(node.items);
    for (const key of ["anyOf", "allOf", "oneOf"])
      if (Array.isArray(node[key])) node[key] = (node[key] as unknown[]).map(close);
    const defs = node.definitions as Schema | undefined;
    if (defs) for (const key of Object.keys(defs)) defs[key] = close(defs[key]);
    return node;
  };
  return body(close(json(schema)));
}

/** The function tools of one model call, by name, with the JSON Schema each was sent with. */
function sentTools(call: CallOptions | undefined): Record<string, { description?: string; inputSchema: Schema }> {
  assert.ok(call, "the model was called");
  const out: Record<string, { description?: string; inputSchema: Schema }> = {};
  for (const x of call!.tools ?? []) {
    assert.is(x.type, "function");
    if (x.type === "function") out[x.name] = { description: x.description, inputSchema: x.inputSchema as Schema };
  }
  return out;
}

/** The error a promise rejects with; fails when it resolves. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return assert.unreachable("expected the call to reject");
}

/** Runs `body` with the SDK's warnings silenced (generateObject is deprecated in ai 7 and says so). */
async function quietly<T>(body: () => Promise<T>): Promise<T> {
  const g = globalThis as { AI_SDK_LOG_WARNINGS?: unknown };
  const before = g.AI_SDK_LOG_WARNINGS;
  g.AI_SDK_LOG_WARNINGS = () => {};
  try {
    return await body();
  } finally {
    g.AI_SDK_LOG_WARNINGS = before;
  }
}

// ---- tools ---------------------------------------------------------------------------------------------

const Weather = t.object({ city: t.string(), unit: t.enum(["c", "f"], { default: "c" }) });

/** generateText with `get_weather` (inputSchema: compile(Weather)) for two turns: the calls, then an answer. */
async function weatherRun(...calls: [id: string, input: string][]) {
  const guard = compile(Weather);
  const executed: { toolCallId: string; input: unknown }[] = [];
  const model = new MockLanguageModelV4({ doGenerate: [toolCalls("get_weather", calls), answer("Done.")] });
  const result = await generateText({
    model,
    prompt: "What is the weather in Paris, in Fahrenheit?",
    tools: {
      get_weather: tool({
        description: "Current weather for a city.",
        inputSchema: guard,
        execute: async (input, { toolCallId }) => {
          executed.push({ toolCallId, input });
          return { temperature: input.unit === "f" ? 70 : 21 };
        },
      }),
    },
    stopWhen: stepCountIs(2),
  });
  return { guard, executed, model, result };
}

/** The tool results the SDK sent back to the model on the second turn, by call id. */
function toolResultsSent(model: MockLanguageModelV4): Record<string, { type: string; value: unknown }> {
  const second = model.doGenerateCalls[1];
  assert.ok(second, "the SDK called the model a second time with the tool results");
  const out: Record<string, { type: string; value: unknown }> = {};
  for (const message of second!.prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content)
      if (part.type === "tool-result") out[part.toolCallId] = part.output as { type: string; value: unknown };
  }
  return out;
}

const tools = suite("ai: tool({ inputSchema: compile(d) }) with generateText and the SDK's mock model");

tools("the model is sent the guard's JSON Schema; a valid call reaches execute with the guard's value", async () => {
  const before = {
    plain: json(toJSONSchema(Weather)),
    draft07: json(compile(Weather)["~standard"].jsonSchema.input({ target: "draft-07" })),
  };
  const args = { city: "Paris", unit: "f" };
  const { guard, executed, model, result } = await weatherRun(["call_1", JSON.stringify(args)]);

  // What the model was sent: the guard's schema, as toJSONSchema writes it, objects closed by the SDK.
  assert.is(model.doGenerateCalls.length, 2);
  for (const call of model.doGenerateCalls) {
    const sent = sentTools(call);
    assert.equal(Object.keys(sent), ["get_weather"]);
    assert.is(sent.get_weather!.description, "Current weather for a city.");
    assert.equal(body(sent.get_weather!.inputSchema), closed(toJSONSchema(Weather)));
    assert.equal(
      body(sent.get_weather!.inputSchema),
      closed(guard["~standard"].jsonSchema.input({ target: "draft-07" })),
    );
  }
  assert.equal(closed(toJSONSchema(Weather)), {
    type: "object",
    properties: { city: { type: "string" }, unit: { type: "string", enum: ["c", "f"], default: "c" } },
    required: ["city"],
    additionalProperties: false,
  });
  // The SDK closed the objects of what the guard gave it, in place: a schema the guard hands out is a copy.
  assert.equal(json(toJSONSchema(Weather)), before.plain);
  assert.equal(json(guard["~standard"].jsonSchema.input({ target: "draft-07" })), before.draft07);

  // The call: checked by the guard, executed once with the guard's value, its result sent back.
  assert.equal(executed, [{ toolCallId: "call_1", input: args }]);
  assert.equal(executed[0]!.input, ((await guard["~standard"].validate(args)) as { value: unknown }).value);
  assert.equal(toolResultsSent(model), { call_1: { type: "json", value: { temperature: 70 } } });
  assert.is(result.text, "Done.");
  assert.is(result.steps.length, 2);
  assert.equal(json(result.steps[0]!.toolResults.map((r) => [r.toolCallId, r.input, r.output])), [
    ["call_1", args, { temperature: 70 }],
  ]);
});

tools("a call without the defaulted unit is accepted, and execute gets what the guard's validate gives", async () => {
  const { guard, executed } = await weatherRun(["call_1", JSON.stringify({ city: "Lyon" })]);
  const verdict = await guard["~standard"].validate({ city: "Lyon" });
  assert.ok("value" in verdict, "the guard accepts a call without unit");
  assert.equal(executed, [{ toolCallId: "call_1", input: (verdict as { value: unknown }).value }]);
});

tools("invalid arguments: the SDK reports the guard's issues and does not execute", async () => {
  const bad = JSON.stringify({ city: 5 });
  const { guard, executed, model, result } = await weatherRun(
    ["call_bad", bad],
    ["call_empty", ""],
    ["call_ok", JSON.stringify({ city: "Oslo" })],
  );
  assert.equal(
    executed.map((e) => e.toolCallId),
    ["call_ok"],
    "only the valid call ran",
  );

  const calls = Object.fromEntries(
    result.steps[0]!.toolCalls.map((c) => [c.toolCallId, c as { invalid?: boolean; error?: unknown }]),
  );
  const ours = async (value: unknown) =>
    ((await guard["~standard"].validate(value)) as { issues: { message: string; path: PropertyKey[] }[] }).issues;

  // {"city":5}: InvalidToolInputError, caused by a TypeValidationError whose cause is the guard's issues.
  const error = calls.call_bad!.error;
  assert.is(calls.call_bad!.invalid, true);
  assert.ok(InvalidToolInputError.isInstance(error), `an InvalidToolInputError, not ${String(error)}`);
  assert.is((error as AI.InvalidToolInputError).toolInput, bad);
  const typeError = (error as AI.InvalidToolInputError).cause;
  assert.ok(TypeValidationError.isInstance(typeError));
  assert.equal((typeError as AI.TypeValidationError).value, { city: 5 });
  const issues = (typeError as AI.TypeValidationError).cause as { message: string; path: PropertyKey[] }[];
  assert.equal(issues, await ours({ city: 5 }));
  assert.is(issues.length, 1);
  assert.match(issues[0]!.message, /^Expected string/);
  assert.equal(issues[0]!.path, ["city"]);
  assert.match((error as Error).message, /Invalid input for tool get_weather: .*Type validation failed/);
  assert.ok((error as Error).message.includes(JSON.stringify(issues)), "the SDK's message carries the issues as JSON");

  // An empty input is checked as {}: the guard's "missing" issue for city.
  const empty = calls.call_empty!.error;
  assert.ok(InvalidToolInputError.isInstance(empty));
  const emptyIssues = ((empty as AI.InvalidToolInputError).cause as AI.TypeValidationError).cause;
  assert.equal(emptyIssues, await ours({}));
  assert.equal(
    (emptyIssues as { path: PropertyKey[] }[]).map((i) => i.path),
    [["city"]],
  );
  assert.match((emptyIssues as { message: string }[])[0]!.message, /Missing required property/);

  // The model is told, in the next turn, with the guard's message in the error text.
  const sent = toolResultsSent(model);
  assert.equal(Object.keys(sent).sort(), ["call_bad", "call_empty", "call_ok"]);
  assert.is(sent.call_bad!.type, "error-text");
  assert.match(String(sent.call_bad!.value), /Expected string/);
  assert.ok(String(sent.call_bad!.value).includes(issues[0]!.message));
  assert.is(sent.call_empty!.type, "error-text");
  assert.match(String(sent.call_empty!.value), /Missing required property/);
  assert.equal(sent.call_ok, { type: "json", value: { temperature: 21 } });
});

tools(
  "what the SDK asks of the guard: draft-07 for every model call, and the draft-07 form is what the model gets",
  async () => {
    // A tuple reads differently in the two drafts: prefixItems (2020-12), an items array (07).
    const Route = t.object({ from: t.tuple([t.number(), t.number()]), to: t.tuple([t.number(), t.number()]) });
    const guard = compile(Route);
    const targets: unknown[] = [];
    const props = guard["~standard"];
    // The guard's own ~standard, its jsonSchema.input watched.
    const watched = {
      "~standard": {
        version: props.version,
        vendor: props.vendor,
        validate: (value: unknown) => props.validate(value),
        jsonSchema: {
          input: (options: { target: string }) => (targets.push(options), props.jsonSchema.input(options)),
          output: (options: { target: string }) => props.jsonSchema.output(options),
        },
      },
    };
    const model = new MockLanguageModelV4({
      doGenerate: [toolCalls("route", [["call_1", JSON.stringify({ from: [1, 2], to: [3, 4] })]]), answer("Done.")],
    });
    const routed: unknown[] = [];
    await generateText({
      model,
      prompt: "Route it.",
      tools: { route: tool({ inputSchema: watched, execute: async (input) => (routed.push(input), "ok") }) },
      stopWhen: stepCountIs(2),
    });

    assert.equal(targets, [{ target: "draft-07" }, { target: "draft-07" }], "one draft-07 schema per model call");
    assert.equal(routed, [{ from: [1, 2], to: [3, 4] }]);
    const sent = sentTools(model.doGenerateCalls[0]).route!.inputSchema;
    assert.equal(body(sent), closed(guard["~standard"].jsonSchema.input({ target: "draft-07" })));
    const from = (sent.properties as Record<string, Schema>).from!;
    assert.ok(Array.isArray(from.items), "draft-07: the tuple as an items array");
    assert.is(from.prefixItems, undefined, "no 2020-12 prefixItems in a draft-07 schema");
    assert.ok(
      "prefixItems" in ((toJSONSchema(Route).properties as Record<string, Schema>).from as Schema),
      "toJSONSchema itself writes 2020-12",
    );
  },
);

tools.run();

// ---- structured output ---------------------------------------------------------------------------------

const Forecast = t.object({
  city: t.string(),
  days: t.array(t.object({ day: t.integer({ minimum: 1 }), high: t.number() })),
});
const GOOD = {
  city: "Oslo",
  days: [
    { day: 1, high: 4.5 },
    { day: 2, high: 6 },
  ],
};
const BAD = { city: "Oslo", days: [{ day: 0, high: "warm" }] };

const objects = suite(
  "ai: structured output with Output.object({ schema: compile(d) }) and generateObject({ schema: standard(d) })",
);

objects(
  "generateText + Output.object(compile(d)): the model is asked for the JSON Schema, its text parsed and checked",
  async () => {
    const model = new MockLanguageModelV4({ doGenerate: answer(JSON.stringify(GOOD)) });
    const result = await generateText({
      model,
      prompt: "Forecast for Oslo.",
      output: Output.object({ schema: compile(Forecast), name: "forecast" }),
    });

    assert.equal(result.output, GOOD);
    assert.is(model.doGenerateCalls.length, 1);
    const format = model.doGenerateCalls[0]!.responseFormat;
    assert.is(format?.type, "json");
    assert.is(format?.type === "json" ? format.name : undefined, "forecast");
    assert.equal(body(format?.type === "json" ? format.schema : undefined), closed(toJSONSchema(Forecast)));
    assert.is((closed(toJSONSchema(Forecast)).properties as Record<string, Schema>).days!.type, "array");
  },
);

objects(
  "generateText + Output.object(compile(d)): an answer the guard refuses is a NoObjectGeneratedError with its issues",
  async () => {
    const text = JSON.stringify(BAD);
    const model = new MockLanguageModelV4({ doGenerate: answer(text) });
    const error = await rejection(
      generateText({ model, prompt: "Forecast for Oslo.", output: Output.object({ schema: compile(Forecast) }) }),
    );

    assert.ok(NoObjectGeneratedError.isInstance(error), `a NoObjectGeneratedError, not ${String(error)}`);
    assert.is((error as AI.NoObjectGeneratedError).text, text);
    assert.match((error as Error).message, /did not match schema/);
    const cause = (error as AI.NoObjectGeneratedError).cause;
    assert.ok(TypeValidationError.isInstance(cause));
    const issues = (cause as AI.TypeValidationError).cause as { message: string; path: PropertyKey[] }[];
    assert.equal(issues, ((await compile(Forecast)["~standard"].validate(BAD)) as { issues: unknown }).issues);
    assert.equal(
      issues.map((i) => i.path),
      [
        ["days", 0, "day"],
        ["days", 0, "high"],
      ],
      "paths as keys, an array index as a number",
    );
    assert.match(issues[0]!.message, />= 1/);
    assert.match(issues[1]!.message, /^Expected number/);
    assert.match((cause as Error).message, /Expected number/);
  },
);

objects(
  "generateObject({ schema: standard(d) }): the same schema is sent, a good answer comes back as the object",
  async () => {
    const schema = standard(Forecast);
    const before = {
      plain: json(toJSONSchema(Forecast)),
      draft07: json(schema["~standard"].jsonSchema.input({ target: "draft-07" })),
    };
    const model = new MockLanguageModelV4({ doGenerate: answer(JSON.stringify(GOOD)) });
    const result = await quietly(() =>
      generateObject({ model, prompt: "Forecast for Oslo.", schema, schemaName: "forecast" }),
    );

    assert.equal(result.object, GOOD);
    const format = model.doGenerateCalls[0]!.responseFormat;
    assert.is(format?.type, "json");
    assert.is(format?.type === "json" ? format.name : undefined, "forecast");
    assert.equal(body(format?.type === "json" ? format.schema : undefined), closed(toJSONSchema(Forecast)));
    // The SDK closed the objects of what it was given, in place: what standard(d) and toJSONSchema hand out are copies.
    assert.equal(json(toJSONSchema(Forecast)), before.plain);
    assert.equal(json(schema["~standard"].jsonSchema.input({ target: "draft-07" })), before.draft07);
    assert.equal(
      before.draft07,
      json(compile(Forecast)["~standard"].jsonSchema.input({ target: "draft-07" })),
      "standard(d) and compile(d) write the same schema",
    );
  },
);

objects("generateObject({ schema: standard(d) }): a refused answer fails with the guard's messages", async () => {
  const text = JSON.stringify(BAD);
  const model = new MockLanguageModelV4({ doGenerate: answer(text) });
  const error = await rejection(
    quietly(() => generateObject({ model, prompt: "Forecast for Oslo.", schema: standard(Forecast) })),
  );

  assert.ok(NoObjectGeneratedError.isInstance(error), `a NoObjectGeneratedError, not ${String(error)}`);
  assert.is((error as AI.NoObjectGeneratedError).text, text);
  const cause = (error as AI.NoObjectGeneratedError).cause;
  assert.ok(TypeValidationError.isInstance(cause));
  assert.equal(
    (cause as AI.TypeValidationError).cause,
    ((await standard(Forecast)["~standard"].validate(BAD)) as { issues: unknown }).issues,
  );
  assert.match((cause as Error).message, /Expected number, received string/);
});

objects("generateObject: JSON that does not parse fails as such, before the guard is asked", async () => {
  const model = new MockLanguageModelV4({ doGenerate: answer('{"city": "Oslo", "days": [') });
  const error = await rejection(
    quietly(() => generateObject({ model, prompt: "Forecast for Oslo.", schema: standard(Forecast) })),
  );
  assert.ok(NoObjectGeneratedError.isInstance(error));
  assert.match((error as Error).message, /could not parse/);
  assert.not.ok(
    TypeValidationError.isInstance((error as AI.NoObjectGeneratedError).cause),
    "a parse error, not a validation error",
  );
});

objects.run();
