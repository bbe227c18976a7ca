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
  "a key the top level forbids, or one property too many: refused at once; a wrong value: refused once the arguments close",
  () => {
    const closed = { type: "object", properties: { a: { type: "string" } }, additionalProperties: false };
    assert.is(doomedAt(closed, '{"b": 1}'), '{"b"'.length - 1, "once the key is complete: no later key removes it");
    const two = { type: "object", maxProperties: 1 };
    assert.is(doomedAt(two, '{"a": 1, "b": 2}'), '{"a": 1, "b": '.length, "the value of a second distinct key");
    // A later value under the same key replaces a wrong one (JSON.parse keeps the last): a value is judged for good
    // only when nothing can come after it, once the arguments close. The reason names the first wrong part.
    const cases: [string, RegExp][] = [
      ['{"city": 5}', /at \/city: expected string, received a number/],
      ['{"city": "Llanfairpwllgwyngyll"}', /at \/city: longer than 10 characters/],
      ['{"unit": "kelvin"}', /at \/unit: "k" cannot become one of "celsius", "fahrenheit"/],
      ['{"city": "Oslo", "tags": ["a", "b", "c"]}', /at \/tags: more than 2 items/],
      ['{"city": "Oslo", "nested": {"x": 1}, "days": 0}', /at \/days: 0 is less than 1/],
    ];
    for (const [text, reason] of cases) {
      assert.is(doomedAt(schema, text), text.length - 1, text);
      assert.match(lastOf(schema, text).reason!, reason, `${text}: ${lastOf(schema, text).reason}`);
    }
  },
);

v("a key seen twice: the last value counts, as JSON.parse reads it; distinct keys are counted", () => {
  for (const text of [
    '{"unit": "kelvin", "city": "Oslo", "unit": "celsius"}',
    '{"city": 5, "city": "Oslo"}',
    '{"city": "Oslo", "days": 20, "days": 3}',
    '{"city": "Oslo", "tags": ["a", "b", "c"], "tags": []}',
  ]) {
    assert.is(doomedAt(schema, text), -1, text);
    // The object whole is not listed (one of its values failed once), its properties are.
    assert.ok(lastOf(schema, text).settled.includes("/city"), text);
  }
  const text = '{"city": "Oslo", "unit": "celsius", "unit": "kelvin"}';
  assert.is(doomedAt(schema, text), text.length - 1, "the last value is wrong");
  const settledThenNot = feed(schema, ['{"city": "Oslo", "unit": "celsius", ', '"unit": "k', '"}']);
  assert.equal(
    settledThenNot.map((x) => x.settled),
    [["/city", "/unit"], ["/city"], ["/city"]],
    "a settled property repeated is no longer settled",
  );
  const two = { type: "object", maxProperties: 2, minProperties: 2 };
  assert.is(doomedAt(two, '{"a": 1, "a": 2, "b": 3}'), -1, "two distinct keys");
  assert.is(doomedAt(two, '{"a": 1, "a": 2}'), '{"a": 1, "a": 2}'.length - 1, "fewer than 2 distinct");
  const nested = { type: "object", properties: { o: { type: "object", properties: { u: { enum: ["c"] } } } } };
  assert.is(doomedAt(nested, '{"o": {"u": "k"}, "o": {"u": "c"}}'), -1, "a repeated key around the wrong value");
  assert.is(doomedAt(nested, '{"o": {"u": "k", "u": "c"}}'), -1, "a repeated key inside");
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
    assert.is(doomedAt(ref, '{"unit": "k"}'), '{"unit": "k"}'.length - 1);
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
    assert.equal([checked.partial()[0]!.settled, checked.partial()[0]!.viable], [["/city"], true], "kel: held");
    checked.push(chunk('vin"}'));
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

// JSON text of a value written the ways a model may write it: keys and string characters escaped (\uXXXX, \/),
// numbers in every form JSON.parse reads as the same number (1, 1.0, 1e0, 10E-1, -0), keys repeated.
function writeJSON(value: unknown, choices: number[]): string {
  let at = 0;
  const pick = (n: number) => (choices.length ? choices[at++ % choices.length]! % n : 0);
  const string = (text: string) =>
    `"${[...text]
      .map((c) => {
        const plain = JSON.stringify(c).slice(1, -1);
        const code = c.codePointAt(0)!;
        if (code > 0xffff || pick(3) !== 0) return plain === "/" && pick(2) ? "\\/" : plain;
        return `\\u${code.toString(16).padStart(4, "0")}`;
      })
      .join("")}"`;
  const number = (n: number) => {
    const text = String(n);
    if (!Number.isFinite(n) || text.includes("e")) return JSON.stringify(n);
    const whole = Number.isInteger(n);
    const forms = [
      text,
      `${text}e0`,
      `${text}E+0`,
      whole ? `${text}.0` : `${text}0`,
      whole && Math.abs(n) < 1e14 ? `${n * 10}e-1` : text,
    ];
    if (Object.is(n, 0)) forms.push("-0");
    return forms[pick(forms.length)]!;
  };
  const write = (item: unknown): string => {
    if (typeof item === "string") return string(item);
    if (typeof item === "number") return number(item);
    if (Array.isArray(item)) return `[${item.map(write).join(", ")}]`;
    if (typeof item === "object" && item !== null)
      return `{${Object.entries(item)
        .map(([key, v]) => `${string(key)}: ${write(v)}`)
        .join(", ")}}`;
    return JSON.stringify(item) ?? "null";
  };
  return write(value);
}

v(
  "repeated keys, escapes and every number form: never a false alarm, and a settled whole is accepted (JSON.parse and the guard decide)",
  async () => {
    let accepted = 0;
    let repeatedAccepted = 0;
    await fc.assert(
      fc.asyncProperty(
        spec.chain((sp) =>
          fc.tuple(
            fc.constant(sp),
            fc.array(fc.tuple(fc.constantFrom("v", "v", "w"), valueFor(sp)), { minLength: 1, maxLength: 4 }),
            fc.array(fc.nat(20), { minLength: 1, maxLength: 8 }),
            fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }),
          ),
        ),
        async ([sp, entries, choices, sizes]) => {
          const made = tool({ name: "g", description: "G.", parameters: t.object({ v: build(sp) }), execute: () => 1 });
          const parts = entries.filter(([, value]) => value !== undefined);
          if (!parts.length) return;
          const text = `{${parts.map(([key, value]) => `${writeJSON(key, choices)}: ${writeJSON(value, choices)}`).join(", ")}}`;
          JSON.parse(text); // every text is JSON
          const verdicts = feed(made.parameters, cut(text, sizes));
          const result = await made.validate(text);
          if (result.success) {
            accepted++;
            if (parts.filter(([key]) => key === "v").length > 1) repeatedAccepted++;
            const alarm = verdicts.find((x) => !x.viable);
            assert.not.ok(alarm, `a false alarm on ${text} for ${JSON.stringify(made.parameters)}: ${alarm?.reason}`);
          } else assert.not.ok(verdicts.at(-1)!.settled.includes(""), `settled, but the tool refuses ${text}`);
        },
      ),
      { seed: SEED + 1, numRuns: RUNS },
    );
    assert.ok(
      accepted > 100 && repeatedAccepted > 20,
      `accepted: ${accepted}, with a repeated key: ${repeatedAccepted}`,
    );
    console.log(
      `viability, repeated keys: ${accepted} accepted texts (${repeatedAccepted} with a key repeated), none refused`,
    );
  },
);

v.run();
