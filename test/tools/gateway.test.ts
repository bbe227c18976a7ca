// Wire format and schema rules apart: an OpenAI-compatible endpoint in front of another model takes OpenAI's tool
// shape with the model's own schema rules (`dialect`); `strict: "prefer"` sends strict only what can be; Gemini's
// strict is its VALIDATED calling mode; Anthropic's strict tool sets stay within its documented limits.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  t,
  tool,
  toOpenAIFormat,
  toGeminiFormat,
  toAnthropicTools,
  ToolRegistry,
  ADAPTERS,
  ANTHROPIC_STRICT_LIMITS,
  runTools,
  type ToolIssue,
} from "tooltype";
import * as lean from "tooltype/tools";
import { anthropic, anthropicStrict, geminiJSON } from "tooltype/dialects";
import { shareRepeated } from "tooltype/schema";

const g = suite("gateways and strict: the schema follows the model, the wire follows the endpoint");

const Turn = t.named("Turn", t.object({ who: t.string(), said: t.string() }));
const summarize = tool({
  name: "summarize",
  description: "Summarizes a conversation.",
  parameters: t.object({
    turns: t.array(Turn),
    style: t.optional(t.nullable(t.enum(["short", "long"]))),
    max: t.optional(t.integer({ minimum: 1 })),
  }),
  execute: () => "ok",
});

g("dialect gemini on the OpenAI wire: OpenAI's tool shape, Gemini's rules in JSON Schema spelling", () => {
  const plain = toOpenAIFormat(summarize);
  assert.ok(JSON.stringify(plain.function.parameters).includes("$ref"), "OpenAI's own rules keep $ref");
  const out = toOpenAIFormat(summarize, { dialect: "gemini" });
  assert.is(out.type, "function");
  assert.is(out.function.name, "summarize");
  const text = JSON.stringify(out.function.parameters);
  assert.not.ok(text.includes("$ref") || text.includes("$defs"), "Gemini cannot follow $ref: inlined");
  assert.not.ok(/"type":"[A-Z]/.test(text), "JSON Schema's lower-case types, not Gemini's OpenAPI spelling");
  assert.not.ok(text.includes("propertyOrdering") || text.includes("nullable"), text);
  const style = (out.function.parameters as any).properties.style;
  assert.ok(
    Array.isArray(style.type) ? style.type.includes("null") : JSON.stringify(style).includes('"null"'),
    `nullable as a null type: ${JSON.stringify(style)}`,
  );
  assert.is((out.function.parameters as any).properties.turns.items.properties.who.type, "string");
});

g("dialect anthropic on the OpenAI wire with strict: Anthropic's strict rules; a dialect value works too", () => {
  const out = toOpenAIFormat(summarize, { dialect: "anthropic", strict: true });
  assert.is(out.function.strict, true);
  assert.equal(
    (out.function.parameters as any).required.sort(),
    ["turns"],
    "Anthropic's strict rules keep optional properties optional (OpenAI's make all required)",
  );
  const openaiStrict = toOpenAIFormat(summarize, { strict: true });
  assert.equal((openaiStrict.function.parameters as any).required.sort(), ["max", "style", "turns"]);
  assert.throws(
    () => toOpenAIFormat(summarize, { dialect: "palm" as never }),
    /dialect: "palm" is not one of openai, anthropic, gemini, mcp/,
  );
});

g("lean entries take the rules as values; a name is the root entry's and says so", () => {
  assert.equal(
    lean.toOpenAIFormat(summarize, { dialect: geminiJSON }),
    toOpenAIFormat(summarize, { dialect: "gemini" }),
    "geminiJSON as a value writes what the root's name does",
  );
  assert.equal(
    lean.toOpenAIFormat(summarize, { dialect: lean.ANTHROPIC_RULES, strict: true }),
    toOpenAIFormat(summarize, { dialect: "anthropic", strict: true }),
  );
  const family = { plain: anthropic, strict: anthropicStrict };
  const issues: ToolIssue[] = [];
  const preferred = lean.toOpenAIFormat(summarize, {
    dialect: family,
    strict: "prefer",
    onIssue: (i) => issues.push(i),
  });
  assert.is(preferred.function.strict, true, "{ plain, strict } chooses by strict, prefer included");
  assert.equal(
    issues.map((i) => i.kind),
    ["changed"],
    "minimum moved into the description, no advice against strict",
  );
  assert.is(lean.toOpenAIFormat(summarize, { dialect: family }).function.strict, undefined);
  assert.throws(
    () => lean.toOpenAIFormat(summarize, { dialect: "gemini" }),
    /dialect: "gemini" is a name only the root entry \("tooltype"\) resolves; here pass a dialect value, such as geminiJSON/,
  );
  assert.throws(() => lean.toGeminiFormat(summarize, { dialect: "openai" }), /only the root entry/);
  assert.throws(
    () => lean.toOpenAIFormat(summarize, { dialect: { plain: 5 } as never }),
    /dialect: \{"plain":5\} is not a dialect value/,
  );
  assert.equal(
    lean.toOpenAIFormat(summarize, { dialect: { plain: geminiJSON } }),
    lean.toOpenAIFormat(summarize, { dialect: geminiJSON }),
    "rules without a strict writer write plain schemas",
  );
  assert.throws(
    () => lean.toOpenAIFormat(summarize, { dialect: { plain: geminiJSON }, strict: true }),
    /Tool "summarize": strict: true in the openai format needs strict schema rules, and the dialect given has none/,
  );
  const twice = tool({
    name: "ship",
    description: "Ships.",
    parameters: t.object({ from: t.object({ city: t.string() }), to: t.object({ city: t.string() }) }),
    execute: () => 1,
  });
  assert.equal(
    lean.toOpenAIFormat(twice, { shareRepeated }),
    toOpenAIFormat(twice, { shareRepeated: true }),
    "shareRepeated as the function writes what the root's true does",
  );
  assert.ok(JSON.stringify(lean.toOpenAIFormat(twice, { shareRepeated })).includes("$defs"));
  assert.throws(() => lean.toOpenAIFormat(twice, { shareRepeated: true }), /shareRepeated takes the function here/);
  const viaRoot = new ToolRegistry().register(summarize).check("openai", { dialect: "gemini" });
  assert.not.ok(
    viaRoot.some((i) => /only the root entry/.test(i.message)),
    "the root registry's check takes the name",
  );
  const viaLean = new lean.ToolRegistry().register(summarize).check("openai", { dialect: "gemini" });
  assert.ok(
    viaLean.some((i) => i.kind === "rejected" && /only the root entry/.test(i.message)),
    "the lean one says why",
  );
});

g("strict: prefer sends strict each tool whose schema allows it, the others plain, and says why", () => {
  const open = tool({
    name: "open",
    description: "Anything.",
    parameters: { type: "object", properties: { q: { not: { type: "string" } } } },
    execute: () => 1,
  });
  const issues: ToolIssue[] = [];
  const registry = new ToolRegistry().register(summarize, open);
  const tools = registry.toOpenAIFormat({ strict: "prefer", onIssue: (issue) => issues.push(issue) });
  assert.equal(
    tools.map((x) => [x.function.name, x.function.strict === true]),
    [
      ["summarize", true],
      ["open", false],
    ],
  );
  const advice = issues.filter((i) => i.kind === "advice" && i.tool === "open");
  assert.is(advice.length, 1);
  assert.match(advice[0]!.message, /sent without strict mode: .*not/);
  const responses = registry.toResponsesFormat({ strict: "prefer", onIssue: () => {} });
  assert.equal(
    responses.map((x) => x.strict),
    [true, false],
  );
});

g("Gemini strict is function calling mode VALIDATED; a forced choice stays ANY", () => {
  const request = ADAPTERS.gemini.withTools({ model: "gemini-2.5-flash", contents: [] }, [summarize], {
    strict: true,
  }) as any;
  assert.is(request.config.toolConfig.functionCallingConfig.mode, "VALIDATED");
  const prefer = ADAPTERS.gemini.withTools({ model: "m", contents: [] }, [summarize], { strict: "prefer" }) as any;
  assert.is(prefer.config.toolConfig.functionCallingConfig.mode, "VALIDATED");
  const forced = ADAPTERS.gemini.withTools({ model: "m", contents: [] }, [summarize], {
    strict: true,
    toolChoice: "required",
  }) as any;
  assert.is(forced.config.toolConfig.functionCallingConfig.mode, "ANY");
  const plain = ADAPTERS.gemini.withTools({ model: "m", contents: [] }, [summarize], {}) as any;
  assert.is(plain.config.toolConfig, undefined);
  const viaOpenAI = toGeminiFormat(summarize, { dialect: "openai" });
  assert.ok(
    viaOpenAI.parametersJsonSchema && !viaOpenAI.parameters,
    "another model's rules behind Gemini's wire: parametersJsonSchema",
  );
});

g("Anthropic strict tool sets: 20 strict tools, 24 optional parameters, 16 union parameters across a request", () => {
  const many = Array.from({ length: 25 }, (_, i) =>
    tool({ name: `t${i}`, description: `Tool ${i}.`, parameters: t.object({ a: t.string() }), execute: () => i }),
  );
  const issues: ToolIssue[] = [];
  const written = toAnthropicTools(many, { strict: "prefer", onIssue: (issue) => issues.push(issue) });
  assert.is(written.filter((x) => x.strict).length, ANTHROPIC_STRICT_LIMITS.tools);
  assert.is(issues.filter((i) => /allows 20 strict tools/.test(i.message)).length, 5);
  assert.throws(
    () => toAnthropicTools(many, { strict: true }),
    /Tool "t20" cannot be strict: Anthropic allows 20 strict tools/,
  );
  const rejected = new ToolRegistry()
    .register(...many)
    .check("anthropic", { strict: true })
    .filter((i) => i.kind === "rejected");
  assert.is(rejected.length, 5, "registry.check reports them before the request fails");

  const optional = Array.from({ length: 4 }, (_, i) =>
    tool({
      name: `o${i}`,
      description: "Options.",
      parameters: t.object(Object.fromEntries(Array.from({ length: 8 }, (_, k) => [`p${k}`, t.optional(t.string())]))),
      execute: () => 1,
    }),
  );
  const kept = toAnthropicTools(optional, { strict: "prefer", onIssue: () => {} });
  assert.equal(
    kept.map((x) => x.strict === true),
    [true, true, true, false],
    "8 + 8 + 8 = 24 optional parameters; a fourth tool would make 32",
  );
  const unions = Array.from({ length: 3 }, (_, i) =>
    tool({
      name: `u${i}`,
      description: "Unions.",
      parameters: t.object(
        Object.fromEntries(Array.from({ length: 7 }, (_, k) => [`p${k}`, t.union([t.string(), t.integer()])])),
      ),
      execute: () => 1,
    }),
  );
  assert.equal(
    toAnthropicTools(unions, { strict: "prefer", onIssue: () => {} }).map((x) => x.strict === true),
    [true, true, false],
    "7 + 7 = 14 union parameters; 21 would pass 16",
  );
});

g("runTools: provider openai with dialect gemini sends Gemini-safe schemas on OpenAI's wire", async () => {
  let sent: any;
  await runTools({
    provider: "openai",
    dialect: "gemini",
    chat: async (request) => (
      (sent = request),
      { choices: [{ index: 0, message: { role: "assistant", content: "hi" }, finish_reason: "stop" }] }
    ),
    request: { model: "google/gemini-2.5-flash", messages: [{ role: "user", content: "hi" }] },
    tools: [summarize],
  });
  assert.is(sent.tools[0].type, "function");
  assert.not.ok(JSON.stringify(sent.tools[0].function.parameters).includes("$ref"));
});

g.run();
