// Each provider rule of the dialects (issue 17): what a provider rejects is never sent unannounced, and
// what a dialect changed or refuses is reported as data (kind, path, message), checked with the SDKs'
// own validators where they have one (openai's toStrictJsonSchema, the MCP SDK's ToolSchema).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { toStrictJsonSchema } from "openai/lib/transform";
import { ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import {
  t,
  tool,
  toJSONSchema,
  dialectIssues,
  checkTool,
  ToolRegistry,
  ConversionError,
  TOOL_LIMITS,
  compile,
  type ConversionWarning,
} from "tooltype";
import { openaiStrict, isObjectRoot } from "tooltype/dialects";

const collect = () => {
  const issues: ConversionWarning[] = [];
  return { issues, onIssue: (i: ConversionWarning) => issues.push(i) };
};
const kinds = (issues: readonly ConversionWarning[]) => issues.map((i) => `${i.kind} ${i.path}`);

const strict = suite("openai-strict: OpenAI's documented limits and refused keywords");

strict("$comment is removed and reported; the output passes the SDK's toStrictJsonSchema", () => {
  const { issues, onIssue } = collect();
  const out = toJSONSchema(
    { type: "object", $comment: "root", properties: { a: { type: "string", $comment: "inner" } } },
    { target: "openai-strict", onIssue },
  );
  assert.equal(out, {
    type: "object",
    properties: { a: { type: ["string", "null"] } },
    additionalProperties: false,
    required: ["a"],
  });
  assert.equal(kinds(issues), ["changed ", "changed /properties/a"]);
  assert.match(issues[0]!.message, /openai-strict refuses "\$comment"; removed/);
  assert.equal(toStrictJsonSchema(structuredClone(out) as never), out);
});

strict("nesting deeper than 10 objects is rejected at its path; without onIssue it throws", () => {
  let d: ReturnType<typeof t.object> = t.object({ leaf: t.string() });
  for (let i = 0; i < 10; i++) d = t.object({ n: d });
  const issues = dialectIssues(d, "openai-strict");
  const deep = issues.find((i) => i.kind === "rejected")!;
  assert.match(deep.message, /allows 10 levels of nested objects; this schema has 11/);
  assert.is(deep.path, "/properties/n".repeat(10));
  assert.throws(
    () => toJSONSchema(d, { target: "openai-strict" }),
    (e: Error) => e instanceof ConversionError && /11.*pass onIssue/.test(e.message),
  );
  // Ten levels are accepted without a word.
  let ten: ReturnType<typeof t.object> = t.object({ leaf: t.string() });
  for (let i = 0; i < 9; i++) ten = t.object({ n: ten });
  assert.equal(dialectIssues(ten, "openai-strict"), []);
});

strict("more than 5000 properties, 1000 enum values, or a large enum's 15,000 characters are rejected", () => {
  const wide = {
    type: "object",
    properties: Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`p${i}`, { type: "integer" }])),
  };
  assert.ok(
    dialectIssues(wide, openaiStrict).some(
      (i) => i.kind === "rejected" && /5000 object properties in all; this schema has 5001/.test(i.message),
    ),
  );
  const values = Array.from({ length: 1001 }, (_, i) => `v${i}`);
  assert.ok(
    dialectIssues(t.object({ e: t.enum(values) }), openaiStrict).some((i) =>
      /1000 enum values in all; this schema has 1001/.test(i.message),
    ),
  );
  const long = Array.from({ length: 251 }, (_, i) => `${"x".repeat(60)}${i}`);
  const issue = dialectIssues(t.object({ e: t.enum(long) }), openaiStrict).find((i) =>
    /more than 250 string values/.test(i.message),
  )!;
  assert.is(issue.path, "/properties/e");
  assert.is(issue.kind, "rejected");
  const names = {
    type: "object",
    properties: Object.fromEntries(Array.from({ length: 1300 }, (_, i) => [`${"n".repeat(95)}${i}`, { type: "null" }])),
  };
  assert.ok(dialectIssues(names, openaiStrict).some((i) => /120000 characters/.test(i.message)));
});

strict("a root anyOf or a primitive root becomes an object root; the tool unwraps what the model sends", async () => {
  const union = t.union([
    t.object({ kind: t.literal("a"), x: t.number() }),
    t.object({ kind: t.literal("b"), y: t.string() }),
  ]);
  const { issues, onIssue } = collect();
  const out = toJSONSchema(union, { target: "openai-strict", onIssue });
  assert.ok(isObjectRoot(out));
  assert.equal(Object.keys(out.properties as object), ["input"]);
  assert.equal(toStrictJsonSchema(structuredClone(out) as never), out);
  assert.equal(kinds(issues).slice(0, 1), ["changed "]);
  const pick = tool({ name: "pick", description: "Picks.", parameters: union, execute: (v) => v });
  assert.equal(await pick.execute('{"input":{"kind":"b","y":"z"}}'), { success: true, value: { kind: "b", y: "z" } });
  assert.equal(await pick.execute({ kind: "a", x: 1 }), { success: true, value: { kind: "a", x: 1 } }); // a caller may pass the value itself
  const bad = await pick.execute({ input: { kind: "a", x: "1" } });
  assert.match((bad as { error: string }).error, /at \/x: Expected number/);
  const count = tool({
    name: "count",
    description: "Counts.",
    parameters: t.integer({ minimum: 0 }),
    execute: (n) => n + 1,
  });
  assert.equal(await count.execute({ input: 2 }), { success: true, value: 3 });
  assert.equal(count.toOpenAIFormat({ strict: true, onIssue: () => {} }).function.parameters, {
    type: "object",
    properties: { input: { type: "integer", minimum: 0 } },
    required: ["input"],
    additionalProperties: false,
  });
});

strict("a recursive non-object root keeps its $refs working once wrapped", () => {
  const schema = { anyOf: [{ type: "string" }, { type: "array", items: { $ref: "#" } }] };
  const wrapped = toJSONSchema(schema, { target: "openai", onIssue: () => {} });
  const inner = compile(wrapped);
  assert.ok(inner({ input: ["a", ["b"]] }));
  assert.not.ok(inner({ input: ["a", [1]] }));
});

const providers = suite("anthropic, openai, mcp: an object root, boolean subschemas as objects");

providers(
  "a top-level anyOf beside type object is wrapped for Anthropic (its API refuses it); MCP always has type object",
  () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "string" } },
      anyOf: [{ required: ["a"] }, { required: ["b"] }],
    };
    const t1 = tool({ name: "either", description: "A or b.", parameters: schema, execute: (v) => v });
    const { issues, onIssue } = collect();
    const anthropicTool = t1.toAnthropicFormat({ onIssue });
    assert.is(anthropicTool.input_schema.type, "object");
    assert.equal(Object.keys(anthropicTool.input_schema), ["type", "properties", "required", "additionalProperties"]);
    assert.match(issues[0]!.message, /anthropic takes only an object with properties at the root/);
    const mcpTool = t1.toMCPFormat({ onIssue: () => {} });
    assert.ok(ToolSchema.safeParse(mcpTool).success);
    assert.is(mcpTool.inputSchema.type, "object");
    const primitive = tool({ name: "echo", description: "Echo.", parameters: { type: "string" }, execute: (v) => v });
    assert.ok(ToolSchema.safeParse(primitive.toMCPFormat({ onIssue: () => {} })).success);
  },
);

providers("boolean subschemas are written as {} and { not: {} }, which mean the same", () => {
  const schema = {
    type: "object",
    properties: { any: true, none: false, list: { type: "array", items: true, prefixItems: [false] } },
    additionalProperties: false,
  };
  for (const target of ["openai", "anthropic", "mcp"] as const) {
    const out = toJSONSchema(schema, { target });
    assert.equal(
      out.properties,
      { any: {}, none: { not: {} }, list: { type: "array", items: {}, prefixItems: [{ not: {} }] } },
      target,
    );
    assert.ok(!JSON.stringify(out).includes("true") && !JSON.stringify(out).includes(":false,"), target);
    const guard = compile(out);
    assert.ok(guard({ any: 1 }));
    assert.not.ok(guard({ none: 1 }));
  }
});

const gemini = suite("gemini: object roots, nothing beside anyOf, property names");

gemini("an object root without properties stays an object (not a list of entries)", () => {
  const { issues, onIssue } = collect();
  const out = toJSONSchema({ type: "object", additionalProperties: { type: "string" } }, { target: "gemini", onIssue });
  assert.is(out.type, "OBJECT");
  assert.ok(issues.some((i) => /no additionalProperties/.test(i.message)));
  const free = tool({ name: "free", description: "Anything.", parameters: { type: "object" }, execute: (v) => v });
  assert.is(free.toGeminiFormat().parameters!.type, "OBJECT");
});

gemini("a node with anyOf holds nothing else: the description and object keywords move into each branch", () => {
  const schema = t.object({
    shape: t.union([t.object({ r: t.number() }), t.object({ w: t.number() })], { description: "A shape" }),
    n: t.nullable(t.union([t.string(), t.integer()])),
  });
  const { issues, onIssue } = collect();
  const out = toJSONSchema(schema, { target: "gemini", onIssue }) as {
    properties: Record<string, Record<string, unknown>>;
  };
  const check = (node: unknown): void => {
    if (typeof node !== "object" || node === null) return;
    const n = node as Record<string, unknown>;
    if (n.anyOf) assert.equal(Object.keys(n), ["anyOf"], JSON.stringify(n));
    for (const v of Object.values(n)) (Array.isArray(v) ? v : [v]).forEach(check);
  };
  check(out);
  assert.equal(
    (out.properties.shape!.anyOf as Record<string, unknown>[]).map((b) => b.description),
    ["A shape", "A shape"],
  );
  assert.ok((out.properties.n!.anyOf as Record<string, unknown>[]).every((b) => b.nullable === true));
  assert.ok(
    issues.some(
      (i) =>
        i.path === "/properties/shape" &&
        /refuses fields beside "anyOf"; "description" moved into each branch/.test(i.message),
    ),
  );
  // MCP's "at least one of" pattern: object keywords merged into each branch.
  const either = toJSONSchema(
    {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "string" } },
      required: ["a"],
      anyOf: [{ required: ["b"] }, { properties: { c: { type: "string" } } }],
    },
    { target: "gemini", onIssue: () => {} },
  );
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : typeof v === "object" && v !== null
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
          )
        : v;
  assert.equal(
    sorted(either.anyOf),
    sorted([
      {
        type: "OBJECT",
        properties: { a: { type: "STRING" }, b: { type: "STRING" } },
        required: ["a", "b"],
        propertyOrdering: ["a", "b"],
      },
      {
        type: "OBJECT",
        properties: { a: { type: "STRING" }, b: { type: "STRING" }, c: { type: "STRING" } },
        required: ["a"],
        propertyOrdering: ["a", "b", "c"],
      },
    ]),
  );
});

gemini("a parameter name Gemini refuses is rejected (thrown without onIssue); a nested one is advice", () => {
  const schema = {
    type: "object",
    properties: { "2nd": { type: "string" }, ok: { type: "object", properties: { "a-b": { type: "string" } } } },
  };
  const issues = dialectIssues(schema, "gemini");
  assert.equal(kinds(issues), ["rejected /properties/2nd", "advice /properties/ok/properties/a-b"]);
  assert.throws(
    () => toJSONSchema(schema, { target: "gemini" }),
    (e: Error) => e instanceof ConversionError && /property names must start with a letter/.test(e.message),
  );
  const lookup = tool({ name: "lookup", description: "Looks up.", parameters: schema, execute: () => 1 });
  assert.equal(
    checkTool(lookup, "gemini").map((i) => `${i.tool} ${i.provider} ${i.kind} ${i.path}`),
    ["lookup gemini rejected /properties/2nd", "lookup gemini advice /properties/ok/properties/a-b"],
  );
});

const registry = suite("ToolRegistry: tool counts and names as data, never printed");

registry("past a provider's tool limit: check lists it, a format call throws unless onIssue takes it", () => {
  const reg = new ToolRegistry();
  for (let i = 0; i < 129; i++)
    reg.register(tool({ name: `t${i}`, description: "x", parameters: t.object({}), execute: () => i }));
  const issues = reg.check("openai");
  assert.equal(
    issues.map((i) => i.kind),
    ["rejected", "advice"],
  );
  assert.match(issues[0]!.message, /openai takes at most 128 tools in one request; 129 were given/);
  assert.is(TOOL_LIMITS.gemini, 128);
  assert.throws(
    () => reg.toOpenAIFormat(),
    (e: Error) => e instanceof ConversionError && /at most 128 tools/.test(e.message),
  );
  const seen: string[] = [];
  assert.is(reg.toGeminiFormat(undefined, { onIssue: (i) => seen.push(i.kind) }).length, 129);
  assert.equal(seen, ["rejected", "advice"]);
  assert.equal(
    reg.check("anthropic").map((i) => i.kind),
    ["advice"],
  ); // Anthropic documents no count
});

registry("names a provider refuses are listed per provider; nothing goes to the console", () => {
  const printed: unknown[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => printed.push(args);
  try {
    // A tool's name suits every provider (tool() checks it); a definition written by hand may not.
    const dotted = {
      name: "files.read",
      description: "Reads.",
      parameters: toJSONSchema(t.object({ path: t.string({ minLength: 1 }) })),
      returns: undefined,
      strict: false,
    };
    assert.equal(
      checkTool(dotted, "openai").map((i) => `${i.kind} ${i.tool}`),
      ["rejected files.read"],
    );
    assert.equal(checkTool(dotted, "gemini").length, 0);
    assert.equal(checkTool(dotted, "mcp").length, 0);
    assert.equal(
      checkTool(dotted, "openai", { strict: true }).map((i) => i.kind),
      ["rejected", "changed"],
    );
    const reg = new ToolRegistry().register(
      tool({
        name: "files_read",
        description: "Reads.",
        parameters: t.object({ path: t.string({ minLength: 1 }) }),
        execute: () => "",
      }),
    );
    assert.equal(reg.check("openai").length, 0);
    assert.equal(
      reg.check("openai", { strict: true }).map((i) => i.kind),
      ["changed"],
    );
    reg.toOpenAIFormat();
    reg.toMCPFormat();
    new ToolRegistry()
      .register(
        tool({
          name: "a",
          description: "A.",
          parameters: t.object({ s: t.string({ maxLength: 2 }) }),
          execute: () => 1,
        }),
      )
      .toOpenAIFormat(undefined, { strict: true });
    assert.equal(printed, []);
  } finally {
    console.warn = original;
  }
});

strict.run();
providers.run();
gemini.run();
registry.run();
