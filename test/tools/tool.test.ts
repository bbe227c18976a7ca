// tool(), @tool, toolsFrom, ToolRegistry and Tool.execute: the typed forms and running safely.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  t,
  tool,
  toolsFrom,
  ToolRegistry,
  Tool,
  functionToTool,
  toJSONSchema,
  compile,
  runTools,
  mcpHandlers,
  functionToToolFromSource,
} from "tooltype";
import { Type } from "@sinclair/typebox";
import * as z from "zod";
import * as f from "../fixtures/functions.mjs";

const quiet = { error: () => {}, warn: () => {} };

const weather = tool({
  name: "get_weather",
  description: "Current weather for a city.",
  category: "weather",
  parameters: t.object({
    city: t.string({ minLength: 1 }),
    unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }),
    days: t.optional(t.integer({ minimum: 1 })),
  }),
  execute: ({ city, unit, days }) => ({ city, unit, days }),
});

const typed = suite("tool({...}): the typed form");

typed("execute receives decoded arguments with defaults filled in", async () => {
  assert.equal(await weather.execute({ city: "Oslo" }), {
    success: true,
    value: { city: "Oslo", unit: "celsius", days: undefined },
  });
  assert.equal(await weather.execute('{"city":"Oslo","unit":"fahrenheit","days":2}'), {
    success: true,
    value: { city: "Oslo", unit: "fahrenheit", days: 2 },
  });
});

typed("name, description, parameters, category", () => {
  assert.is(weather.name, "get_weather");
  assert.is(weather.description, "Current weather for a city.");
  assert.is(weather.category, "weather");
  assert.equal(weather.parameters.required, ["city"]);
  assert.ok(Object.isFrozen(weather.parameters));
});

typed("the context passed to execute reaches the function", async () => {
  const whoami = tool({
    name: "whoami",
    description: "Who is asking.",
    parameters: t.object({}),
    execute: (_args, ctx: { user: string }) => ctx.user,
  });
  assert.equal(await whoami.execute({}, { user: "ada" }), { success: true, value: "ada" });
});

typed("TypeBox and plain JSON Schema parameters", async () => {
  const tb = tool({
    name: "tb",
    description: "TypeBox.",
    parameters: Type.Object({ q: Type.String(), n: Type.Optional(Type.Integer()) }),
    execute: ({ q, n }) => `${q}:${n ?? 0}`,
  });
  assert.equal(await tb.execute({ q: "x" }), { success: true, value: "x:0" });
  assert.not.ok((await tb.execute({ q: 1 })).success);
  const plain = tool({
    name: "plain",
    description: "Plain.",
    parameters: { type: "object", properties: { q: { type: "string", default: "d" } } },
    execute: (a) => a,
  });
  assert.equal(await plain.execute({}), { success: true, value: { q: "d" } });
});

typed("a Standard Schema exposing JSON Schema is described by it and checked by it", async () => {
  const calls: unknown[] = [];
  const fake = {
    "~standard": {
      version: 1,
      vendor: "fake",
      validate: (v: unknown) => (
        calls.push(v),
        typeof (v as { n?: unknown }).n === "number"
          ? { value: { n: (v as { n: number }).n * 2 } }
          : { issues: [{ message: "n must be a number", path: ["n"] }] }
      ),
      jsonSchema: {
        input: () => ({
          $schema: "https://json-schema.org/draft/2020-12/schema",
          type: "object",
          properties: { n: { type: "number" } },
          required: ["n"],
        }),
      },
    },
  };
  const doubled = tool({ name: "doubled", description: "Doubles.", parameters: fake, execute: (a) => a });
  assert.equal(doubled.parameters, { type: "object", properties: { n: { type: "number" } }, required: ["n"] });
  assert.equal(await doubled.execute({ n: 2 }), { success: true, value: { n: 4 } });
  const bad = await doubled.execute({ n: "2" });
  assert.not.ok(bad.success);
  assert.match((bad as { error: string }).error, /at \/n: n must be a number/);
});

typed(
  "an asynchronous Standard Schema validator is awaited: its value, its issues, the strict-mode retry, and a rejection as a failed result",
  async () => {
    const seen: unknown[] = [];
    const later = {
      "~standard": {
        version: 1,
        vendor: "fake-async",
        validate: async (v: unknown) => {
          seen.push(v);
          if ((v as { boom?: unknown }).boom) throw new Error("validator down");
          const n = (v as { n?: unknown }).n;
          return n === undefined || typeof n === "number"
            ? { value: { n: n ?? 0 } }
            : { issues: [{ message: "n must be a number", path: ["n"] }] };
        },
        jsonSchema: {
          input: () => ({ type: "object", properties: { n: { type: "number" }, boom: { type: "boolean" } } }),
        },
      },
    };
    const counted = tool({ name: "counted", description: "Counts.", parameters: later, execute: (a) => a });
    assert.equal(await counted.execute('{"n":3}'), { success: true, value: { n: 3 } });
    // Strict mode sends null for an absent property: refused as sent, then accepted once the null is undone.
    seen.length = 0;
    assert.equal(await counted.execute('{"n":null}'), { success: true, value: { n: 0 } });
    assert.equal(seen, [{ n: null }, {}]);
    const bad = await counted.execute({ n: "3" });
    assert.match((bad as { error: string }).error, /at \/n: n must be a number/);
    assert.equal(await counted.validate({ n: 1 }), { success: true, value: { n: 1 } });
    const down = await counted.execute({ boom: true });
    assert.is(down.success, false);
    assert.match((down as { error: string }).error, /could not be read: validator down/);
  },
);

typed("Zod 4 parameters: described by Zod's JSON Schema, checked and transformed by Zod", async () => {
  const search = tool({
    name: "search",
    description: "Searches.",
    parameters: z.object({
      query: z.string().min(1),
      limit: z.number().int().default(5),
      tags: z
        .array(z.string())
        .transform((x) => new Set(x))
        .optional(),
    }),
    execute: ({ query, limit, tags }) => ({ query, limit, tags: tags && [...tags] }),
  });
  assert.equal(search.parameters.required, ["query"]);
  assert.equal((search.parameters.properties as Record<string, unknown>).query, { type: "string", minLength: 1 });
  assert.equal(await search.execute('{"query":"lamp"}'), {
    success: true,
    value: { query: "lamp", limit: 5, tags: undefined },
  });
  const bad = await search.execute({ query: "" });
  assert.not.ok(bad.success);
  assert.match((bad as { error: string }).error, /at \/query: Too small/);
  assert.throws(
    () => tool({ name: "d", description: "D.", parameters: z.object({ when: z.date() }), execute: () => 1 }),
    /the Zod parameters cannot be written as JSON Schema: Date cannot be represented/,
  );
});

typed("definitions are checked when made", () => {
  assert.throws(
    () => tool({ name: "has space", description: "x", parameters: t.object({}), execute: () => 1 }),
    /is not usable/,
  );
  assert.throws(
    () => tool({ name: "x", description: " ", parameters: t.object({}), execute: () => 1 }),
    /a description is required/,
  );
  assert.throws(
    () => tool({ name: "x", description: "y", parameters: 3 as never, execute: () => 1 }),
    /parameters must be a t.object/,
  );
  assert.throws(
    () =>
      tool({
        name: "x",
        description: "y",
        parameters: { "~standard": { validate: () => ({}) } } as never,
        execute: () => 1,
      }),
    /these Standard Schema parameters do not expose JSON Schema .*withJSONSchema\(schema, jsonSchema\)/,
  );
});

const running = suite("Tool.execute: nothing a model sends can crash the host");

running("malformed, empty, and non-object arguments", async () => {
  const bad = await weather.execute('{"city": "Oslo",');
  assert.not.ok(bad.success);
  assert.match((bad as { error: string }).error, /not valid JSON/);
  assert.match(
    ((await weather.execute("[1,2]")) as { error: string }).error,
    /must be a JSON object, received an array/,
  );
  assert.match(((await weather.execute(42)) as { error: string }).error, /must be a JSON object, received number/);
  assert.match(((await weather.execute("")) as { error: string }).error, /at \/city: Missing required property/);
});

running("bad arguments: every issue, with paths, bounded in length", async () => {
  const result = await weather.execute({ city: "", unit: "kelvin", days: 0 });
  assert.not.ok(result.success);
  const { error, issues } = result as { error: string; issues: { path: string }[] };
  assert.equal(
    issues.map((i) => i.path),
    ["/city", "/unit", "/days"],
  );
  assert.match(error, /^Invalid arguments for tool "get_weather":\n- at \/city: Expected at least 1 characters/);
  assert.match(error, /Fix these and call the tool again\.$/);
  const many = tool({
    name: "many",
    description: "Many.",
    parameters: t.object({ xs: t.array(t.integer()) }),
    execute: () => 1,
  });
  const flood = await many.execute({ xs: Array.from({ length: 5000 }, () => "x".repeat(1000)) });
  assert.ok((flood as { error: string }).error.length <= 2000);
  // The list is cut at 1,000 issues (a large hostile value can have millions); the text says so.
  assert.match((flood as { error: string }).error, /- and at least 991 more\n/);
  assert.is((flood as { issues: unknown[] }).issues.length, 1000);
  const some = await many.execute({ xs: Array.from({ length: 50 }, () => "x") });
  assert.match((some as { error: string }).error, /- and 40 more\n/);
  assert.is((some as { issues: unknown[] }).issues.length, 50);
});

running("arguments behind a byte-order mark, or encoded as JSON twice, are read", async () => {
  const echo = tool({
    name: "echo",
    description: "Echoes.",
    parameters: t.object({ a: t.integer() }),
    execute: ({ a }) => a,
  });
  assert.equal(await echo.execute('\ufeff{"a":1}'), { success: true, value: 1 });
  assert.equal(await echo.execute(JSON.stringify(JSON.stringify({ a: 2 }))), { success: true, value: 2 });
  // A string that is not an encoded object is still refused, naming what came.
  const refused = await echo.execute(JSON.stringify("{not json"));
  assert.equal(refused, { success: false, error: 'Arguments for tool "echo" must be a JSON object, received string.' });
});

running("an error text never holds half a surrogate pair, cut or quoted from the engine's own message", async () => {
  const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
  for (const message of ["😀".repeat(1500), "a" + "😀".repeat(1500), "lone \ud83d here"]) {
    const odd = tool({
      name: "odd",
      description: "Throws.",
      parameters: t.object({}),
      logger: quiet,
      execute: () => {
        throw new Error(message);
      },
    });
    const { error } = (await odd.execute({})) as { error: string };
    assert.ok(error.length <= 2000);
    assert.not.ok(lone.test(error), JSON.stringify(error.slice(-4)));
  }
  // JSON.parse's message quotes a piece of the text, cut wherever the engine cuts it.
  const echo = tool({ name: "echo", description: "Echoes.", parameters: t.object({}), execute: () => 1 });
  for (let n = 1; n < 40; n++) {
    const { error } = (await echo.execute("a" + "😀".repeat(n))) as { error: string };
    assert.not.ok(lone.test(error), error);
  }
});

running("hostile values: deep nesting, prototype keys, huge strings", async () => {
  let deep = "1";
  for (let i = 0; i < 100_000; i++) deep = `[${deep}]`;
  const echo = tool({
    name: "echo",
    description: "Echo.",
    parameters: t.object({ v: t.any() }),
    execute: ({ v }) => typeof v,
  });
  const nested = await echo.execute(`{"v":${deep}}`);
  assert.type(nested.success, "boolean");
  const proto = await weather.execute(
    '{"city":"x","__proto__":{"polluted":true},"constructor":{"prototype":{"bad":1}}}',
  );
  assert.ok(proto.success);
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  assert.ok((await echo.execute({ v: "x".repeat(1 << 22) })).success);
});

running("a __proto__ key cannot smuggle inherited properties past the check", async () => {
  const calc = tool({
    name: "calc",
    description: "Calc.",
    parameters: t.object({ expression: t.string(), note: t.optional(t.string()) }),
    execute: (a) => a,
  });
  for (const text of ['{"__proto__": {"expression": "1"}}', '{"__proto__": {"expression": "1"}, "note": null}']) {
    const result = await calc.execute(text);
    assert.not.ok(result.success, text);
    assert.match((result as { error: string }).error, /at \/expression: Missing required property/);
  }
  const ok = await calc.execute('{"expression": "1", "__proto__": {"x": 1}, "note": null}');
  assert.ok(ok.success);
  const value = (ok as { value: Record<string, unknown> }).value;
  assert.is(Object.getPrototypeOf(value), Object.prototype);
  assert.ok(Object.hasOwn(value, "__proto__"));
});

running("a throwing logger does not turn a failure into a crash", async () => {
  const boom = tool({
    name: "boom",
    description: "Throws.",
    parameters: t.object({}),
    logger: {
      error: () => {
        throw new Error("logger down");
      },
    },
    execute: () => {
      throw new TypeError("bad");
    },
  });
  assert.equal(await boom.execute({}), { success: false, error: 'Tool "boom" failed: TypeError: bad' });
});

running("a thrown non-Error value is described, not lost", async () => {
  const odd = tool({
    name: "odd",
    description: "Throws a string.",
    parameters: t.object({}),
    logger: quiet,
    execute: () => {
      throw "nope";
    },
  });
  assert.equal(await odd.execute({}), { success: false, error: 'Tool "odd" failed: "nope"' });
});

running(
  "a promise from another realm, or any thenable, is awaited: its value or its rejection is the result",
  async () => {
    // A promise made in a vm context or an iframe is no `instanceof Promise` here, and its Error no `instanceof Error`.
    const foreignError = { name: "RangeError", message: "db down", stack: "" };
    const thenable = (settle: (ok: (v: unknown) => void, fail: (e: unknown) => void) => void) => ({
      then: (ok: (v: unknown) => void, fail: (e: unknown) => void) => settle(ok, fail),
    });
    const resolves = tool({
      name: "r",
      description: "Resolves.",
      parameters: t.object({}),
      execute: () => thenable((ok) => ok(42)) as never,
    });
    const rejects = tool({
      name: "j",
      description: "Rejects.",
      parameters: t.object({}),
      logger: quiet,
      execute: () => thenable((_, fail) => fail(foreignError)) as never,
    });
    assert.equal(await resolves.execute({}), { success: true, value: 42 });
    assert.equal(await rejects.execute({}), { success: false, error: 'Tool "j" failed: RangeError: db down' });
  },
);

running("an error whose message or prototype throws when read is still a failed result", async () => {
  const { proxy, revoke } = Proxy.revocable(new Error("x"), {});
  revoke();
  const getter = Object.defineProperty(new Error(), "message", {
    get() {
      throw new Error("no");
    },
  });
  for (const thrown of [proxy, getter]) {
    const odd = tool({
      name: "odd",
      description: "Throws oddly.",
      parameters: t.object({}),
      logger: quiet,
      execute: () => {
        throw thrown;
      },
    });
    const result = await odd.execute({});
    assert.is(result.success, false);
    assert.match((result as { error: string }).error, /^Tool "odd" failed: an error that could not be read/);
  }
});

const strict = suite("Tool.execute: strict-mode encodings undone, values decoded");

strict("a union is normalized through the branch that accepts the result, not the first of its JSON type", async () => {
  const echo = (parameters: ReturnType<typeof t.object>) =>
    tool({ name: "echo", description: "Echo.", parameters, execute: (a) => a });
  const kinds = echo(
    t.object({
      u: t.union([
        t.object({ kind: t.literal("a"), x: t.string() }),
        t.object({ kind: t.literal("b"), y: t.optional(t.string()) }),
      ]),
    }),
  );
  assert.equal(await kinds.execute({ u: { kind: "b", y: null } }), { success: true, value: { u: { kind: "b" } } });
  const pair = echo(t.object({ u: t.union([t.tuple([t.number(), t.number()]), t.string()]) }));
  assert.equal(await pair.execute({ u: { 0: 1, 1: 2 } }), { success: true, value: { u: [1, 2] } });
  const map = echo(t.object({ u: t.union([t.record(t.number()), t.number()]) }));
  assert.equal(await map.execute({ u: [{ key: "a", value: 1 }] }), { success: true, value: { u: { a: 1 } } });
});

strict("a false branch takes nothing: the branch beside it is the one undone", async () => {
  const echo = tool({
    name: "echo",
    description: "Echo.",
    parameters: {
      type: "object",
      properties: { u: { anyOf: [false, { type: "array", prefixItems: [{ type: "number" }], items: false }] } },
    },
    execute: (a) => a,
  });
  assert.equal(await echo.execute({ u: { 0: 1 } }), { success: true, value: { u: [1] } });
});

strict("union branches of plain JSON Schema reach the root's definitions and the root itself", async () => {
  const echo = (parameters: object) => tool({ name: "echo", description: "Echo.", parameters, execute: (a) => a });
  for (const key of ["$defs", "definitions"]) {
    const schema = {
      type: "object",
      properties: {
        u: {
          anyOf: [{ $ref: `#/${key}/A` }, { type: "object", properties: { b: { type: "string" } }, required: ["b"] }],
        },
      },
      [key]: {
        A: {
          type: "object",
          properties: { a: { type: "string" }, unit: { type: "string", default: "celsius" } },
          required: ["a"],
        },
      },
    };
    assert.equal(
      await echo(schema).execute({ u: { a: "x" } }),
      { success: true, value: { u: { a: "x", unit: "celsius" } } },
      key,
    );
  }
  const tree = {
    type: "object",
    properties: {
      v: { type: "number" },
      kids: { type: "array", items: { anyOf: [{ $ref: "#" }, { type: "string" }] } },
      w: { type: "number", default: 7 },
    },
  };
  assert.equal(await echo(tree).execute({ kids: [{ v: 1 }] }), {
    success: true,
    value: { kids: [{ v: 1, w: 7 }], w: 7 },
  });
});

strict("what the openai-strict schema asks for is accepted, as the function's types", async () => {
  const parameters = t.object({
    where: t.union([t.string(), t.tuple([t.number(), t.number()])]),
    tags: t.union([t.integer(), t.record(t.string())]),
  });
  const sent = { where: { 0: 48.8, 1: 2.3 }, tags: [{ key: "a", value: "b" }] };
  assert.ok(compile(toJSONSchema(parameters, { target: "openai-strict", onIssue: () => {} }))(sent));
  const find = tool({ name: "find", description: "Find.", parameters, strict: true, execute: (a) => a });
  assert.equal(await find.execute(sent), { success: true, value: { where: [48.8, 2.3], tags: { a: "b" } } });
});

strict("a deep recursive union normalizes in bounded work", async () => {
  const Node = t.recursive("Node", (self) =>
    t.union([
      t.object({ kind: t.literal("a"), next: t.optional(self), x: t.optional(t.string()) }),
      t.object({ kind: t.literal("b"), next: t.optional(self), y: t.optional(t.string()) }),
    ]),
  );
  const chain = tool({
    name: "chain",
    description: "Chain.",
    parameters: t.object({ root: Node }),
    execute: ({ root }) => root,
  });
  const depth = 200;
  const limit = 50 * depth; // trying both branches at every level without memoizing would read 2^200 times
  let reads = 0;
  const level = (next: object | undefined): object =>
    Object.defineProperty(next ? { next } : { y: null }, "kind", {
      enumerable: true,
      get() {
        if (++reads > limit) throw new Error(`read ${reads} times`);
        return "b";
      },
    });
  let root: object | undefined;
  for (let i = 0; i < depth; i++) root = level(root);
  const result = await chain.execute({ root });
  assert.ok(result.success, (result as { error?: string }).error?.slice(0, 300));
  let leaf = (result as { value: { next?: object } }).value;
  for (let i = 1; i < depth; i++) leaf = leaf.next as { next?: object };
  assert.equal(leaf, { kind: "b" });
});

strict("everything the guard accepts is normalized and decoded, at the deepest nesting too", async () => {
  const Node = t.recursive("Node", (self) =>
    t.object({
      child: t.optional(self),
      note: t.optional(t.string()),
      when: t.datetime(),
      tag: t.string({ default: "none" }),
    }),
  );
  const parameters = t.object({ root: Node });
  const nest = (n: number, leaf: object) => {
    let v: object = { when: "2024-01-01T00:00:00Z", ...leaf };
    for (let i = 0; i < n; i++) v = { when: "2024-01-01T00:00:00Z", child: v };
    return v;
  };
  const guard = compile(parameters);
  let deepest = 0;
  while (guard({ root: nest(deepest + 1, {}) })) deepest++;
  assert.ok(deepest >= 200, `the guard accepts ${deepest} levels`);
  const outline = tool({ name: "outline", description: "Outline.", parameters, execute: ({ root }) => root });
  const result = await outline.execute({ root: nest(deepest, { note: null }) });
  assert.ok(result.success, (result as { error?: string }).error?.slice(0, 300));
  type Decoded = { child?: Decoded; note?: string; when: Date; tag: string };
  let node: Decoded | undefined = (result as { value: Decoded }).value;
  let levels = 0;
  for (; node; node = node.child, levels++) {
    assert.instance(node.when, Date);
    assert.is(node.tag, "none");
    assert.not.ok("note" in node);
  }
  assert.is(levels, deepest + 1);
});

strict("every date-time form the guard accepts decodes to the instant it means", async () => {
  let got: unknown;
  const at = tool({
    name: "at",
    description: "At.",
    parameters: t.object({ when: t.datetime() }),
    execute: ({ when }) => void (got = when),
  });
  // [sent, the instant in a form new Date reads]. A leap second is the last millisecond of its minute.
  const forms: [string, string][] = [];
  const zones: [string, number][] = [
    ["Z", 0],
    ["z", 0],
    ["+00:00", 0],
    ["-00:00", 0],
    ["+05:30", -330],
    ["-08:00", 480],
    ["+23:59", -1439],
  ];
  const fractions: [string, number][] = [
    ["", 0],
    [".5", 500],
    [".123", 123],
    [".123456789", 123],
    [".99999999999999999999", 999],
  ];
  for (const sep of ["T", "t", " "]) {
    for (const [zone, shift] of zones) {
      for (const [fraction, ms] of fractions)
        forms.push([
          `2024-02-29${sep}10:20:30${fraction}${zone}`,
          new Date(Date.UTC(2024, 1, 29, 10, 20 + shift, 30, ms)).toISOString(),
        ]);
    }
  }
  forms.push(
    ["2016-12-31T23:59:60Z", "2016-12-31T23:59:59.999Z"],
    ["2016-12-31t23:59:60.5z", "2016-12-31T23:59:59.999Z"],
    ["2016-12-31T15:59:60-08:00", "2016-12-31T23:59:59.999Z"],
    ["2017-01-01 05:29:60+05:30", "2016-12-31T23:59:59.999Z"],
    ["0000-01-01T00:00:00+23:59", "-000001-12-31T00:01:00.000Z"],
    ["0099-03-01T00:00:00Z", "0099-03-01T00:00:00.000Z"],
    ["9999-12-31T23:59:59-23:59", "+010000-01-01T23:58:59.000Z"],
  );
  const guard = compile(t.datetime());
  for (const [sent, meant] of forms) {
    assert.ok(guard(sent), sent);
    got = undefined;
    assert.ok((await at.execute({ when: sent })).success, sent);
    assert.instance(got, Date);
    assert.is((got as Date).getTime(), new Date(meant).getTime(), sent);
  }
});

const decorators = suite("@tool and toolsFrom (seed 001 mk_ns, seed 003 @tool)");

decorators("toolsFrom takes documented methods, own and inherited, bound to the object", async () => {
  const greeter = new f.Greeter("Hello");
  // Bun drops the docstrings that mark documented methods: then there is no tool, and the error says why.
  if (!f.keepsDocs)
    return void assert.throws(
      () => toolsFrom(greeter),
      /toolsFrom: found no tool on this object: none of its methods \(greet/,
    );
  const tools = toolsFrom(greeter);
  assert.equal(
    tools.map((x) => x.name),
    ["greet"],
  );
  assert.equal(await tools[0]!.execute({ name: "Ada" }), { success: true, value: "Hello, Ada!" });
  assert.equal(
    toolsFrom(f.Greeter).map((x) => x.name),
    ["shout"],
  );
  assert.equal(
    toolsFrom(f.searcher).map((x) => x.name),
    ["search"],
  );
});

decorators("toolsFrom that finds no tool is an error that says why, never an empty list", () => {
  const stripped = {
    add(a: number, b: number) {
      return a + b;
    },
    scale(x: number) {
      return x * 2;
    },
    _hidden() {
      return 0;
    },
  };
  assert.throws(
    () => toolsFrom(stripped),
    (error: Error) =>
      error.name === "SourceError" &&
      /^toolsFrom: found no tool on this object: none of its methods \(add, scale\) is marked @tool or has documentation that can be read; the first: .*"add"/.test(
        error.message,
      ),
  );
  assert.throws(
    () => toolsFrom({ _only: () => 1, value: 3 }),
    /toolsFrom: found no tool on this object: it has no methods \(names starting with _ and constructor are left out\) and none marked @tool/,
  );
});

decorators("@tool marks methods, with options, and toolsFrom returns them bound", async () => {
  class Shop {
    constructor(readonly currency: string) {}
    @tool({
      description: "Price of an item.",
      parameters: { item: t.string(), quantity: t.integer({ minimum: 1 }) },
      category: "shop",
    })
    price(item: string, quantity: number) {
      return `${quantity} × ${item} = ${quantity * 2} ${this.currency}`;
    }
    @tool({ name: "stock_level", description: "Items left.", parameters: { item: t.string() } })
    stock(item: string) {
      return item.length;
    }
    notATool() {
      return 1;
    }
  }
  const tools = toolsFrom(new Shop("EUR"));
  assert.equal(tools.map((x) => x.name).sort(), ["price", "stock_level"]);
  const price = tools.find((x) => x.name === "price")!;
  assert.is(price.category, "shop");
  assert.equal(await price.execute({ item: "pen", quantity: 3 }), { success: true, value: "3 × pen = 6 EUR" });
  assert.not.ok((await price.execute({ item: "pen", quantity: 0 })).success);
});

decorators("@tool refuses fields and private methods", () => {
  const decorate = tool({ description: "x" });
  assert.throws(
    () => decorate((() => 1) as never, { kind: "field", name: "x", private: false } as never),
    /decorates class methods only/,
  );
  assert.throws(
    () => decorate((() => 1) as never, { kind: "method", name: "#x", private: true } as never),
    /is private/,
  );
});

decorators(
  "an object without execute is @tool's options only when every key is one: a misspelt execute is an error naming it",
  () => {
    const definition = { name: "ping", description: "Pings.", parameters: t.object({ host: t.string() }) };
    const misspelt = () => tool({ ...definition, exectue: () => "pong" } as never);
    assert.throws(
      misspelt,
      (e: Error) =>
        e instanceof TypeError &&
        /^tool "ping": unknown option exectue \(did you mean execute\?\); known: name, description/.test(e.message),
    );
    assert.throws(
      () => tool({ ...definition, execute: "pong" } as never),
      /tool "ping": execute must be a function, received "pong"/,
    );
    assert.throws(
      () => tool({ ...definition, needsApproval: true, timeout: 5 } as never),
      /tool "ping": needsApproval, timeout belong to a tool defined with execute, and there is none; without execute, tool\(\{\.\.\.\}\) is the @tool decorator for class methods, whose options are name, description/,
    );
    assert.throws(
      () => tool({ descripton: "x" } as never),
      /tool: unknown option descripton \(did you mean description\?\)/,
    );
    for (const options of [
      undefined,
      {},
      {
        ...definition,
        category: "net",
        returns: t.string(),
        checkReturns: true,
        strict: true,
        types: {},
        defaults: true,
        context: false,
        jit: false,
      },
    ]) {
      assert.type(tool(options as never), "function", `decorator options ${Object.keys(options ?? {}).join(", ")}`);
    }
    assert.instance(tool({ ...definition, execute: () => "pong" }), Tool);
  },
);

const registry = suite("ToolRegistry (seed 003)");

registry("register, get, listTools by category, execute", async () => {
  const reg = new ToolRegistry({ logger: quiet }).register(
    weather,
    functionToTool(f.get_weather, { name: "weather_seed", category: "seed", description: "Seed 000's weather." }),
  );
  assert.instance(reg.get("get_weather"), Tool);
  assert.equal(
    reg.listTools().map((x) => x.name),
    ["get_weather", "weather_seed"],
  );
  assert.equal(
    reg.listTools("seed").map((x) => x.name),
    ["weather_seed"],
  );
  assert.equal(reg.toOpenAIFormat("weather").length, 1);
  assert.equal(
    reg.toAnthropicFormat().map((x) => x.name),
    ["get_weather", "weather_seed"],
  );
  assert.equal(reg.toResponsesFormat().length, 2);
  assert.equal(reg.toGeminiFormat().length, 2);
  assert.equal(reg.toMCPFormat().length, 2);
  assert.equal(await reg.execute("weather_seed", { location: "Paris" }), { success: true, value: "Paris: 21 °C" });
});

registry("unknown names, prototype names included, list what exists", async () => {
  const reg = new ToolRegistry().register(weather);
  for (const name of ["nope", "constructor", "__proto__", "toString", "hasOwnProperty", ""]) {
    const result = await reg.execute(name, {});
    assert.not.ok(result.success, name);
    assert.match((result as { error: string }).error, /^Unknown tool .*Available tools: get_weather\.$/);
  }
  assert.is(reg.get("constructor"), undefined);
  assert.match(((await new ToolRegistry().execute("x", {})) as { error: string }).error, /No tools are registered/);
  assert.match(
    ((await reg.execute("a".repeat(10_000), {})) as { error: string }).error.slice(0, 100),
    /^Unknown tool "a+/,
  );
});

registry("duplicates are refused; non-tools are refused", () => {
  const reg = new ToolRegistry().register(weather);
  assert.throws(() => reg.register(weather), /already registered/);
  assert.throws(() => reg.register({ name: "x" } as never), /expects Tool objects/);
});

registry("more than 20 tools in one request is warned about (seed 002)", () => {
  const warnings: string[] = [];
  const reg = new ToolRegistry({ logger: { error: () => {}, warn: (m) => warnings.push(m) } });
  for (let i = 0; i < 21; i++)
    reg.register(tool({ name: `t${i}`, description: "x", parameters: t.object({}), execute: () => i }));
  reg.toOpenAIFormat();
  assert.is(warnings.length, 1);
  assert.match(warnings[0]!, /21 tools in one request/);
  reg.register(tool({ name: "few", description: "x", category: "small", parameters: t.object({}), execute: () => 0 }));
  reg.toOpenAIFormat({ category: "small" });
  assert.is(warnings.length, 1, "a category of fewer tools is not warned about");
});

registry(
  "formats take { strict, category } in one object, or (category, options); a category no tool has is an error",
  () => {
    const seed = functionToTool(f.get_weather, {
      name: "weather_seed",
      category: "seed",
      description: "Seed 000's weather.",
    });
    const reg = new ToolRegistry({ logger: quiet }).register(weather, seed);
    // { strict: true } was once read as a category and gave []: now it is the options.
    const strict = reg.toOpenAIFormat({ strict: true });
    assert.equal(
      strict.map((x) => [x.function.name, x.function.strict]),
      [
        ["get_weather", true],
        ["weather_seed", true],
      ],
    );
    assert.equal(strict, reg.toOpenAIFormat(undefined, { strict: true }));
    assert.equal(reg.toOpenAIFormat({ strict: true, category: "seed" }), reg.toOpenAIFormat("seed", { strict: true }));
    assert.equal(
      reg.toOpenAIFormat({ category: "seed" }).map((x) => x.function.name),
      ["weather_seed"],
    );
    assert.equal(
      reg.toResponsesFormat({ strict: true }).map((x) => x.strict),
      [true, true],
    );
    assert.equal(
      reg.toAnthropicFormat({ category: "seed" }).map((x) => x.name),
      ["weather_seed"],
    );
    assert.equal(
      reg
        .toGeminiFormat({ category: "seed", jsonSchema: true })
        .map((x) => Object.keys(x).includes("parametersJsonSchema")),
      [true],
    );
    assert.equal(
      reg.toMCPFormat({ category: "seed" }).map((x) => x.name),
      ["weather_seed"],
    );
    for (const write of [
      () => reg.toOpenAIFormat("nope"),
      () => reg.toAnthropicFormat({ category: "nope" }),
      () => reg.toMCPFormat({ category: "Seed" }),
      () => reg.toGeminiFormat("nope"),
      () => reg.toResponsesFormat("nope"),
    ]) {
      assert.throws(write, /no tool has the category "(nope|Seed)"; categories: "weather", "seed"/);
    }
    assert.throws(
      () => new ToolRegistry().register(weather).toOpenAIFormat("x"),
      /no tool has the category "x"; categories: "weather"/,
    );
    assert.throws(() => reg.toOpenAIFormat({ strict: true }, { strict: false }), /give the options once/);
    assert.throws(() => reg.toOpenAIFormat(5 as never), /a category is a string/);
    assert.equal(new ToolRegistry().toOpenAIFormat(), [], "an empty registry without a category is an empty list");
  },
);

const returning = suite(
  "returns: checked on every path (execute, registry, executeAll, runTools, MCP); checkReturns: false opts out",
);

const OUTSIDE =
  'Tool "forecast" returned a value outside its declared result type:\n- at /high: Expected number, received string';
const forecast = (value: unknown, checkReturns?: boolean) =>
  tool({
    name: "forecast",
    description: "Tomorrow's high.",
    parameters: t.object({ city: t.string() }),
    returns: t.object({ high: t.number(), at: t.datetime() }),
    ...(checkReturns !== undefined && { checkReturns }),
    execute: () => value as never,
  });
const GOOD = { high: 21, at: new Date(0) }; // a Date for t.datetime(): checked as the JSON a provider gets
const BAD = { high: "warm", at: new Date(0) };

returning(
  "Tool.execute: a value inside the type is a success, as it is; outside it, a failed result naming the tool",
  async () => {
    const good = await forecast(GOOD).execute({ city: "Oslo" });
    assert.ok(good.success && good.value === GOOD, "the value itself, not a copy");
    assert.equal(await forecast(BAD).execute({ city: "Oslo" }), { success: false, error: OUTSIDE });
    assert.equal(
      await forecast(Promise.resolve(BAD)).execute({ city: "Oslo" }),
      { success: false, error: OUTSIDE },
      "an awaited value too",
    );
    assert.equal(
      await forecast(BAD, false).execute({ city: "Oslo" }),
      { success: true, value: BAD },
      "checkReturns: false opts out",
    );
    const many = tool({
      name: "many",
      description: "M.",
      parameters: t.object({}),
      returns: t.array(t.number()),
      execute: () => Array(20).fill("x"),
    });
    const error = ((await many.execute({})) as { error: string }).error;
    assert.is(error.split("\n").filter((l) => l.startsWith("- at")).length, 10, "ten issues listed");
    assert.match(error, /- and more$/);
  },
);

returning("registry.execute, executeAll, runTools and MCP's callTool all give the same failure", async () => {
  const registry = new ToolRegistry({ logger: quiet }).register(forecast(BAD));
  assert.equal(await registry.execute("forecast", { city: "Oslo" }), { success: false, error: OUTSIDE });
  assert.equal(await registry.executeAll([{ id: "c1", name: "forecast", arguments: { city: "Oslo" } }]), [
    { id: "c1", name: "forecast", result: { success: false, error: OUTSIDE } },
  ]);
  const turns = [
    {
      choices: [
        {
          message: {
            role: "assistant",
            content: null,
            tool_calls: [{ id: "c1", type: "function", function: { name: "forecast", arguments: '{"city":"Oslo"}' } }],
          },
        },
      ],
    },
    { choices: [{ message: { role: "assistant", content: "Sorry." } }] },
  ];
  const run = await runTools({
    provider: "openai",
    chat: async () => turns.shift(),
    request: { model: "m", messages: [] },
    registry,
  });
  assert.equal(
    run.steps[0]!.results.map((r) => r.result),
    [{ success: false, error: OUTSIDE }],
  );
  assert.equal(run.messages[1], { role: "tool", tool_call_id: "c1", content: OUTSIDE }, "the model reads it");
  assert.equal(await mcpHandlers(registry).callTool({ name: "forecast", arguments: { city: "Oslo" } }), {
    isError: true,
    content: [{ type: "text", text: OUTSIDE }],
  });
  // Opted out: the registry and runTools pass the value on; MCP still refuses structuredContent outside outputSchema.
  const optedOut = new ToolRegistry({ logger: quiet }).register(forecast(BAD, false));
  assert.equal(await optedOut.execute("forecast", { city: "Oslo" }), { success: true, value: BAD });
  const mcp = await mcpHandlers(optedOut).callTool({ name: "forecast", arguments: { city: "Oslo" } });
  assert.is(mcp.isError, true, "MCP clients check structuredContent against outputSchema, so MCP still refuses it");
});

returning("a result type read from a function's docs is checked too", async () => {
  // From source text: the test bundler strips comments from functions.
  const counted = functionToToolFromSource(
    "function count(word) { /** Counts letters. @param {string} word the word @returns {number} how many */ }",
    {
      implementation: (word: unknown) => word,
      logger: quiet,
    },
  );
  assert.equal(await counted.execute({ word: "abc" }), {
    success: false,
    error: 'Tool "count" returned a value outside its declared result type:\n- at /: Expected number, received string',
  });
});

typed.run();
returning.run();
running.run();
strict.run();
decorators.run();
registry.run();
