// Hostile schemas: a pattern that could backtrack catastrophically is refused for an untrusted schema
// (compile(s, { untrusted }), and mcpValidator, which reads an MCP server's schemas); schemas too deep,
// too large or looping get a SchemaError that says so, in bounded time; one depth rule, counted in value
// nesting, for both guard paths; uniqueItems at any depth without recursion.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile, mcpValidator, SchemaError, untrusted as UNTRUSTED } from "tooltype";
import { guards, MODES } from "../support/guards.js";
import { searchSteps, TooManySteps } from "../support/backtrack.js";

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

// Exponential ReDoS patterns from the literature (OWASP, the regexes of CVE reports), and the shapes around
// them, each with the text that makes it backtrack: n characters of it.
const EXPONENTIAL: [string, (n: number) => string][] = [
  ["^(a+)+$", (n) => "a".repeat(n) + "!"],
  ["(a*)*b", (n) => "a".repeat(n)],
  ["^(a|a)*$", (n) => "a".repeat(n) + "!"],
  ["^(a|aa)+$", (n) => "a".repeat(n) + "!"],
  ["^(a|a?)+$", (n) => "a".repeat(n) + "!"],
  ["(\\w+\\s?)*$", (n) => "a".repeat(n) + "!"],
  ["^(\\d+)*$", (n) => "1".repeat(n) + "x"],
  ["(x+x+)+y", (n) => "x".repeat(n)],
  ["^(\\s*,?)*$", (n) => " ".repeat(n) + "!"],
  ["^(a?){25}a{25}$", (n) => "a".repeat(Math.min(n, 24))],
  ["((ab)*)+$", (n) => "ab".repeat(n) + "!"],
  ["(\\w|\\d)+$", (n) => "1".repeat(n) + "!"],
  ["^(?:a+)+$", (n) => "a".repeat(n) + "!"],
  ["^((a+))+$", (n) => "a".repeat(n) + "!"],
  ["^(a{1,3})+$", (n) => "a".repeat(n) + "!"],
  ["([0-9]+\\.?)*$", (n) => "1".repeat(n) + "!"],
  ["^(\\w+\\.?)+@", (n) => "a".repeat(n)],
  ["(.*)*x", (n) => "a".repeat(n)],
  ["^(?<x>a+)+$", (n) => "a".repeat(n) + "!"],
  ["(a|\\w)+!", (n) => "a".repeat(n)],
  ["^(\\w+-?)*x", (n) => "a".repeat(n)],
  ["((a|b)|ab)*c", (n) => "ab".repeat(n)],
  ["^(a|a){40}$", (n) => "a".repeat(Math.min(n, 39))],
  ["(?:(a|a)*x)?y", (n) => "a".repeat(n)],
  ["^(([a-z])+.)+[A-Z]([a-z])+$", (n) => "a".repeat(n) + "!"],
  ["((a|a)x?)*!", (n) => "a".repeat(n)],
  [
    "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$",
    (n) => "a".repeat(n) + "!",
  ],
  ["^(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)$", () => "a".repeat(15) + "!"],
  // 93 characters that read like an e-mail check; the gate before this analysis accepted it (the overlapping
  // alternation sat in a sequence, and "-?" looked like a delimiter): 2^n on "aaaa…a!".
  [CRAFTED_93(), (n) => "a".repeat(n) + "!"],
];

/** The crafted exponential pattern, built here so its length is checked where it is used. */
function CRAFTED_93(): string {
  return "^(?:(?:[a-z]|[a-z0-9])-?)+@(?:example|example-mail|mail-example)\\.(?:com|org|net|io|dev|app)$";
}

// Polynomial: the attacker picks the degree (adjacent repetitions that can take the same text, a repetition
// of something that contains one, or a search that starts again at each of n places).
const POLYNOMIAL: [string, (n: number) => string][] = [
  ["\\d+\\d+\\d+x", (n) => "1".repeat(n)],
  ["(.*a){12}", (n) => "a".repeat(11) + "b".repeat(n)],
  ["(a|ab)*c", (n) => "a".repeat(n)],
  ["^.*a.*a.*a$", (n) => "a".repeat(n) + "!"],
  ["[a-z]+@", (n) => "a".repeat(n)],
  [".*\\.json$", (n) => "a".repeat(n)],
  ["^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", (n) => "a@" + ".".repeat(n) + "@"],
  ["^\\s*\\w*\\s*\\w*\\s*$", (n) => " ".repeat(n) + "!"],
  ["a+b", (n) => "a".repeat(n)],
  ["(?=.*x)y", (n) => "y".repeat(n)],
];

// Backreferences, and what cannot be analyzed within the limits: refused, not guessed.
const UNDECIDED = [
  "^(a)\\1$",
  "(?<q>['\"]).*\\k<q>",
  "(a)(b)\\2",
  "(".repeat(100_000) + ")".repeat(100_000),
  "(?<=a+)b",
  "a(?=b+c)",
  "[a-z]{200}".repeat(11),
];

// Everyday patterns from tool schemas: identifiers, dates, times, codes, UUIDs, e-mails, URLs, phone numbers.
const SAFE = [
  "^[a-z]+$",
  "^[A-Za-z0-9_-]{1,64}$",
  "^\\d{4}-\\d{2}-\\d{2}$",
  "^\\d{3}-\\d{4}$",
  "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
  "^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$",
  "^[^\\s@]+@[^\\s@.]+(\\.[^\\s@.]+)+$",
  "^https?://[^\\s/$.?#].[^\\s]*$",
  "^#[0-9a-fA-F]{6}$",
  "^[A-Z]{2}$",
  "^\\+?[1-9]\\d{1,14}$",
  "^(?:[01]\\d|2[0-3]):[0-5]\\d$",
  "^([01]?\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$",
  "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$",
  "^(\\d{1,3}\\.){3}\\d{1,3}$",
  "^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,}$",
  "^(\\d{3}-)+\\d{3}$",
  "^(ab|cd)+$",
  "^(?:foo|bar|baz)$",
  "^\\p{L}+$",
  "^[\\p{L}\\p{N} ]*$",
  "^v\\d+(\\.\\d+){2}$",
  "^[a-z]+(-[a-z]+)*$",
  "^[a-z0-9]+(?:-[a-z0-9]+)*$",
  "\\bword\\b",
  "^(?=.*\\d)(?=.*[A-Z])[A-Za-z\\d]{8,}$",
  "^[^<>]*$",
  "^\\S+$",
  "^(a|b|c){1,10}$",
  "^$",
  "^\\u00e9+$",
  "^[\\u{1F600}-\\u{1F64F}]+$",
  "^x{2,5}y?z*$",
  "colou?r",
  "^(?:\\d+,)*\\d+$",
  "^[a-z][a-z0-9_]*$",
  "^(0|[1-9]\\d*)(\\.\\d+)?$",
  "^-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?$",
  "\\d{3}-\\d{4}",
  "[a-z]+",
  ".+",
  "^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$",
  "^sk-[A-Za-z0-9]{20,}$",
];

/** Hostile texts of n characters for the everyday patterns. */
const HOSTILE_TEXTS = [
  (n: number) => "a".repeat(n) + "!",
  (n: number) => "1".repeat(n) + "x",
  (n: number) => " ".repeat(n),
  (n: number) => "a-".repeat(n / 2) + "-",
  (n: number) => "a.".repeat(n / 2) + "@",
  (n: number) => "é".repeat(n) + "\n",
];

/** The simulated search's steps at n and 4n characters (or "over" past the budget). */
function growth(
  pattern: string,
  text: (n: number) => string,
  n: number,
  budget = 2_000_000,
): [number | "over", number | "over"] {
  const steps = (size: number) => {
    try {
      return searchSteps(pattern, text(size), budget);
    } catch (error) {
      if (error instanceof TooManySteps) return "over" as const;
      throw error;
    }
  };
  return [steps(n), steps(4 * n)];
}

const patterns = suite("hostile schemas: patterns whose search costs more than linear time");

patterns(
  "every exponential pattern of the corpus is refused with the reason; the simulated search shows each one exponential",
  () => {
    assert.is(CRAFTED_93().length, 93);
    for (const [pattern, attack] of EXPONENTIAL) {
      const message = refusal(() => untrusted(pattern));
      assert.match(
        message,
        /is refused for an untrusted schema: some input makes the search try more than 256 ways at once/,
        pattern,
      );
      refusal(() => compile({ type: "object", patternProperties: { [pattern]: {} } }, { untrusted: UNTRUSTED }));
      const [small, large] = growth(pattern, attack, 12, 200_000);
      // 4 times the text, at least 50 times the steps, or (a fixed count, 2^15 ways) a constant past 100,000 steps.
      assert.ok(
        large === "over" || (small !== "over" && (large > 50 * small || small > 100_000)),
        `${pattern}: ${small} steps at 12 characters, ${large} at 48`,
      );
    }
    console.log(
      `hostile patterns: ${EXPONENTIAL.length} exponential patterns refused (the 93-character crafted one included), each shown exponential by a step-counting search`,
    );
  },
);

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

patterns("every polynomial pattern of the corpus is refused; the simulated search shows each one super-linear", () => {
  for (const [pattern, attack] of POLYNOMIAL) {
    assert.match(
      refusal(() => untrusted(pattern)),
      /is refused for an untrusted schema: /,
      pattern,
    );
    const [small, large] = growth(pattern, attack, 30, 300_000);
    assert.ok(
      large === "over" || (small !== "over" && large > 8 * small),
      `${pattern}: ${small} steps at 30 characters, ${large} at 120`,
    );
  }
  for (const pattern of UNDECIDED)
    assert.match(
      refusal(() => untrusted(pattern)),
      /backreference|lookaround|lookbehind|nested deeper|too complex|more than 2000/,
      pattern.slice(0, 40),
    );
  console.log(
    `hostile patterns: ${POLYNOMIAL.length} polynomial patterns (n^2 to n^12) and ${UNDECIDED.length} undecidable ones (backreferences, 100,000 nested groups, unbounded lookarounds, 3,000 positions) refused`,
  );
});

patterns(
  "everyday patterns are accepted: the simulated search is linear on hostile texts, and the engine answers on 20,000 characters",
  () => {
    let checks = 0;
    for (const pattern of SAFE) {
      const guard = untrusted(pattern);
      for (const text of HOSTILE_TEXTS) {
        if (pattern.includes("\\b")) break; // the simulator has no word boundaries
        const [small, large] = growth(pattern, text, 100);
        assert.ok(
          small !== "over" && large !== "over" && large <= 5 * small,
          `${pattern}: ${small} steps at 100 characters, ${large} at 400`,
        );
      }
      for (const text of HOSTILE_TEXTS) {
        guard(text(20_000));
        checks++;
      }
    }
    console.log(
      `hostile patterns: ${SAFE.length} everyday patterns accepted, linear in counted steps, ${checks} checks on 20,000-character strings`,
    );
  },
);

patterns(
  "a schema of 300 costly patterns: analysis stops at a budget for the run, counted in patterns analyzed; the next run starts afresh",
  async () => {
    const costly = (i: number) => `(?:[a-z]{20}\\d{20}){6}${String.fromCodePoint(0x4e00 + i)}`;
    let analyzed = 0;
    const counting = { patternHazard: (source: string) => (analyzed++, UNTRUSTED.patternHazard(source)) };
    const properties = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`p${i}`, { type: "string", pattern: costly(i) }]),
    );
    const message = refusal(() => compile({ type: "object", properties }, { untrusted: counting }));
    assert.match(message, /the patterns analyzed together took more than 2000000 steps before this one/);
    assert.ok(analyzed < 300, `${analyzed} of 300 patterns analyzed`);
    await Promise.resolve(); // a new run
    untrusted(costly(1000));
    const repeated = Object.fromEntries(
      Array.from({ length: 5000 }, (_, i) => [`p${i}`, { type: "string", pattern: costly(1000) }]),
    );
    compile({ type: "object", properties: repeated }, { untrusted: UNTRUSTED }); // one pattern 5,000 times: analyzed once
    console.log(
      `hostile patterns: 300 costly patterns in one schema refused after ${analyzed} analyses; one pattern repeated 5,000 times analyzed once`,
    );
  },
);

patterns("a trusted schema keeps any pattern JavaScript takes (the default)", () => {
  // Short samples: long enough to tell the patterns' answers apart, too short for their backtracking to matter.
  const samples = ["", "a", "aa", "aab", "abb", "abAb", "aa!", "ab ab", "xxy", "11", "'q'", "aa@b.co", "a".repeat(12)];
  const verdicts = new Set<boolean>();
  for (const [pattern] of [...EXPONENTIAL, ...POLYNOMIAL]) {
    const guard = compile({ type: "string", pattern }); // no refusal: a trusted schema's patterns are the author's
    for (const text of samples) {
      verdicts.add(guard(text));
      assert.is(guard(text), regexVerdict(pattern, text), `${pattern} on ${JSON.stringify(text)}`);
    }
  }
  assert.equal([...verdicts].sort(), [false, true]); // the patterns are applied, not dropped
});

patterns(
  "property: every generated pattern the analysis accepts is linear in the simulated search's steps",
  async () => {
    const atom = fc.constantFrom(
      "a",
      "b",
      "\\d",
      "\\w",
      "[a-z]",
      "[^x]",
      ".",
      "\\.",
      "-",
      "(?:ab)",
      "(?:a|b)",
      "(?:a|ab)",
      "\\p{L}",
    );
    const quantifier = fc.constantFrom("", "", "*", "+", "?", "{1,3}", "{2,}", "*?", "{2}");
    const flat = fc
      .array(fc.tuple(atom, quantifier), { minLength: 1, maxLength: 5 })
      .map((parts) => parts.map(([a, q]) => a + q).join(""));
    const pattern = fc
      .tuple(
        fc.constantFrom("", "^"),
        flat,
        fc.option(fc.tuple(fc.constantFrom("*", "+", "{1,3}", "?"), flat), { nil: undefined }),
        fc.constantFrom("", "$", "!"),
      )
      .map(([start, head, nested, end]) => start + head + (nested ? `(?:${nested[1]})${nested[0]}` : "") + end);
    const pumps = [
      (n: number) => "a".repeat(n),
      (n: number) => "ab".repeat(n / 2) + "!",
      (n: number) => "a1-".repeat(n / 3) + "x",
      (n: number) => "a.".repeat(n / 2),
    ];
    let refused = 0;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(pattern, async (source) => {
        await Promise.resolve(); // each pattern in its own run: the analysis budget is per synchronous run
        try {
          untrusted(source);
        } catch (error) {
          if (!(error instanceof SchemaError)) throw error;
          refused++;
          return;
        }
        accepted++;
        for (const pump of pumps) {
          const [small, large] = growth(source, pump, 40);
          assert.ok(
            small !== "over" && large !== "over" && large <= 5 * small,
            `${source}: ${small} steps at 40 characters, ${large} at 160`,
          );
        }
      }),
      { seed: SEED, numRuns: Math.min(RUNS, 150) },
    );
    assert.ok(refused > 20 && accepted > 20, `too few of a kind: ${refused} refused, ${accepted} accepted`);
    console.log(
      `hostile patterns: ${refused + accepted} generated patterns, ${accepted} accepted and linear in counted steps on 4 pumped texts, ${refused} refused`,
    );
  },
);

patterns(
  "mcpValidator compiles an MCP server's schemas as untrusted: an exponential output pattern refuses that tool's results, at once",
  () => {
    const validate = mcpValidator().getValidator({
      type: "object",
      properties: { email: { type: "string", pattern: CRAFTED_93() } },
    });
    const result = validate({ email: "a".repeat(50) + "!" });
    assert.is(result.valid, false);
    assert.match(
      String(result.errorMessage),
      /is refused for an untrusted schema: some input makes the search try more than 256 ways/,
    );
    const trusting = mcpValidator({ untrusted: undefined }).getValidator({ type: "string", pattern: "^(a+)+$" });
    assert.is(trusting("aaa").valid, true);
  },
);

const sizes = suite("hostile schemas: too deep, too large, looping: a SchemaError in bounded time and memory");

/** The JS heap, where the runtime tells (Node, Deno, Bun). */
const heapUsed = () => {
  const g = globalThis as {
    Deno?: { memoryUsage?: () => { heapUsed: number } };
    process?: { memoryUsage?: () => { heapUsed: number } };
  };
  return g.Deno?.memoryUsage?.().heapUsed ?? g.process?.memoryUsage?.().heapUsed;
};

sizes("a schema nested 100,000 deep is refused before anything recurses; 500 deep compiles on both paths", () => {
  let deep: object = { type: "string" };
  for (let i = 0; i < 100_000; i++) deep = { type: "array", items: deep };
  const before = heapUsed();
  for (const mode of MODES)
    assert.match(
      refusal(() => compile(deep, { eval: mode === "eval" })),
      /the schema nests deeper than 512 levels/,
    );
  const grew = before === undefined ? undefined : heapUsed()! - before;
  if (grew !== undefined) assert.ok(grew < 64 << 20, `${grew} bytes to refuse it`);
  let ok: object = { type: "integer" };
  let value: unknown = 1;
  for (let i = 0; i < 500; i++) {
    ok = { type: "array", items: ok };
    value = [value];
  }
  for (const guard of guards(ok)) assert.ok(guard(value));
  console.log(
    `hostile schemas: a 100,000-deep schema refused (heap ${grew === undefined ? "not measurable here" : `+${(grew / (1 << 20)).toFixed(1)} MB`}), a 500-deep one compiled`,
  );
});

sizes("an untrusted schema with a million properties is refused; so is a chain of 100,000 $refs", () => {
  const count = isBrowser ? 200_000 : 1_000_000; // a browser tab's memory is smaller: past the limit all the same
  const properties: Record<string, object> = {};
  for (let i = 0; i < count; i++) properties[`p${i}`] = { type: "integer" };
  assert.match(
    refusal(() => compile({ type: "object", properties }, { untrusted: UNTRUSTED })),
    /holds more than 100000 properties and items/,
  );
  const $defs: Record<string, object> = {};
  for (let i = 0; i < 100_000; i++) $defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
  $defs.d100000 = { type: "string" };
  assert.match(
    refusal(() => compile({ $defs, $ref: "#/$defs/d0" }, { untrusted: UNTRUSTED })),
    /holds more than 100000/,
  );
  console.log(
    `hostile schemas: ${count.toLocaleString("en")} properties and a 100,000-$ref chain refused as untrusted`,
  );
});

sizes("$ref loops that never enter a value, and a schema that contains itself, are refused by name", () => {
  const loops: object[] = [
    { $ref: "#" },
    { $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } }, $ref: "#/$defs/a" },
    { anyOf: [{ $ref: "#" }, { type: "string" }] },
    { allOf: [{ $ref: "#/$defs/x" }], $defs: { x: { not: { $ref: "#" } } } },
  ];
  for (const schema of loops)
    for (const option of [undefined, UNTRUSTED])
      assert.match(
        refusal(() => compile(schema, { untrusted: option })),
        /\$ref/,
      );
  const self: Record<string, unknown> = { type: "object" };
  self.properties = { me: self };
  assert.match(
    refusal(() => compile(self)),
    /contains itself|comes back/,
  );
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

depth(
  "both paths give the same verdict and the same errors at every depth, and refuse past 500 levels as too_deep",
  () => {
    const [first, ...others] = guards(TWENTY);
    for (const d of [0, 20, 240, 500, 511, 512, 513, 519, 520, 521, 1000, 4000, 5000, 5200, 100_000]) {
      const value = nest(d);
      const verdict = first!(value);
      const codes = first!.errors(value).map((i) => i.code);
      for (const other of others) {
        assert.is(other(value), verdict, `depth ${d}`);
        assert.equal(
          other.errors(value).map((i) => i.code),
          codes,
          `depth ${d}`,
        );
      }
      if (d >= 520)
        assert.equal(
          first!.errors(value).at(-1),
          {
            code: "too_deep",
            path: "",
            message: "Value is nested too deeply to check (more than 500 levels)",
            expected: "500",
          } as never,
          `depth ${d}`,
        );
      else assert.is(verdict, d % 20 === 0, `depth ${d}`); // short of the limit: the schema's own verdict
    }
  },
);

depth("property: random recursive values, both paths agree", () => {
  const schema = {
    $defs: {
      t: {
        type: "object",
        properties: { v: { type: "integer" }, kids: { type: "array", items: { $ref: "#/$defs/t" } } },
        required: ["v"],
      },
    },
    $ref: "#/$defs/t",
  };
  const gs = guards(schema);
  let cases = 0;
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 600 }), fc.boolean(), (d, bad) => {
      cases++;
      let v: unknown = { v: bad ? "x" : 1, kids: [] };
      for (let i = 0; i < d; i++) v = { v: i, kids: [v] };
      const verdicts = gs.map((g) => g(v));
      assert.ok(
        verdicts.every((x) => x === verdicts[0]),
        `depth ${d}`,
      );
      assert.is(verdicts[0], !bad && 2 * d + 1 <= 512, `depth ${d}`); // each level is an object and an array
    }),
    { seed: SEED + 1, numRuns: Math.min(RUNS, 300) },
  );
  console.log(`depth rule: ${cases} random recursive values, both paths agreed`);
});

depth(
  "the $ref limit scales with the levels one $ref enters, and a value deeper where no $ref reads it is checked as usual",
  () => {
    const tooDeep = (schema: object, value: unknown) =>
      guards(schema).map((g) => g.errors(value).find((i) => i.code === "too_deep")?.expected ?? "none");
    const list = { type: "array", items: { $ref: "#" } }; // one level a $ref: 256 $refs
    assert.equal(
      tooDeep(list, nest(256)),
      guards(list).map(() => "none"),
    );
    assert.equal(
      tooDeep(list, nest(257)),
      guards(list).map(() => "256"),
    );
    const tree = {
      $defs: { T: { type: "object", properties: { kids: { type: "array", items: { $ref: "#/$defs/T" } } } } },
      $ref: "#/$defs/T",
    };
    let node: unknown = {};
    for (let i = 0; i < 300; i++) node = { kids: [node] };
    assert.equal(
      tooDeep(tree, node),
      guards(tree).map(() => "512"),
    ); // two levels a $ref: 256 $refs, 512 levels
    // A free-form property holds 100,000 levels that no $ref follows: nothing refuses them, on either path.
    const withMeta = {
      $defs: { T: { type: "object", properties: { meta: {}, kids: { type: "array", items: { $ref: "#/$defs/T" } } } } },
      $ref: "#/$defs/T",
    };
    for (const guard of guards(withMeta)) {
      assert.ok(guard({ meta: nest(100_000), kids: [{ meta: nest(100_000), kids: [] }] }), guard.mode);
      assert.equal(
        guard.errors({ meta: nest(100_000), kids: [{ kids: 1 }] }).map((i) => [i.code, i.path]),
        [["type", "/kids/0/kids"]],
        guard.mode,
      );
    }
  },
);

depth("uniqueItems compares items at any depth without recursion, on both paths", () => {
  const gs = guards({ type: "array", uniqueItems: true });
  for (const guard of gs) {
    assert.ok(guard([nest(510, 1), nest(510, 2)]), "distinct deep items");
    assert.not.ok(guard([nest(510, 1), nest(510, 1)]), "equal deep items");
    assert.equal(
      guard.errors([nest(510, 1), nest(510, 1)]).map((i) => i.code),
      ["unique_items"],
    );
    // No `$ref` follows these values down, so no depth limit applies: 100,000 levels are compared in a loop.
    assert.ok(guard([nest(100_000, 1), nest(100_000, 2)]));
    assert.equal(
      guard.errors([nest(100_000, 1), nest(100_000, 1), 2]).map((i) => i.code),
      ["unique_items"],
    );
    assert.not.ok(guard([{ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] }, { b: 2, a: 1 }, { a: 1, b: 2 }]));
  }
});

patterns.run();
sizes.run();
depth.run();
