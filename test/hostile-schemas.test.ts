// Hostile schemas: a pattern that could backtrack catastrophically is refused for an untrusted schema
// (compile(s, { untrusted }), and mcpValidator, which reads an MCP server's schemas); schemas too deep,
// too large or looping get a SchemaError that says so, in bounded time; one depth rule, counted in value
// nesting, for both guard paths; uniqueItems at any depth without recursion.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile, mcpValidator, SchemaError, untrusted as UNTRUSTED } from "tooltype";
import { guards, MODES } from "./support/guards.js";

const env = (globalThis as { __TOOLTYPE_ENV__?: string }).__TOOLTYPE_ENV__ ?? "node";
const penv = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
const SEED = Number(penv?.TOOLTYPE_FUZZ_SEED) || 20261212;
const RUNS = Number(penv?.TOOLTYPE_FUZZ_RUNS) || 1000;
const isBrowser = env.startsWith("chromium");

const untrusted = (pattern: string) => compile({ type: "string", pattern }, { untrusted: UNTRUSTED });
const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (error) {
    assert.instance(error, SchemaError);
    return (error as Error).message;
  }
  return assert.unreachable("expected a SchemaError") as never;
};

// ReDoS patterns from the literature (OWASP, the regexes of CVE reports), and the shapes around them.
const CATASTROPHIC = [
  "^(a+)+$", "(a*)*b", "^(a|a)*$", "^(a|aa)+$", "^(a|a?)+$", "^(.*a){20}$", "(\\w+\\s?)*$", "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$",
  "^(([a-z])+.)+[A-Z]([a-z])+$", "^(\\d+)*$", "(x+x+)+y", "^(\\s*,?)*$", "^(a?){25}a{25}$", "((ab)*)+$", "(\\w|\\d)+$", "(a|ab)*c", "^(?:a+)+$", "^((a+))+$",
  "(a{1,3})+", "([0-9]+\\.?)*$", "^(\\w+\\.?)+@", "(.*)*", "(?<x>a+)+", "^(a|)+$", "(a|\\w)+!", "((a|b)|ab)*c",
  "^(a)\\1$", "(?<q>['\"]).*\\k<q>", "(a)(b)\\2",
];

// Everyday patterns from tool schemas: identifiers, dates, codes, e-mail-like and URL-like checks.
const SAFE = [
  "^[a-z]+$", "^[A-Za-z0-9_-]{1,64}$", "^\\d{4}-\\d{2}-\\d{2}$", "^\\d{3}-\\d{4}$", "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
  "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", "^https?://[^\\s/$.?#].[^\\s]*$", "^#[0-9a-fA-F]{6}$", "^[A-Z]{2}$", "^\\+?[1-9]\\d{1,14}$", "^(?:[01]\\d|2[0-3]):[0-5]\\d$",
  "^(\\d{3}-)+\\d{3}$", "^(ab|cd)+$", "^(?:foo|bar|baz)$", "^\\p{L}+$", "^[\\p{L}\\p{N} ]*$", "^v\\d+(\\.\\d+){2}$", "^[a-z]+(-[a-z]+)*$", "\\bword\\b", "^(?=.*\\d)[a-z\\d]{8,}$",
  "^[^<>]*$", "^\\S+$", "^(a|b|c){1,10}$", "^$", "^\\u00e9+$", "^[\\u{1F600}-\\u{1F64F}]+$", "^x{2,5}y?z*$", "colou?r", "^(?:\\d+,)*\\d+$",
];

const patterns = suite("hostile schemas: patterns that backtrack catastrophically");

patterns("every ReDoS pattern of the corpus is refused for an untrusted schema, with the reason", () => {
  for (const pattern of CATASTROPHIC) {
    const message = refusal(() => untrusted(pattern));
    assert.match(message, /is refused for an untrusted schema: (a repetition inside a repetition|a repeated alternation|a repetition of something that can match nothing|a backreference)/, pattern);
    refusal(() => compile({ type: "object", patternProperties: { [pattern]: {} } }, { untrusted: UNTRUSTED }));
  }
  console.log(`hostile patterns: ${CATASTROPHIC.length} ReDoS patterns refused in pattern and patternProperties`);
});

/** The verdict JavaScript's own RegExp gives (the guard reads a pattern with the u flag where it can). */
const regexVerdict = (pattern: string, text: string) => {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, "u");
  } catch {
    regex = new RegExp(pattern);
  }
  return regex.test(text);
};

patterns("everyday patterns are accepted, and answer at once on 20,000-character hostile strings", () => {
  const hostile = ["a".repeat(20_000) + "!", "1".repeat(20_000) + "x", " ".repeat(20_000), "a-".repeat(10_000) + "-", "é".repeat(20_000) + "\n"];
  const started = Date.now();
  let checks = 0;
  for (const pattern of SAFE) {
    const guard = untrusted(pattern);
    for (const text of hostile) {
      assert.is(guard(text), regexVerdict(pattern, text), `${pattern} on ${JSON.stringify(text.slice(0, 12))}…`);
      checks++;
    }
  }
  // A catastrophic pattern on 20,000 characters backtracks for longer than any machine runs; these answer in
  // microseconds. The bound only has to tell the two apart, so it is a minute, however slow or loaded the machine.
  const seconds = (Date.now() - started) / 1000;
  assert.ok(seconds < 60, `${checks} checks took ${seconds} s: a pattern backtracks on a long string`);
  assert.is(checks, SAFE.length * hostile.length);
  console.log(`hostile patterns: ${SAFE.length} everyday patterns accepted, ${checks} checks on 20,000-character strings`);
});

patterns("a trusted schema keeps any pattern JavaScript takes (the default)", () => {
  // Short samples: long enough to tell the patterns' answers apart, too short for their backtracking to matter.
  const samples = ["", "a", "aa", "aab", "abb", "abAb", "aa!", "ab ab", "xxy", "11", "'q'", "aa@b.co", "a".repeat(12)];
  const verdicts = new Set<boolean>();
  for (const pattern of CATASTROPHIC) {
    const guard = compile({ type: "string", pattern }); // no refusal: a trusted schema's patterns are the author's
    for (const text of samples) {
      verdicts.add(guard(text));
      assert.is(guard(text), regexVerdict(pattern, text), `${pattern} on ${JSON.stringify(text)}`);
    }
  }
  assert.equal([...verdicts].sort(), [false, true]); // the patterns are applied, not dropped
});

patterns("property: a repetition of anything that repeats a varying number of times is refused; flat patterns are accepted", () => {
  const atom = fc.constantFrom("a", "b", "\\d", "\\w", "[a-z]", "[^x]", ".", "\\.", "(?:ab)", "\\p{L}");
  const vary = fc.constantFrom("*", "+", "?", "{1,3}", "{2,}", "*?", "+?");
  const fixed = fc.constantFrom("", "{2}", "{3}");
  const quantifier = fc.oneof(vary.map((q) => [q, true] as const), fixed.map((q) => [q, false] as const));
  const flat = fc.array(fc.tuple(atom, quantifier), { minLength: 1, maxLength: 6 }).map((parts) => ({
    text: parts.map(([a, [q]]) => a + q).join(""),
    varies: parts.some(([, [, v]]) => v),
  }));
  // (inner) repeated a varying number of times: refused exactly when the inner part varies too.
  // Atoms never start or end a round with a character the inner repetitions cannot take, except by chance:
  // the inner part is wrapped in "a" on both sides, which its own repetitions of a, \w, [a-z], . and \p{L} can take.
  const nested = fc.tuple(flat, fc.constantFrom("*", "+", "{1,3}", "{2,}", "*?", "+?", "{3}"), fc.constantFrom("", "x", "\\d"))
    .map(([inner, q, tail]) => ({ text: `(a${inner.text}a*)${q}${tail}`, refuse: true }));
  let refused = 0;
  let accepted = 0;
  fc.assert(
    fc.property(fc.oneof(flat.map((f) => ({ text: f.text, refuse: false })), nested), ({ text, refuse }) => {
      if (refuse) {
        refusal(() => untrusted(text));
        refused++;
      } else {
        untrusted(text)("a".repeat(30) + "!"); // short: side-by-side repetitions stay polynomial (see pattern-safety.ts)
        accepted++;
      }
    }),
    { seed: SEED, numRuns: RUNS },
  );
  assert.ok(refused > RUNS / 10 && accepted > RUNS / 10, `too few of a kind: ${refused} refused, ${accepted} accepted`);
  console.log(`hostile patterns: ${RUNS} generated patterns, ${refused} nested repetitions refused, ${accepted} others accepted`);
});

patterns("mcpValidator compiles an MCP server's schemas as untrusted: a catastrophic output pattern refuses that tool's results, at once", () => {
  const validate = mcpValidator().getValidator({ type: "object", properties: { id: { type: "string", pattern: "^(a+)+$" } } });
  const result = validate({ id: "a".repeat(50) + "!" });
  assert.is(result.valid, false);
  assert.match(String(result.errorMessage), /is refused for an untrusted schema: a repetition inside a repetition/);
  const trusting = mcpValidator({ untrusted: undefined }).getValidator({ type: "string", pattern: "^(a+)+$" });
  assert.is(trusting("aaa").valid, true);
});

const sizes = suite("hostile schemas: too deep, too large, looping: a SchemaError in bounded time and memory");

/** The JS heap, where the runtime tells (Node, Deno, Bun). */
const heapUsed = () => {
  const g = globalThis as { Deno?: { memoryUsage?: () => { heapUsed: number } }; process?: { memoryUsage?: () => { heapUsed: number } } };
  return g.Deno?.memoryUsage?.().heapUsed ?? g.process?.memoryUsage?.().heapUsed;
};

sizes("a schema nested 100,000 deep is refused before anything recurses; 500 deep compiles on both paths", () => {
  let deep: object = { type: "string" };
  for (let i = 0; i < 100_000; i++) deep = { type: "array", items: deep };
  const before = heapUsed();
  for (const mode of MODES) assert.match(refusal(() => compile(deep, { eval: mode === "eval" })), /the schema nests deeper than 512 levels/);
  const grew = before === undefined ? undefined : heapUsed()! - before;
  if (grew !== undefined) assert.ok(grew < 64 << 20, `${grew} bytes to refuse it`);
  let ok: object = { type: "integer" };
  let value: unknown = 1;
  for (let i = 0; i < 500; i++) {
    ok = { type: "array", items: ok };
    value = [value];
  }
  for (const guard of guards(ok)) assert.ok(guard(value));
  console.log(`hostile schemas: a 100,000-deep schema refused (heap ${grew === undefined ? "not measurable here" : `+${(grew / (1 << 20)).toFixed(1)} MB`}), a 500-deep one compiled`);
});

sizes("an untrusted schema with a million properties is refused; so is a chain of 100,000 $refs", () => {
  const count = isBrowser ? 200_000 : 1_000_000; // a browser tab's memory is smaller: past the limit all the same
  const properties: Record<string, object> = {};
  for (let i = 0; i < count; i++) properties[`p${i}`] = { type: "integer" };
  assert.match(refusal(() => compile({ type: "object", properties }, { untrusted: UNTRUSTED })), /holds more than 100000 properties and items/);
  const $defs: Record<string, object> = {};
  for (let i = 0; i < 100_000; i++) $defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
  $defs.d100000 = { type: "string" };
  assert.match(refusal(() => compile({ $defs, $ref: "#/$defs/d0" }, { untrusted: UNTRUSTED })), /holds more than 100000/);
  console.log(`hostile schemas: ${count.toLocaleString("en")} properties and a 100,000-$ref chain refused as untrusted`);
});

sizes("$ref loops that never enter a value, and a schema that contains itself, are refused by name", () => {
  const loops: object[] = [
    { $ref: "#" },
    { $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } }, $ref: "#/$defs/a" },
    { anyOf: [{ $ref: "#" }, { type: "string" }] },
    { allOf: [{ $ref: "#/$defs/x" }], $defs: { x: { not: { $ref: "#" } } } },
  ];
  for (const schema of loops) for (const option of [undefined, UNTRUSTED]) assert.match(refusal(() => compile(schema, { untrusted: option })), /\$ref/);
  const self: Record<string, unknown> = { type: "object" };
  self.properties = { me: self };
  assert.match(refusal(() => compile(self)), /contains itself|comes back/);
});

const depth = suite("hostile schemas: one depth rule, counted in value nesting, for both guard paths");

// Each $ref enters 20 value levels: a rule of 256 $ref levels alone let generated code (small frames) go past
// where the interpreter ran out of stack, so at 5,000 levels the two paths answered differently (true on
// generated code, false on the interpreter; measured on Node 20 before this rule). Now this schema follows
// 25 $refs (500 value levels) at most: the 26th, at level 520, refuses the value.
const TWENTY: object = (() => {
  let body: object = { $ref: "#" };
  for (let i = 0; i < 20; i++) body = { type: "array", items: body };
  return { anyOf: [{ type: "null" }, body] };
})();

const nest = (depthOf: number, leaf: unknown = null) => {
  let v: unknown = leaf;
  for (let i = 0; i < depthOf; i++) v = [v];
  return v;
};

depth("both paths give the same verdict and the same errors at every depth, and refuse past 500 levels as too_deep", () => {
  const [first, ...others] = guards(TWENTY);
  for (const d of [0, 20, 240, 500, 511, 512, 513, 519, 520, 521, 1000, 4000, 5000, 5200, 100_000]) {
    const value = nest(d);
    const verdict = first!(value);
    const codes = first!.errors(value).map((i) => i.code);
    for (const other of others) {
      assert.is(other(value), verdict, `depth ${d}`);
      assert.equal(other.errors(value).map((i) => i.code), codes, `depth ${d}`);
    }
    if (d >= 520) assert.equal(first!.errors(value).at(-1), { code: "too_deep", path: "", message: "Value is nested too deeply to check (more than 500 levels)", expected: "500" } as never, `depth ${d}`);
    else assert.is(verdict, d % 20 === 0, `depth ${d}`); // short of the limit: the schema's own verdict

  }
});

depth("property: random recursive values, both paths agree", () => {
  const schema = { $defs: { t: { type: "object", properties: { v: { type: "integer" }, kids: { type: "array", items: { $ref: "#/$defs/t" } } }, required: ["v"] } }, $ref: "#/$defs/t" };
  const gs = guards(schema);
  let cases = 0;
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 600 }), fc.boolean(), (d, bad) => {
      cases++;
      let v: unknown = { v: bad ? "x" : 1, kids: [] };
      for (let i = 0; i < d; i++) v = { v: i, kids: [v] };
      const verdicts = gs.map((g) => g(v));
      assert.ok(verdicts.every((x) => x === verdicts[0]), `depth ${d}`);
      assert.is(verdicts[0], !bad && 2 * d + 1 <= 512, `depth ${d}`); // each level is an object and an array
    }),
    { seed: SEED + 1, numRuns: Math.min(RUNS, 300) },
  );
  console.log(`depth rule: ${cases} random recursive values, both paths agreed`);
});

depth("the $ref limit scales with the levels one $ref enters, and a value deeper where no $ref reads it is checked as usual", () => {
  const tooDeep = (schema: object, value: unknown) => guards(schema).map((g) => g.errors(value).find((i) => i.code === "too_deep")?.expected ?? "none");
  const list = { type: "array", items: { $ref: "#" } }; // one level a $ref: 256 $refs
  assert.equal(tooDeep(list, nest(256)), guards(list).map(() => "none"));
  assert.equal(tooDeep(list, nest(257)), guards(list).map(() => "256"));
  const tree = { $defs: { T: { type: "object", properties: { kids: { type: "array", items: { $ref: "#/$defs/T" } } } } }, $ref: "#/$defs/T" };
  let node: unknown = {};
  for (let i = 0; i < 300; i++) node = { kids: [node] };
  assert.equal(tooDeep(tree, node), guards(tree).map(() => "512")); // two levels a $ref: 256 $refs, 512 levels
  // A free-form property holds 100,000 levels that no $ref follows: nothing refuses them, on either path.
  const withMeta = { $defs: { T: { type: "object", properties: { meta: {}, kids: { type: "array", items: { $ref: "#/$defs/T" } } } } }, $ref: "#/$defs/T" };
  for (const guard of guards(withMeta)) {
    assert.ok(guard({ meta: nest(100_000), kids: [{ meta: nest(100_000), kids: [] }] }), guard.mode);
    assert.equal(guard.errors({ meta: nest(100_000), kids: [{ kids: 1 }] }).map((i) => [i.code, i.path]), [["type", "/kids/0/kids"]], guard.mode);
  }
});

depth("uniqueItems compares items at any depth without recursion, on both paths", () => {
  const gs = guards({ type: "array", uniqueItems: true });
  for (const guard of gs) {
    assert.ok(guard([nest(510, 1), nest(510, 2)]), "distinct deep items");
    assert.not.ok(guard([nest(510, 1), nest(510, 1)]), "equal deep items");
    assert.equal(guard.errors([nest(510, 1), nest(510, 1)]).map((i) => i.code), ["unique_items"]);
    // No `$ref` follows these values down, so no depth limit applies: 100,000 levels are compared in a loop.
    assert.ok(guard([nest(100_000, 1), nest(100_000, 2)]));
    assert.equal(guard.errors([nest(100_000, 1), nest(100_000, 1), 2]).map((i) => i.code), ["unique_items"]);
    assert.not.ok(guard([{ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] }, { b: 2, a: 1 }, { a: 1, b: 2 }]));
  }
});

patterns.run();
sizes.run();
depth.run();
