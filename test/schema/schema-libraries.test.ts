// Every popular schema library as a tool's `parameters`, each with the real library: tooltype's `t`, plain JSON
// Schema, TypeBox 0.34 and 1.x, Zod 4 and Zod mini, Valibot (with @valibot/to-json-schema), ArkType (morphs
// included) and Effect Schema. For each: the JSON Schema the model is sent, every provider format, a good call
// (decoded or transformed by the library itself), a bad call (a failed result naming the property), and what
// JSON Schema cannot say (an error naming the library and the construct).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, tool, withJSONSchema, type AnyTool, type ToolResult } from "tooltype";
import { Type as TypeBox034 } from "@sinclair/typebox";
import { Type as TypeBox1 } from "typebox";
import * as z from "zod";
import * as zm from "zod/mini";
import * as v from "valibot";
import { toJsonSchema, toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import { Schema } from "effect";

const quiet = { error: () => {}, warn: () => {} };
const silent = { onIssue: () => {} };

/** The one shape every library writes here: a city (string) and a count of days (integer, 1 to 14). */
const EXPECTED = { city: { type: "string" }, days: { type: "integer", minimum: 1, maximum: 14 } };

/** A tool over `parameters` that echoes what its function received. */
function echo(name: string, parameters: object): AnyTool {
  return tool({
    name,
    description: `Echoes its arguments (${name}).`,
    parameters,
    logger: quiet,
    execute: (args: unknown) => args,
  });
}

/** The failed result's error text; fails when the call succeeded. */
function failed(result: ToolResult): string {
  assert.is(result.success, false, `expected a failed result, got ${JSON.stringify(result)}`);
  return (result as { error: string }).error;
}

/** Every provider format writes the tool, with the same properties. */
function everyFormat(x: AnyTool) {
  assert.equal(Object.keys(x.toOpenAIFormat(silent).function.parameters.properties as object), ["city", "days"]);
  const strict = x.toOpenAIFormat({ strict: true, ...silent }).function.parameters;
  assert.is(strict.additionalProperties, false);
  assert.equal(strict.required, ["city", "days"]);
  assert.equal(Object.keys(x.toAnthropicFormat(silent).input_schema.properties as object), ["city", "days"]);
  assert.equal(Object.keys(x.toGeminiFormat(silent).parameters!.properties as object), ["city", "days"]);
  assert.is(x.toMCPFormat(silent).inputSchema.type, "object");
  assert.is(x.toResponsesFormat(silent).name, x.name);
}

/** The properties of a schema, each without the annotations a library adds. */
function properties(schema: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(schema.properties as Record<string, Record<string, unknown>>)) {
    const { $schema: _, description: __, ...rest } = value;
    out[key] = rest;
  }
  return out;
}

const libraries = suite("parameters from every schema library, each with the real library");

libraries("t: decoded by tooltype (a default filled in, a Date from t.datetime())", async () => {
  const x = echo(
    "t",
    t.object({
      city: t.string(),
      days: t.integer({ minimum: 1, maximum: 14, default: 3 }),
      when: t.optional(t.datetime()),
    }),
  );
  assert.equal(properties(x.parameters).days, { type: "integer", minimum: 1, maximum: 14, default: 3 });
  const result = await x.execute({ city: "Oslo", when: "2025-01-02T03:04:05Z" });
  assert.equal(result, { success: true, value: { city: "Oslo", days: 3, when: new Date("2025-01-02T03:04:05Z") } });
  assert.match(failed(await x.execute({ city: "Oslo", days: 0 })), /at \/days: Expected a number >= 1/);
});

libraries("plain JSON Schema: checked by tooltype's guard", async () => {
  const x = echo("json", { type: "object", properties: EXPECTED, required: ["city"], additionalProperties: false });
  assert.equal(properties(x.parameters), EXPECTED);
  everyFormat(x);
  assert.equal(await x.execute('{"city":"Oslo","days":2}'), { success: true, value: { city: "Oslo", days: 2 } });
  assert.match(failed(await x.execute({ city: "Oslo", days: 20 })), /at \/days: Expected a number <= 14/);
  assert.match(failed(await x.execute({ city: "Oslo", extra: 1 })), /at \/extra/);
});

libraries("TypeBox 0.34 (@sinclair/typebox): its JSON Schema, checked by tooltype", async () => {
  const x = echo(
    "typebox034",
    TypeBox034.Object({
      city: TypeBox034.String(),
      days: TypeBox034.Optional(TypeBox034.Integer({ minimum: 1, maximum: 14 })),
    }),
  );
  assert.equal(properties(x.parameters), EXPECTED);
  assert.equal(x.parameters.required, ["city"]);
  everyFormat(x);
  assert.equal(await x.execute({ city: "Oslo", days: 2 }), { success: true, value: { city: "Oslo", days: 2 } });
  assert.match(
    failed(await x.execute({ days: 2 })),
    /at \/ \(the arguments object\): Missing required property "city"|at \/city/,
  );
});

libraries("TypeBox 1.x (typebox): its JSON Schema, checked by tooltype", async () => {
  const x = echo(
    "typebox1",
    TypeBox1.Object({
      city: TypeBox1.String(),
      days: TypeBox1.Optional(TypeBox1.Integer({ minimum: 1, maximum: 14 })),
    }),
  );
  assert.equal(properties(x.parameters), EXPECTED);
  assert.equal(x.parameters.required, ["city"]);
  everyFormat(x);
  assert.equal(await x.execute({ city: "Oslo" }), { success: true, value: { city: "Oslo" } });
  assert.match(failed(await x.execute({ city: 1 })), /at \/city: Expected string/);
});

libraries("Zod 4: its JSON Schema; checked and transformed by Zod", async () => {
  const x = echo(
    "zod",
    z.object({ city: z.string().transform((s) => s.toUpperCase()), days: z.int().min(1).max(14).optional() }),
  );
  assert.equal(properties(x.parameters).city, { type: "string" });
  assert.is(properties(x.parameters).days!.type, "integer");
  everyFormat(x);
  assert.equal(await x.execute({ city: "Oslo", days: 2 }), { success: true, value: { city: "OSLO", days: 2 } });
  assert.match(failed(await x.execute({ city: "Oslo", days: 0 })), /at \/days: .*>=1/);
  assert.throws(
    () => echo("zod_date", z.object({ when: z.date() })),
    /Tool "zod_date": the Zod parameters cannot be written as JSON Schema: Date cannot be represented/,
  );
});

libraries(
  "Zod mini: no JSON Schema of its own, so withJSONSchema(schema, z.toJSONSchema(schema)); checked by Zod",
  async () => {
    const Args = zm.object({ city: zm.string(), days: zm.optional(zm.int().check(zm.minimum(1), zm.maximum(14))) });
    assert.throws(
      () => echo("mini", Args),
      /these Zod parameters do not expose JSON Schema .*withJSONSchema\(schema, z\.toJSONSchema\(schema\)\)/,
    );
    const x = echo("mini", withJSONSchema(Args, zm.toJSONSchema(Args)));
    assert.equal(properties(x.parameters).city, { type: "string" });
    everyFormat(x);
    assert.equal(await x.execute({ city: "Oslo", days: 2 }), { success: true, value: { city: "Oslo", days: 2 } });
    assert.match(failed(await x.execute({ city: "Oslo", days: 99 })), /at \/days/);
    // Typed from the library's schema: execute receives Zod's output type.
    const typed = tool({
      name: "mini_typed",
      description: "T.",
      parameters: withJSONSchema(Args, zm.toJSONSchema(Args)),
      execute: ({ city, days }) => `${city.toUpperCase()} ${days ?? 1}`,
    });
    assert.equal(await typed.execute({ city: "oslo" }), { success: true, value: "OSLO 1" });
  },
);

libraries(
  "Valibot: toStandardJsonSchema from @valibot/to-json-schema; checked and transformed by Valibot",
  async () => {
    const Args = v.object({
      city: v.string(),
      days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(14))),
    });
    assert.throws(
      () => echo("valibot", Args),
      /these Valibot parameters do not expose JSON Schema .*toStandardJsonSchema\(schema\) from @valibot\/to-json-schema/,
    );
    const x = echo("valibot", toStandardJsonSchema(Args));
    assert.equal(properties(x.parameters), EXPECTED);
    everyFormat(x);
    assert.equal(await x.execute({ city: "Oslo", days: 2 }), { success: true, value: { city: "Oslo", days: 2 } });
    assert.match(failed(await x.execute({ city: "Oslo", days: 1.5 })), /at \/days: Invalid integer/);
    assert.throws(
      () => echo("valibot_date", toStandardJsonSchema(v.object({ when: v.date() }))),
      /Tool "valibot_date": the Valibot parameters cannot be written as JSON Schema: The "date" schema cannot be converted/,
    );
    // A transformation has no JSON Schema: Valibot names it; its own errorMode: "ignore" through withJSONSchema sends the rest.
    const Trimmed = v.object({ city: v.pipe(v.string(), v.trim()) });
    assert.throws(
      () => echo("valibot_trim", toStandardJsonSchema(Trimmed)),
      /the Valibot parameters cannot be written as JSON Schema: The "trim" action cannot be converted/,
    );
    const trimmed = echo("valibot_trim", withJSONSchema(Trimmed, toJsonSchema(Trimmed, { errorMode: "ignore" })));
    assert.equal(await trimmed.execute({ city: "  Oslo " }), { success: true, value: { city: "Oslo" } });
  },
);

libraries("ArkType: a Type is a function, taken as a Standard JSON Schema and checked by ArkType", async () => {
  const x = echo("arktype", type({ city: "string", "days?": "1 <= number.integer <= 14" }));
  assert.equal(properties(x.parameters), EXPECTED);
  everyFormat(x);
  assert.equal(await x.execute({ city: "Oslo", days: 2 }), { success: true, value: { city: "Oslo", days: 2 } });
  assert.match(failed(await x.execute({ city: "Oslo", days: 15 })), /at \/days: days must be at most 14/);
});

libraries("ArkType morphs: the model is sent the input side, execute receives ArkType's output", async () => {
  const Args = type({ city: "string", days: "string.integer.parse", tags: type("string").pipe((s) => s.split(",")) });
  const x = tool({
    name: "ark_morph",
    description: "Morphs.",
    parameters: Args,
    logger: quiet,
    execute: ({ city, days, tags }) => ({ city, days: days + 1, tags }),
  });
  const props = properties(x.parameters);
  assert.is(props.days!.type, "string", "the model sends a string");
  assert.is(props.tags!.type, "string");
  assert.equal(await x.execute({ city: "Oslo", days: "2", tags: "a,b" }), {
    success: true,
    value: { city: "Oslo", days: 3, tags: ["a", "b"] },
  });
  assert.match(
    failed(await x.execute({ city: "Oslo", days: "two", tags: "" })),
    /at \/days: days must be a well-formed integer string/,
  );
});

libraries(
  "ArkType: what JSON Schema cannot say is an error naming ArkType and the construct, never a silent {}",
  () => {
    assert.throws(
      () => echo("ark_date", type({ when: "Date" })),
      /Tool "ark_date": the ArkType parameters cannot be written as JSON Schema: a Date cannot be written as JSON Schema \(ArkType's "date"\)/,
    );
    assert.throws(
      () => echo("ark_map", type({ m: type.instanceOf(Map) })),
      /the ArkType parameters cannot be written as JSON Schema: an instance of Map cannot be written as JSON Schema \(ArkType's "proto"\)/,
    );
    assert.throws(
      () => echo("ark_bigint", type({ n: "bigint" })),
      /the ArkType parameters cannot be written as JSON Schema: a bigint/,
    );
    // A predicate only narrows: its JSON part is sent, and ArkType checks the rest.
    const even = echo("ark_even", type({ n: type("number").narrow((n) => n % 2 === 0) }));
    assert.equal(properties(even.parameters).n, { type: "number" });
  },
);

libraries(
  "Effect Schema: Schema.toStandardJSONSchemaV1(Schema.toStandardSchemaV1(s)); checked and decoded by Effect",
  async () => {
    const Args = Schema.Struct({ city: Schema.String, days: Schema.optional(Schema.NumberFromString) });
    assert.throws(
      () => echo("effect", Schema.toStandardSchemaV1(Args)),
      /these Effect Schema parameters do not expose JSON Schema .*Schema\.toStandardJSONSchemaV1\(Schema\.toStandardSchemaV1\(schema\)\)/,
    );
    const x = echo("effect", Schema.toStandardJSONSchemaV1(Schema.toStandardSchemaV1(Args)));
    assert.equal(properties(x.parameters).city, { type: "string" });
    assert.equal(Object.keys(x.toOpenAIFormat(silent).function.parameters.properties as object), ["city", "days"]);
    assert.equal(await x.execute({ city: "Oslo", days: "2" }), { success: true, value: { city: "Oslo", days: 2 } });
    assert.match(failed(await x.execute({ city: 1 })), /at \/city: Expected string/);
  },
);

libraries(
  "a non-object root, whatever the library, is sent wrapped as { input } and unwrapped before the library checks it",
  async () => {
    for (const [name, schema] of [
      ["zod_string", z.string()],
      ["ark_string", type("string")],
    ] as const) {
      const made = echo(name, schema);
      assert.is(made.parameters.type, "string");
      assert.equal(made.toOpenAIFormat({ onIssue: () => {} }).function.parameters.properties, {
        input: { type: "string" },
      });
      assert.equal(await made.execute({ input: "hi" }), { success: true, value: "hi" });
      assert.match(failed(await made.execute({ input: 5 })), /string/);
    }
  },
);

libraries.run();
