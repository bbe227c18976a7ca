// Streamed arguments checked as they arrive: `settled` (properties complete and valid) and `viable` (some
// completion could still pass). The property that matters most: never a false alarm. For every prefix of
// every value the tool accepts, in any cut into deltas, the checker says viable; and what it refuses, the
// tool refuses too.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import {
  t,
  tool,
  createPartialJSONParser,
  createArgumentChecker,
  createToolCallStream,
  checkArguments,
  type PartialVerdict,
} from "tooltype";
import { build, spec, valueFor } from "../support/arbitraries.js";

const v = suite("viability: streamed arguments checked as they arrive");

/** Feeds `text` in the given pieces; the verdict after each. */
function feed(schema: object, pieces: readonly string[]): PartialVerdict[] {
  const checker = createArgumentChecker(schema);
  const parser = createPartialJSONParser({ events: checker.events });
  return pieces.map((piece) => (parser.push(piece), checker.verdict()));
}
const chars = (text: string) => [...text];
const lastOf = (schema: object, text: string) => feed(schema, chars(text)).at(-1)!;
/** The index of the first character after which the arguments are no longer viable, or -1. */
const doomedAt = (schema: object, text: string) => feed(schema, chars(text)).findIndex((verdict) => !verdict.viable);

const weather = t.object({
  city: t.string({ maxLength: 10 }),
  unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }),
  days: t.optional(t.integer({ minimum: 1, maximum: 14 })),
  tags: t.optional(t.array(t.string(), { maxItems: 2 })),
});
const schema = tool({ name: "w", description: "W.", parameters: weather, execute: () => 1 }).parameters;

v(
  "a wrong type, a key the schema forbids, a string past maxLength, an enum no member starts with: refused at once",
  () => {
    assert.is(
      doomedAt(schema, '{"city": 5}'),
      '{"city": '.length,
      "the first character of a number where a string must be",
    );
    const closed = { type: "object", properties: { a: { type: "string" } }, additionalProperties: false };
    assert.is(doomedAt(closed, '{"b": 1}'), '{"b"'.length - 1, "once the key is complete");
    assert.is(
      doomedAt(schema, '{"city": "Llanfairpwllgwyngyll"}'),
      '{"city": "Llanfairpwl'.length - 1,
      "the eleventh character",
    );
    assert.is(doomedAt(schema, '{"unit": "kelvin"}'), '{"unit": "k'.length - 1, "no member starts with k");
    assert.match(
      lastOf(schema, '{"unit": "kelvin"}').reason!,
      /at \/unit: "k" cannot become one of "celsius", "fahrenheit"/,
    );
    assert.is(
      doomedAt(schema, '{"city": "Oslo", "tags": ["a", "b", "c"]}'),
      '{"city": "Oslo", "tags": ["a", "b", "'.length - 1,
      "a third item where two at most are allowed",
    );
  },
);

v("a number outside its bounds once it is complete; a missing required property once the object closes", () => {
  const text = '{"city": "Oslo", "days": 15}';
  assert.is(doomedAt(schema, text), text.length - 1, "15 could still become 1.5 until the number ends");
  assert.match(lastOf(schema, text).reason!, /at \/days: 15 is more than 14/);
  assert.is(doomedAt(schema, '{"days": 3.5, "city": "x"}'), '{"days": 3.5'.length, "not an integer");
  const missing = '{"unit": "celsius"}';
  assert.is(doomedAt(schema, missing), missing.length - 1);
  assert.match(lastOf(schema, missing).reason!, /missing required property "city"/);
});

v("settled: each property once it is complete and valid, then the whole object", () => {
  const verdicts = feed(schema, ['{"city": "Par', 'is", "unit": "cel', 'sius", "days": 3', "}"]);
  assert.equal(
    verdicts.map((x) => x.settled),
    [[], ["/city"], ["/city", "/unit"], [""]],
  );
  assert.ok(verdicts.every((x) => x.viable));
  const once = createArgumentChecker(schema);
  assert.is(
    once.verdict(),
    once.verdict(),
    "while nothing changes, the same verdict is handed out (a verdict costs nothing per delta)",
  );
});

v(
  "the forms the tool reads back are viable: strict mode's null for an optional property, tuples as objects, records as entries, arguments encoded twice",
  async () => {
    assert.is(doomedAt(schema, '{"city": "Oslo", "days": null, "tags": null}'), -1);
    const shaped = tool({
      name: "s",
      description: "S.",
      parameters: t.object({ pair: t.tuple([t.string(), t.integer()]), counts: t.record(t.integer()) }),
      execute: () => 1,
    });
    const strict = '{"pair": {"0": "a", "1": 2}, "counts": [{"key": "x", "value": 1}]}';
    assert.is(doomedAt(shaped.parameters, strict), -1);
    const read = await shaped.validate(strict);
    assert.ok(read.success, JSON.stringify(read));
    assert.is(doomedAt(schema, JSON.stringify(JSON.stringify({ city: "Oslo" }))), -1);
  },
);

v(
  "$ref into $defs is followed; what cannot be read here (anyOf, patterns, formats) is left to the guard, never refused",
  () => {
    const ref = {
      type: "object",
      $defs: { Unit: { enum: ["c", "f"] } },
      properties: { unit: { $ref: "#/$defs/Unit" } },
    };
    assert.is(doomedAt(ref, '{"unit": "k"}'), '{"unit": "k'.length - 1);
    const loose = {
      type: "object",
      properties: { a: { anyOf: [{ type: "string" }, { type: "number" }] }, b: { type: "string", format: "email" } },
    };
    const verdicts = feed(loose, chars('{"a": true, "b": "not an email"}'));
    assert.ok(
      verdicts.every((x) => x.viable),
      "anyOf is not read: no refusal",
    );
    assert.equal(verdicts.at(-1)!.settled, [], "and nothing under it, nor the unchecked format, is settled");
  },
);

v(
  "createToolCallStream with checkArguments: each partial call carries settled, viable and reason; without it, nothing changes",
  () => {
    const weatherTool = tool({ name: "get_weather", description: "W.", parameters: weather, execute: () => 1 });
    const chunk = (args: string, first = false) => ({
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [
              {
                index: 0,
                ...(first && { id: "c1" }),
                function: { ...(first && { name: "get_weather" }), arguments: args },
              },
            ],
          },
        },
      ],
    });
    const checked = createToolCallStream("openai", { check: checkArguments([weatherTool]) });
    const plain = createToolCallStream("openai");
    for (const stream of [checked, plain]) stream.push(chunk('{"city": "Oslo", "unit": "kel', true));
    const [call] = checked.partial();
    assert.equal([call!.settled, call!.viable], [["/city"], false]);
    assert.match(call!.reason!, /at \/unit: "kel" cannot become one of "celsius", "fahrenheit"/);
    assert.not.ok("viable" in plain.partial()[0]!, "a stream without checks gives what it gave");
    const whole = createToolCallStream("gemini", { check: checkArguments([weatherTool]) });
    whole.push({
      candidates: [{ content: { parts: [{ functionCall: { name: "get_weather", args: { city: "Rome" } } }] } }],
    });
    assert.equal(
      [whole.partial()[0]!.settled, whole.partial()[0]!.viable],
      [[""], true],
      "arguments that came whole are read through the checks once",
    );
    const unknown = createToolCallStream("openai", { check: checkArguments([weatherTool]) });
    unknown.push({
      choices: [
        {
          index: 0,
          delta: { tool_calls: [{ index: 0, id: "c2", function: { name: "other", arguments: '{"x": 1' } }] },
        },
      ],
    });
    assert.equal(
      [unknown.partial()[0]!.settled, unknown.partial()[0]!.viable],
      [[], true],
      "a tool it has no schema for: nothing settled, nothing refused",
    );
  },
);

// ---- never a false alarm ------------------------------------------------------------------------------
const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
const SEED = Number(env?.TOOLTYPE_VIABILITY_SEED) || 20261126; // TOOLTYPE_VIABILITY_SEED / _RUNS explore further (Node)
const RUNS = Number(env?.TOOLTYPE_VIABILITY_RUNS) || 300;
const cut = (text: string, sizes: readonly number[]) => {
  const pieces: string[] = [];
  let at = 0;
  for (let i = 0; at < text.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length]!);
    pieces.push(text.slice(at, at + size));
    at += size;
  }
  return pieces;
};

v(
  "for generated schemas and values: whatever the tool accepts stays viable at every delta; what is refused early, the tool refuses",
  async () => {
    let accepted = 0;
    let refusedEarly = 0;
    await fc.assert(
      fc.asyncProperty(
        spec.chain((sp) =>
          fc.tuple(
            fc.constant(sp),
            fc.array(valueFor(sp), { minLength: 1, maxLength: 6 }),
            fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }),
          ),
        ),
        async ([sp, values, sizes]) => {
          const made = tool({ name: "g", description: "G.", parameters: t.object({ v: build(sp) }), execute: () => 1 });
          for (const value of values) {
            const text = JSON.stringify({ v: value });
            if (text === undefined) continue;
            const verdicts = feed(made.parameters, cut(text, sizes));
            const result = await made.validate(text);
            if (result.success) {
              accepted++;
              const alarm = verdicts.find((x) => !x.viable);
              assert.not.ok(alarm, `a false alarm on ${text} for ${JSON.stringify(made.parameters)}: ${alarm?.reason}`);
            } else if (verdicts.some((x) => !x.viable)) refusedEarly++;
          }
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    assert.ok(accepted > 300, `accepted values checked: ${accepted}`);
    assert.ok(refusedEarly > 20, `refusals seen while streaming: ${refusedEarly}`);
  },
);

v.run();
