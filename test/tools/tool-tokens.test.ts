// The cost of a tool set: toolTokens / registry.tokens per provider, the advice they give, and shareRepeated
// (repeated subschemas written once under $defs) in toJSONSchema and the formats.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  t,
  tool,
  toolTokens,
  ToolRegistry,
  toJSONSchema,
  compile,
  shareRepeated,
  repeatedSchemas,
  toOpenAIFormat,
  toGeminiFormat,
  toAnthropicTools,
  toMCPFormat,
  toResponsesFormat,
  type Provider,
} from "tooltype";
import { toJSONSchema as leanToJSONSchema, shareRepeated as leanShare } from "tooltype/schema";
import recorded from "../fixtures/usage/openai-cookbook-weather.json";

const env = (globalThis as { __TOOLTYPE_ENV__?: string }).__TOOLTYPE_ENV__ ?? "node";
// A stand-in tokenizer for the structural tests (every runtime): one token per 4 characters, rounded up.
const quarter = (text: string) => Math.ceil(text.length / 4);
async function rejects(run: () => Promise<unknown>, message: RegExp): Promise<void> {
  try {
    await run();
  } catch (error) {
    return assert.match((error as Error).message, message);
  }
  assert.unreachable(`expected an error matching ${message}`);
}

const address = () =>
  t.object({
    street: t.string({ description: "Street and number" }),
    city: t.string({ description: "City" }),
    zip: t.optional(t.string({ description: "Postal code" })),
  });
const ship = tool({
  name: "ship_order",
  description: "Ships an order to a billing and a shipping address, with notes for the courier and the customs office.",
  parameters: t.object({
    order: t.integer({ description: "Order number" }),
    billing: address(),
    shipping: address(),
    returns: t.array(address(), { description: "Return addresses" }),
  }),
  execute: () => "ok",
});
const ping = tool({
  name: "ping",
  description: "Ping.",
  parameters: t.object({ host: t.string() }),
  execute: () => "pong",
});
const echo = tool({
  name: "echo",
  description: "Echo.",
  parameters: t.object({ text: t.string({ description: "Text" }) }),
  execute: ({ text }) => text,
});
const add = tool({
  name: "add",
  description: "Add.",
  parameters: t.object({ a: t.number({ description: "A" }), b: t.number({ description: "B" }) }),
  execute: ({ a, b }) => a + b,
});

const counts = suite("toolTokens: per tool and in total, as each provider's format writes it");

counts("each tool is its definition's JSON, the total is the whole list's JSON, for every provider", async () => {
  const tools = [ship, ping, echo];
  const written: Record<Provider, unknown[]> = {
    openai: tools.map((x) => toOpenAIFormat(x)),
    responses: tools.map((x) => toResponsesFormat(x)),
    anthropic: toAnthropicTools(tools),
    gemini: tools.map((x) => toGeminiFormat(x)),
    mcp: tools.map((x) => toMCPFormat(x)),
  };
  for (const provider of Object.keys(written) as Provider[]) {
    const result = await toolTokens(tools, provider, { count: quarter });
    assert.is(result.provider, provider);
    assert.equal(
      result.tools,
      written[provider].map((definition, i) => ({ name: tools[i]!.name, tokens: quarter(JSON.stringify(definition)) })),
      provider,
    );
    assert.is(result.total, quarter(JSON.stringify(written[provider])), provider);
  }
});

counts("strict and Gemini's jsonSchema count the form they select", async () => {
  const strict = await toolTokens([ship], "openai", { count: quarter, strict: true });
  assert.is(strict.tools[0]!.tokens, quarter(JSON.stringify(toOpenAIFormat(ship, { strict: true }))));
  const json = await toolTokens([ship], "gemini", { count: quarter, jsonSchema: true });
  assert.is(json.tools[0]!.tokens, quarter(JSON.stringify(toGeminiFormat(ship, { jsonSchema: true }))));
});

counts("bad input: a clear error naming it", async () => {
  await rejects(
    () => toolTokens([ping], "palm" as never, { count: quarter }),
    /unknown provider "palm"; known: openai, responses, anthropic, gemini, mcp/,
  );
  await rejects(() => toolTokens([ping], "openai", { count: 4 as never }), /count must be a function/);
  await rejects(
    () => toolTokens(new ToolRegistry() as never, "openai", { count: quarter }),
    /expects a list of tools.*registry\.tokens/,
  );
});

counts("registry.tokens: a category's tools, and the count's own advice (more than 20 tools)", async () => {
  const many = Array.from({ length: 21 }, (_, i) =>
    tool({
      name: `t${i}`,
      description: "T.",
      category: i ? "rest" : "first",
      parameters: t.object({}),
      execute: () => i,
    }),
  );
  const registry = new ToolRegistry().register(many);
  const first = await registry.tokens("openai", { count: quarter, category: "first" });
  assert.equal(
    first.tools.map((x) => x.name),
    ["t0"],
  );
  const all = await registry.tokens("anthropic", { count: quarter });
  assert.is(all.tools.length, 21);
  assert.match(all.issues[0]!.message, /21 tools in one request/);
  await rejects(
    () => registry.tokens("openai", { count: quarter, category: "nope" }),
    /no tool has the category "nope"/,
  );
});

const advice = suite("toolTokens: advice as issues");

advice(
  "the heaviest tools, parameters without a description, and repeated subschemas with what sharing saves",
  async () => {
    const { issues, tools } = await toolTokens([ship, ping, echo, add], "openai", { count: quarter });
    const heavy = issues.filter((i) => i.message.startsWith("costs"));
    assert.equal(
      heavy.map((i) => i.tool),
      ["ship_order"],
    );
    assert.match(heavy[0]!.message, new RegExp(`costs ${tools[0]!.tokens} tokens`));
    const bare = issues.filter((i) => i.message.includes("no description"));
    assert.equal(
      bare.map((i) => `${i.tool}${i.path}`),
      ["ship_order/properties/billing", "ship_order/properties/shipping", "ping/properties/host"],
    );
    const repeated = issues.find((i) => i.message.includes("shareRepeated"))!;
    assert.is(repeated.tool, "ship_order");
    assert.match(repeated.message, /\/properties\/billing, \/properties\/shipping, \/properties\/returns\/items/);
    const saved = Number(/saves (\d+) of/.exec(repeated.message)![1]);
    const shared = await toolTokens([ship], "openai", { count: quarter, shareRepeated: true });
    assert.is(saved, tools[0]!.tokens - shared.tools[0]!.tokens);
    assert.ok(saved > 0);
    assert.ok(!shared.issues.some((i) => i.message.includes("shareRepeated")), "no such advice once shared");
  },
);

advice("no sharing advice for Gemini's parameters, which cannot hold $ref", async () => {
  const { issues } = await toolTokens([ship], "gemini", { count: quarter });
  assert.ok(!issues.some((i) => i.message.includes("shareRepeated")));
});

const share = suite("shareRepeated: repeated subschemas written once under $defs");

share("toJSONSchema writes the repeated address once, referenced three times; the same values are valid", () => {
  const plain = toJSONSchema(ship.input!);
  const shared = toJSONSchema(ship.input!, { shareRepeated: true });
  assert.equal(Object.keys(shared.$defs as object), ["billing"]);
  assert.equal((shared.properties as any).billing, { $ref: "#/$defs/billing" });
  assert.equal((shared.properties as any).returns.items, { $ref: "#/$defs/billing" });
  assert.ok(JSON.stringify(shared).length < JSON.stringify(plain).length);
  const a = compile(plain),
    b = compile(shared);
  const good = {
    order: 1,
    billing: { street: "1 Main", city: "X" },
    shipping: { street: "2 Side", city: "Y", zip: "1" },
    returns: [],
  };
  const bad = { ...good, returns: [{ street: 1, city: "Z" }] };
  assert.equal([a(good), a(bad)], [true, false]);
  assert.equal([b(good), b(bad)], [true, false]);
  assert.equal(
    b.errors(bad).map((i) => i.path),
    a.errors(bad).map((i) => i.path),
  );
});

share("tooltype/schema's toJSONSchema takes the function, so a bundle that never shares does not carry it", () => {
  assert.equal(
    leanToJSONSchema(ship.input!, { shareRepeated: leanShare }),
    toJSONSchema(ship.input!, { shareRepeated: true }),
  );
  for (const wrong of [true, "yes"])
    assert.throws(
      () => leanToJSONSchema(ship.input!, { shareRepeated: wrong as never }),
      /shareRepeated takes the function here \(import \{ shareRepeated \} from "tooltype\/schema"\)/,
    );
});

share("small repeats are left alone; titles name definitions; names never clash", () => {
  const small = { type: "object", properties: { a: { type: "string" }, b: { type: "string" } } };
  assert.equal(shareRepeated(small), small);
  const point = {
    title: "Point",
    type: "object",
    properties: { x: { type: "number", description: "Across" }, y: { type: "number", description: "Down" } },
    required: ["x", "y"],
  };
  const out = shareRepeated({
    type: "object",
    properties: { from: point, to: point },
    $defs: { Point: { type: "string" } },
  });
  assert.equal(Object.keys(out.$defs as object), ["Point", "Point2"]);
  assert.equal(
    repeatedSchemas({ type: "object", properties: { from: point, to: point } }).map((r) => r.paths),
    [["/properties/from", "/properties/to"]],
  );
});

share("the formats: OpenAI strict keeps $defs and $ref (closed, all required); Gemini's parameters inline them", () => {
  const strict = toOpenAIFormat(ship, { strict: true, shareRepeated: true }).function.parameters as any;
  assert.equal(strict.properties.shipping, { $ref: "#/$defs/billing" });
  assert.is(strict.$defs.billing.additionalProperties, false);
  assert.equal(strict.$defs.billing.required, ["street", "city", "zip"]);
  const gemini = JSON.stringify(toGeminiFormat(ship, { shareRepeated: true }).parameters);
  assert.ok(!gemini.includes("$ref"));
  assert.ok(JSON.stringify(toMCPFormat(ship, { shareRepeated: true }).inputSchema).includes('"$defs"'));
});

const real = suite("toolTokens with gpt-tokenizer (o200k_base), against a recorded bill");
const inNode = env === "node" ? real : real.skip;

inNode("the default tokenizer loads on demand; the estimate against the API's recorded prompt_tokens", async () => {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  const weather = tool({ ...recorded.tool, execute: () => "sunny" });
  const estimate = await toolTokens([weather], "openai");
  assert.is(estimate.total, countTokens(JSON.stringify([toOpenAIFormat(weather)])));
  // What the tool cost in the recorded bill: prompt_tokens less the messages, counted as the cookbook counts them.
  const messages = recorded.messages.reduce((n, m) => n + 3 + countTokens(m.role) + countTokens(m.content), 3);
  const billed = recorded.usage.prompt_tokens - messages;
  assert.equal([messages, billed, estimate.total], [33, 68, 86]); // README quotes these numbers
});

counts(
  "without count, gpt-tokenizer is loaded on demand; where it cannot be (a page without an import map), the error names the install",
  async () => {
    if (env.startsWith("chromium")) {
      await rejects(
        () => toolTokens([ping], "openai"),
        /counting tokens needs the gpt-tokenizer package \(npm install gpt-tokenizer\), or pass \{ count: \(text\) => tokens \}/,
      );
    } else {
      const { total } = await toolTokens([ping], "openai");
      assert.ok(total > 10 && total < 60, String(total));
    }
  },
);

counts.run();
advice.run();
share.run();
real.run();

const hostile = suite("hostile schemas: sharing advice and toolTokens do work linear in the schema, within a budget");

/** `value` behind proxies that count every property read and key listing: work, the same on every machine. */
function counting<T extends object>(value: T): { value: T; reads: () => number } {
  let reads = 0;
  const proxies = new WeakMap<object, object>();
  const wrap = (target: object): object => {
    let proxy = proxies.get(target);
    if (!proxy) {
      proxy = new Proxy(target, {
        get(object, key, receiver) {
          reads++;
          const found = Reflect.get(object, key, receiver);
          return typeof found === "object" && found !== null ? wrap(found) : found;
        },
        ownKeys(object) {
          reads++;
          return Reflect.ownKeys(object);
        },
      });
      proxies.set(target, proxy);
    }
    return proxy;
  };
  return { value: wrap(value) as T, reads: () => reads };
}

/** A schema nested `depth` levels, each level with its own description and a small repeated leaf pair. */
function nested(depth: number, padding = 40): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: "string", description: "the bottom" };
  for (let i = 0; i < depth; i++) {
    const leaf = { type: "object", properties: { kind: { type: "string", enum: [`k${i}`, "other", "more"] } } };
    schema = {
      type: "object",
      description: `level ${i} ${"d".repeat(padding)}`,
      properties: { next: schema, left: leaf, right: leaf },
    };
  }
  return schema;
}

hostile("repeatedSchemas and shareRepeated: twice the depth, at most 2.2 times the reads", () => {
  const work = (depth: number, run: (schema: JSONSchemaLike) => unknown) => {
    const { value, reads } = counting(nested(depth));
    run(value);
    return reads();
  };
  for (const [name, run] of [
    ["repeatedSchemas", repeatedSchemas],
    ["shareRepeated", shareRepeated],
  ] as const) {
    const small = work(200, run);
    const large = work(400, run);
    assert.ok(large <= 2.2 * small, `${name}: ${small} reads at 200 levels, ${large} at 400`);
  }
  const found = repeatedSchemas(nested(300));
  assert.is(found.length, 300, "each level's leaf pair, once");
  assert.ok(found.every((r) => r.paths.length === 2));
  assert.ok(
    found.some((r) => r.paths.join() === "/properties/left,/properties/right"),
    "the top level's pair",
  );
});

type JSONSchemaLike = Parameters<typeof repeatedSchemas>[0];

hostile(
  "toolTokens on a server's 0.2 MB schema 250 levels deep: linear reads; past the budget, advice instead",
  async () => {
    const asTool = (parameters: object) => ({
      name: "deep",
      description: "A tool a server describes.",
      parameters,
      returns: undefined,
      strict: false,
    });
    const work = async (depth: number) => {
      const { value, reads } = counting(nested(depth, 800));
      await toolTokens([asTool(value)], "openai", { count: quarter });
      return reads();
    };
    assert.ok(JSON.stringify(nested(250, 800)).length > 200_000, "0.2 MB");
    const small = await work(125);
    const large = await work(250);
    assert.ok(large <= 2.2 * small, `${small} reads at 125 levels, ${large} at 250`);

    const wide = { type: "object", properties: {} as Record<string, unknown> };
    for (let i = 0; i < 12_000; i++) wide.properties[`p${i}`] = { type: "string", description: "x".repeat(80) };
    assert.throws(
      () => repeatedSchemas(wide as never),
      (e: Error) => e instanceof RangeError && /budget/.test(e.message),
    );
    assert.equal(shareRepeated(wide as never), wide, "past the budget nothing is shared");
    const { issues } = await toolTokens([asTool(wide)], "openai", { count: quarter });
    assert.ok(
      issues.some((i) => /not looked for: .*budget of 1000000/.test(i.message)),
      issues.map((i) => i.message).join("\n"),
    );
    const bare = await toolTokens(
      [
        asTool({
          type: "object",
          properties: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`q${i}`, { type: "string" }])),
        }),
      ],
      "openai",
      { count: quarter },
    );
    const undescribed = bare.issues.filter((i) => /description/.test(i.message));
    assert.is(undescribed.length, 21, "20 listed, then one count");
    assert.match(undescribed.at(-1)!.message, /and 480 more parameters have no description/);
    console.log(
      `hostile toolTokens: ${small} reads at 125 levels, ${large} at 250 (0.2 MB); a 1.2 MB schema reported past the budget`,
    );
  },
);

hostile.run();
