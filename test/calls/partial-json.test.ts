// createPartialJSONParser: streamed JSON text, any chunking. Once done, value() must equal JSON.parse(text);
// at every point before, it must be a prefix-state of the final value (see prefixOf) and never an error.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { collector } from "../support/gc.js";
import fc from "fast-check";
import { createPartialJSONParser, type PartialJSONParser } from "tooltype";

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
const RUNS = Number(env?.TOOLTYPE_PROPERTY_RUNS) || 300;
const SEED = Number(env?.TOOLTYPE_PROPERTY_SEED) || 20261122;

const s = suite("partial JSON parser");

// ---- helpers ------------------------------------------------------------------------------------------------

function parse(chunks: readonly string[]): PartialJSONParser {
  const p = createPartialJSONParser();
  for (const chunk of chunks) p.push(chunk);
  return p;
}

const chars = (text: string) => text.split("");

/** Deep equality that tells -0 from 0, wants plain prototypes and counts own `__proto__` keys. */
function same(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a),
    kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>,
    rb = b as Record<string, unknown>;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same(ra[k], rb[k]));
}

/**
 * Whether `p` is a state that `f` can grow into: a string prefix, an array whose items are final but the
 * last, an object whose members are final but at most one, numbers and literals only as they finally are.
 */
function prefixOf(p: unknown, f: unknown): boolean {
  if (typeof f === "string") return typeof p === "string" && f.startsWith(p);
  if (f === null || typeof f !== "object") return Object.is(p, f);
  if (Array.isArray(f)) {
    if (!Array.isArray(p) || p.length > f.length) return false;
    return p.every((x, i) => (i === p.length - 1 ? prefixOf(x, f[i]) : same(x, f[i])));
  }
  if (p === null || typeof p !== "object" || Array.isArray(p) || Object.getPrototypeOf(p) !== Object.prototype)
    return false;
  let open = 0;
  for (const k of Object.keys(p)) {
    const pv = (p as Record<string, unknown>)[k],
      fv = (f as Record<string, unknown>)[k];
    if (!Object.prototype.hasOwnProperty.call(f, k) || !prefixOf(pv, fv)) return false;
    if (!same(pv, fv)) open++;
  }
  return open <= 1;
}

/** A deep copy keeping -0 and own `__proto__` keys. */
function copy(v: unknown): unknown {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(copy);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v))
    Object.defineProperty(out, k, { value: copy(x), writable: true, enumerable: true, configurable: true });
  return out;
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Closes an open string and open brackets, as a naive scanner sees them. */
function closers(text: string): string {
  const open: string[] = [];
  let inString = false,
    escaped = false;
  for (const ch of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{" || ch === "[") open.push(ch === "{" ? "}" : "]");
    else if (ch === "}" || ch === "]") open.pop();
  }
  return (inString ? '"' : "") + open.reverse().join("");
}

const FINISH = ["", "n", "0", "00", "000", "0000", "rue", "ue", "e", "alse", "lse", "se", "ull", "ll", "l"];
const THEN = ["", "0", '"', ":0", '":0', '"k":0'];

/** An oracle independent of the parser: can `text` still become JSON? Tries every way a prefix can stop. */
function viable(text: string): boolean {
  for (const a of FINISH) {
    for (const b of THEN) {
      const t = text + a + b;
      if (tryParse(t + closers(t)).ok) return true;
    }
  }
  return false;
}

/** A small seeded generator, so one fast-check integer drives many choices. */
function random(seed: number): (n: number) => number {
  let x = seed | 0;
  return (n) => {
    x = (x + 0x6d2b79f5) | 0;
    let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

const SPACES = [" ", "\n", "\t", "\r\n", "  "];
const SHORT: Record<string, string> = {
  '"': '\\"',
  "\\": "\\\\",
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

/** JSON text for `v` with random whitespace between tokens and random escapes (\/, \uXXXX in either case). */
function serialize(v: unknown, r: (n: number) => number): string {
  const ws = () => (r(3) === 0 ? SPACES[r(SPACES.length)]! : "");
  const str = (text: string) => {
    let out = '"';
    for (const ch of text.split("")) {
      const code = ch.charCodeAt(0);
      const u = () => {
        const h = code.toString(16).padStart(4, "0");
        return "\\u" + (r(2) ? h : h.toUpperCase());
      };
      if (SHORT[ch] !== undefined) out += r(4) ? SHORT[ch] : u();
      else if (code < 32) out += u();
      else if (ch === "/") out += r(2) ? "/" : "\\/";
      else out += r(8) ? ch : u();
    }
    return out + '"';
  };
  const value = (x: unknown): string => {
    if (typeof x === "string") return str(x);
    if (x === null || typeof x !== "object") return JSON.stringify(x);
    if (Array.isArray(x)) return "[" + ws() + x.map((i) => value(i) + ws()).join("," + ws()) + "]";
    const members = Object.entries(x).map(([k, i]) => str(k) + ws() + ":" + ws() + value(i) + ws());
    return "{" + ws() + members.join("," + ws()) + "}";
  };
  return ws() + value(v) + ws();
}

/** Splits text at the given points (taken modulo its length; repeats make empty chunks), or into characters. */
function split(text: string, cuts: number[] | "chars"): string[] {
  if (cuts === "chars") return chars(text);
  const at = cuts.map((c) => c % (text.length + 1)).sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const c of at) {
    out.push(text.slice(from, c));
    from = c;
  }
  out.push(text.slice(from));
  return out;
}

const chunking = fc.oneof(fc.constant("chars" as const), fc.array(fc.nat(), { maxLength: 30 }));
const stringUnit = fc.constantFrom("grapheme-ascii", "grapheme", "binary") as fc.Arbitrary<
  "grapheme-ascii" | "grapheme" | "binary"
>;
const jsonText = fc.oneof(
  fc.json(),
  stringUnit.chain((unit) => fc.json({ stringUnit: unit })),
  fc
    .tuple(
      stringUnit.chain((unit) => fc.jsonValue({ stringUnit: unit })),
      fc.integer(),
    )
    .map(([v, seed]) => serialize(v, random(seed))),
);

// ---- streaming ----------------------------------------------------------------------------------------------

s("undefined before a value starts; whitespace alone is neither done nor an error", () => {
  const p = createPartialJSONParser();
  assert.is(p.value(), undefined);
  p.push(" \n\t\r ");
  assert.is(p.value(), undefined);
  assert.is(p.done, false);
  assert.is(p.error, undefined);
});

s("a streamed object shows open strings, leaves out keys whose value has not started", () => {
  const p = createPartialJSONParser();
  const steps: [string, unknown][] = [
    ['{"city"', {}],
    [": ", {}],
    ['"Pa', { city: "Pa" }],
    ['ris", "days": ', { city: "Paris" }],
    ["1", { city: "Paris" }],
    ["4, ", { city: "Paris", days: 14 }],
    ['"tags": [', { city: "Paris", days: 14, tags: [] }],
    ['"a", tr', { city: "Paris", days: 14, tags: ["a"] }],
    ["ue, {", { city: "Paris", days: 14, tags: ["a", true, {}] }],
    ['"x": null}]}', { city: "Paris", days: 14, tags: ["a", true, { x: null }] }],
  ];
  for (const [chunk, expected] of steps) {
    p.push(chunk);
    assert.equal(p.value(), expected, `after ${JSON.stringify(p.text())}`);
    assert.is(p.error, undefined);
  }
  assert.ok(p.done);
  assert.is(p.text(), '{"city": "Paris", "days": 14, "tags": ["a", true, {"x": null}]}');
});

s("numbers show only once a character after them has arrived", () => {
  const p = parse(["[1", "2"]);
  assert.equal(p.value(), []);
  p.push("]");
  assert.equal(p.value(), [12]);
  const q = parse(["-", "0", ".", "5", "e", "-", "3"]);
  assert.is(q.value(), undefined);
  assert.is(q.done, false);
  q.push("\n");
  assert.is(q.value(), -0.0005);
  assert.ok(q.done);
});

s("a bare top-level number is done only after trailing whitespace", () => {
  const p = parse(["42"]);
  assert.is(p.done, false);
  assert.is(p.value(), undefined);
  p.push(" ");
  assert.ok(p.done);
  assert.is(p.value(), 42);
});

s("literals show only when complete", () => {
  const p = parse(['{"a": nu']);
  assert.equal(p.value(), {});
  p.push('ll, "b": fals');
  assert.equal(p.value(), { a: null });
  p.push("e}");
  assert.equal(p.value(), { a: null, b: false });
  assert.ok(p.done);
});

s("value() is a live view: the same objects fill in as pushes arrive", () => {
  const p = parse(['{"list": [{"a": 1}']);
  const v = p.value() as { list: unknown[] };
  const list = v.list;
  p.push(', {"b": "x');
  p.push('y"}]}');
  assert.is(p.value(), v);
  assert.is(v.list, list);
  assert.equal(v, { list: [{ a: 1 }, { b: "xy" }] });
});

s("a top-level string streams too", () => {
  const p = parse(['"ab', "c"]);
  assert.is(p.value(), "abc");
  assert.not.ok(p.done);
  p.push('"  ');
  assert.is(p.value(), "abc");
  assert.ok(p.done);
});

s("empty chunks change nothing", () => {
  const p = parse(["", '{"a"', "", ":", "", "[]", "", "}", ""]);
  assert.equal(p.value(), { a: [] });
  assert.ok(p.done);
});

s("push takes strings only", () => {
  assert.throws(
    () => createPartialJSONParser().push(1 as unknown as string),
    (e: unknown) => e instanceof TypeError,
  );
});

// ---- strings and escapes ------------------------------------------------------------------------------------

s("every escape, split at every point", () => {
  const text = '"q\\"b\\\\s\\/b\\bf\\fn\\nr\\rt\\tu\\u00e9\\u00E9\\uABCD end"';
  const expected = JSON.parse(text);
  for (let cut = 0; cut <= text.length; cut++) {
    const p = parse([text.slice(0, cut), text.slice(cut)]);
    assert.is(p.value(), expected);
    const mid = parse([text.slice(0, cut)]);
    assert.ok(typeof mid.value() === "string" || (cut === 0 && mid.value() === undefined));
    if (cut) assert.ok(expected.startsWith(mid.value() as string), `prefix at ${cut}`);
  }
  assert.is(parse(chars(text)).value(), expected);
});

s("surrogate pairs split anywhere: escaped, raw and mixed; no half pair is shown while the string is open", () => {
  for (const text of [
    '"a\\ud83d\\ude00b"',
    '"a\\uD83D\\uDE00"',
    '"a\u{1F600}b"',
    '"a\ud83d\\ude00"',
    '"\\ud83d\ude00"',
  ]) {
    const expected = JSON.parse(text) as string;
    for (let cut = 0; cut <= text.length; cut++) {
      const p = parse([text.slice(0, cut)]);
      const shown = p.value();
      if (typeof shown === "string") {
        assert.ok(expected.startsWith(shown), `${text} cut at ${cut}`);
        const last = shown.charCodeAt(shown.length - 1);
        assert.not.ok(last >= 0xd800 && last <= 0xdbff, `half pair shown: ${text} cut at ${cut}`);
      }
      p.push(text.slice(cut));
      assert.is(p.value(), expected);
    }
  }
});

s("lone surrogates come through as JSON.parse gives them", () => {
  for (const text of ['"\\ud800"', '"\\udc00x"', '"x\\ud800\\ud800"', '["\\ud83d", 1]', '"\ud800"']) {
    assert.ok(same(parse(chars(text)).value(), JSON.parse(text)), text);
    assert.ok(same(parse([text]).value(), JSON.parse(text)), text);
  }
  assert.is(parse(['"a\\ud83d', '"']).value(), "a\ud83d"); // a held-back half is released at the closing quote
});

s("raw non-ASCII and long strings", () => {
  const long = "x".repeat(10_000) + "é😀\u2028";
  const text = JSON.stringify({ [long]: long });
  assert.equal(parse(chars(text)).value(), { [long]: long });
});

// ---- numbers ------------------------------------------------------------------------------------------------

s("numbers are the doubles JSON.parse gives", () => {
  const texts = [
    "-0",
    "0",
    "-0.0",
    "1e-7",
    "1E+2",
    "1e2",
    "0.5e-10",
    "-12.5E3",
    "123456789012345678901234567890",
    "9007199254740993",
    "1e400",
    "-1e400",
    "4.9e-324",
    "1e-400",
    "2.2250738585072011e-308",
    "0.1",
    "100",
  ];
  for (const text of texts) {
    const p = parse([...chars(text), " "]);
    assert.ok(Object.is(p.value(), JSON.parse(text)), text);
    assert.ok(Object.is((parse(["[", text, "]"]).value() as unknown[])[0], JSON.parse(text)), text);
  }
});

s("property: number texts of every shape", () => {
  const digits = (min: number) =>
    fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: 25 }).map((d) => d.join(""));
  const numberText = fc
    .tuple(
      fc.boolean(),
      fc.oneof(
        fc.constant("0"),
        fc.tuple(fc.constantFrom(..."123456789"), digits(0)).map(([a, b]) => a + b),
      ),
      fc.option(digits(1)),
      fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), digits(1))),
    )
    .map(
      ([minus, int, frac, exp]) =>
        (minus ? "-" : "") + int + (frac === null ? "" : "." + frac) + (exp === null ? "" : exp.join("")),
    );
  fc.assert(
    fc.property(numberText, chunking, (text, cuts) => {
      const p = parse([...split(text, cuts), "]"].map((c, i) => (i === 0 ? "[" + c : c)));
      assert.ok(Object.is((p.value() as unknown[])[0], JSON.parse(text)), text);
      assert.ok(p.done);
    }),
    { numRuns: RUNS, seed: SEED, includeErrorInReport: true },
  );
});

// ---- objects ------------------------------------------------------------------------------------------------

s("__proto__ keys become own properties, as with JSON.parse", () => {
  const text = '{"__proto__": {"polluted": true}, "a": {"__proto__": "x"}}';
  for (const chunks of [[text], chars(text)]) {
    const v = parse(chunks).value() as Record<string, unknown>;
    assert.ok(same(v, JSON.parse(text)));
    assert.is(Object.getPrototypeOf(v), Object.prototype);
    assert.ok(Object.prototype.hasOwnProperty.call(v, "__proto__"));
    assert.is((v.a as Record<string, unknown>).__proto__, "x");
    assert.is(({} as Record<string, unknown>).polluted, undefined);
  }
  const p = parse(['{"__proto__": "ab']); // an open string under __proto__ streams like any other
  p.push('c"}');
  assert.ok(same(p.value(), JSON.parse('{"__proto__": "abc"}')));
});

s("duplicate keys: the last one wins, as with JSON.parse", () => {
  const text = '{"a": 1, "b": 2, "a": [3]}';
  assert.ok(same(parse(chars(text)).value(), JSON.parse(text)));
});

s("nesting 100,000 deep needs no recursion (with maxDepth raised)", () => {
  const depth = 100_000;
  const p = createPartialJSONParser({ maxDepth: depth });
  p.push("[".repeat(depth));
  p.push("]".repeat(depth));
  assert.ok(p.done);
  let v = p.value();
  for (let d = 1; d < depth; d++) v = (v as unknown[])[0];
  assert.equal(v, []);
  const q = createPartialJSONParser({ maxDepth: 10_000 });
  for (let d = 0; d < 10_000; d++) q.push('{"k":');
  q.push("1");
  for (let d = 0; d < 10_000; d++) q.push("}");
  assert.ok(q.done);
  let w = q.value();
  for (let d = 0; d < 10_000; d++) w = (w as { k: unknown }).k;
  assert.is(w, 1);
});

// ---- errors -------------------------------------------------------------------------------------------------

const INVALID: [string, number][] = [
  ['{"a": tru}', 9],
  ['{"a" 1}', 5],
  ["[1,,2]", 3],
  ["{} x", 3],
  ["[1] ]", 4],
  ["[1,]", 3],
  ['{"a":1,}', 7],
  ["{a:1}", 1],
  ["{,}", 1],
  ["[1 2]", 3],
  ['{"a":1 "b":2}', 7],
  ["[}", 1],
  ['{"a":1]', 6],
  ["01", 1],
  ["[-]", 2],
  ["[1.]", 3],
  ["[1.e5]", 3],
  ["[1e]", 3],
  ["[1e+]", 4],
  ["[.5]", 1],
  ["[+1]", 1],
  ["[1x]", 2],
  ["[NaN]", 1],
  ["[Infinity]", 1],
  ["nul1", 3],
  ["truex", 4],
  ['"\\x"', 2],
  ['"\\u12g4"', 5],
  ['"a\nb"', 2],
  ['"\u0000"', 1],
  ["\u00a0[]", 0],
  ["\ufeff[]", 0],
  ["'a'", 0],
  ['{"a":1}{}', 7],
];

s("invalid text: an error at the offending character, whole or char by char", () => {
  for (const [text, position] of INVALID) {
    assert.throws(() => JSON.parse(text), undefined, `JSON.parse accepts ${text}`);
    for (const chunks of [[text], chars(text)]) {
      const p = parse(chunks);
      assert.ok(p.error, `no error for ${JSON.stringify(text)}`);
      assert.is(p.error!.position, position, `${JSON.stringify(text)}: ${p.error!.message}`);
      assert.is(typeof p.error!.message, "string");
      assert.is(p.done, false);
    }
  }
});

s("error messages name what was expected", () => {
  assert.equal(parse(['{"a" 1}']).error, { message: "Expected ':' after property name, found '1'", position: 5 });
  assert.equal(parse(['{"a": tru}']).error, { message: "Unexpected '}', expected 'true'", position: 9 });
  assert.equal(parse(["[1,,2]"]).error, { message: "Unexpected ',', expected a value", position: 3 });
  assert.equal(parse(["{} x"]).error, { message: "Unexpected 'x' after the end of the JSON value", position: 3 });
});

s("after an error, pushes are recorded but ignored and value() keeps what was read", () => {
  const p = parse(['{"a": [1, "xy', '\u0001", 2]}']);
  assert.equal(p.error, { message: "Unescaped control character U+0001 in string", position: 13 });
  assert.equal(p.value(), { a: [1, "xy"] });
  p.push(', "b": 3}');
  assert.equal(p.value(), { a: [1, "xy"] });
  assert.is(p.text(), '{"a": [1, "xy\u0001", 2]}, "b": 3}');
  assert.is(p.error!.position, 13);
});

s("text that merely stops early is not an error", () => {
  for (const text of ['{"a": [1, {"b": "c\\u00', '{"a', "[tr", "-", "1.", "1e+", '"\\', '{"a": 1,']) {
    const p = parse([text]);
    assert.is(p.error, undefined, text);
    assert.is(p.done, false, text);
  }
});

// ---- properties ---------------------------------------------------------------------------------------------

s("property: any JSON text in any chunking ends equal to JSON.parse, every state on the way a prefix of it", () => {
  fc.assert(
    fc.property(jsonText, chunking, (text, cuts) => {
      const final = JSON.parse(text);
      const p = createPartialJSONParser();
      let seen = "";
      let before: unknown;
      for (const chunk of split(text, cuts)) {
        p.push(chunk);
        seen += chunk;
        const v = p.value();
        assert.is(p.error, undefined);
        if (v !== undefined)
          assert.ok(prefixOf(v, final), `not a prefix state after ${JSON.stringify(seen)}: ${JSON.stringify(v)}`);
        if (before !== undefined) assert.ok(prefixOf(before, v), `went back after ${JSON.stringify(seen)}`);
        const parsed = tryParse(seen);
        if (p.done) assert.ok(parsed.ok && same(v, parsed.value), `done early at ${JSON.stringify(seen)}`);
        else if (parsed.ok)
          assert.ok(typeof parsed.value === "number" && /[0-9]$/.test(seen), `not done at ${JSON.stringify(seen)}`);
        before = copy(v);
      }
      assert.is(p.text(), text);
      if (!p.done) p.push(" "); // a bare number ends with the whitespace after it
      assert.ok(p.done);
      assert.ok(same(p.value(), final), `${JSON.stringify(p.value())} != ${text}`);
    }),
    { numRuns: RUNS, seed: SEED + 1, includeErrorInReport: true },
  );
});

s("property: edited JSON text: an error exactly where the text stops being a prefix of any JSON", () => {
  const edit = fc.tuple(
    fc.nat(),
    fc.nat(),
    fc.constantFrom(...'{}[]",: 0123456789-+.eEtrufalsn\\/u\u0001x'),
    fc.constantFrom("insert", "delete", "replace"),
  );
  fc.assert(
    fc.property(jsonText, fc.array(edit, { minLength: 1, maxLength: 3 }), chunking, (valid, edits, cuts) => {
      let text = valid;
      for (const [at, , ch, op] of edits) {
        const i = at % (text.length + 1);
        text = text.slice(0, i) + (op === "delete" ? "" : ch) + text.slice(op === "insert" ? i : i + 1);
      }
      const p = parse(split(text, cuts));
      if (p.error) {
        const k = p.error.position;
        assert.ok(viable(text.slice(0, k)), `error at ${k} too early in ${JSON.stringify(text)}: ${p.error.message}`);
        assert.not.ok(
          viable(text.slice(0, k + 1)),
          `error at ${k} too late in ${JSON.stringify(text)}: ${p.error.message}`,
        );
      } else {
        assert.ok(viable(text), `no error in ${JSON.stringify(text)}`);
        const parsed = tryParse(text);
        if (p.done) assert.ok(parsed.ok && same(p.value(), parsed.value), `done on ${JSON.stringify(text)}`);
        else if (parsed.ok) assert.ok(typeof parsed.value === "number", `not done on ${JSON.stringify(text)}`);
      }
    }),
    { numRuns: RUNS, seed: SEED + 2, includeErrorInReport: true },
  );
});

// ---- size ---------------------------------------------------------------------------------------------------

s("1 MB of arguments in 1,000 chunks, value() after each (a bench times it; this only checks the result)", () => {
  const code = "const s = \"tab\\there\";\n\tif (a < b) { return '\u00e9'; }\n".repeat(20_000).slice(0, 1_000_000);
  const n = Array.from({ length: 20_000 }, (_, i) => i * 7 - 3);
  const text = JSON.stringify({ code, n });
  const size = Math.ceil(text.length / 1000);
  const p = createPartialJSONParser();
  let last: unknown;
  for (let i = 0; i < text.length; i += size) {
    p.push(text.slice(i, i + size));
    last = p.value();
  }
  assert.ok(p.done);
  assert.equal(last, { code, n });
});

s.run();

// ---- hostile input: work counted, memory measured (never timed: nothing here depends on the machine's speed) --

const hostile = suite("partial JSON parser: hostile input stays linear in work and memory");
const isBrowser = typeof (globalThis as { document?: unknown }).document === "object";

/**
 * Calls of `String.prototype.charCodeAt` and `slice` while `run` runs: every character the parser reads
 * goes through one of them, so the count is the parser's work, the same on every machine.
 */
function work(run: () => void): number {
  const proto = String.prototype as { charCodeAt: (i: number) => number; slice: (a?: number, b?: number) => string };
  const { charCodeAt, slice } = proto;
  let count = 0;
  proto.charCodeAt = function (this: string, i: number) {
    count++;
    return charCodeAt.call(this, i);
  };
  proto.slice = function (this: string, a?: number, b?: number) {
    count++;
    return slice.call(this, a, b);
  };
  try {
    run();
  } finally {
    proto.charCodeAt = charCodeAt;
    proto.slice = slice;
  }
  return count;
}

/** The JS heap in use, where the runtime tells (Node, Deno, Bun); undefined in browsers. */
function heapUsed(): number | undefined {
  const g = globalThis as {
    Deno?: { memoryUsage?: () => { heapUsed: number } };
    process?: { memoryUsage?: () => { heapUsed: number } };
  };
  return g.Deno?.memoryUsage?.().heapUsed ?? g.process?.memoryUsage?.().heapUsed;
}

/** Hostile texts of about `n` characters, each with how it is pushed (chunk size) and read (`value()` after each push or not). */
const HOSTILE: [string, (n: number) => string, number][] = [
  ["'[' in one push", (n) => "[".repeat(n), Infinity],
  ["'[' one per push", (n) => "[".repeat(n), 1],
  ["open objects", (n) => '{"a":'.repeat(n / 5), 7],
  ["an open string, one character per push", (n) => '"' + "x".repeat(n), 1],
  ["escapes split between pushes", (n) => '"' + "\\u00e9\\n".repeat(n / 8), 3],
  ["surrogate pairs split between pushes", (n) => '"' + "😀".repeat(n / 2), 3],
  ["one long number", (n) => "1".repeat(n), 5],
  ["a long array of numbers", (n) => "[" + "1,".repeat(n / 2), 11],
  ["an error early, then more text", (n) => "[1 2" + "x".repeat(n), 13],
];

hostile(
  "work grows linearly: 4 times the text costs at most 4.2 times the reads, and at most 6 reads a character",
  () => {
    const n = 50_000; // and 200,000: every read goes through a wrapper, so the sizes are kept modest
    const rows: string[] = [];
    for (const [name, make, size] of HOSTILE) {
      const cost = (length: number) => {
        const text = make(length);
        return (
          work(() => {
            const p = createPartialJSONParser();
            if (size === Infinity) p.push(text);
            else
              for (let i = 0; i < text.length; i += size) {
                p.push(text.slice(i, i + size));
                p.value();
              }
          }) - (size === Infinity ? 0 : Math.ceil(text.length / size))
        ); // the test's own slicing
      };
      const small = cost(n);
      const large = cost(4 * n);
      rows.push(`${name}: ${small} and ${large} reads`);
      assert.ok(large <= 4.2 * small, `${name}: ${small} reads for ${n} characters, ${large} for ${4 * n}`);
      assert.ok(large <= 6 * 4 * n, `${name}: ${large} reads for ${4 * n} characters`);
    }
    console.log(
      `fuzz partial JSON: ${HOSTILE.length} hostile shapes at ${n} and ${4 * n} characters, work linear (${rows.join("; ")})`,
    );
  },
);

const measured = heapUsed() === undefined ? hostile.skip : hostile;

measured(
  "memory: 12 MB of '[' is refused at 1,000 levels, keeping under 1 MB; a 100 MB string at most 3 bytes a character",
  async () => {
    const gc = await collector();
    if (!gc) {
      console.log(
        "fuzz partial JSON: memory not measured here (no way to collect garbage first: a figure would count garbage)",
      );
      return;
    }
    const brackets = "[".repeat(12 << 20); // made (and flattened, by reading it) before measuring: the parser keeps the text it is given
    assert.is(brackets.charCodeAt(12 << 19), 91);
    gc();
    const before = heapUsed()!;
    const p = createPartialJSONParser();
    p.push(brackets);
    gc();
    const deep = heapUsed()! - before;
    assert.match(p.error!.message, /nests deeper than 1000 levels/);
    assert.is(p.error!.position, 1000);
    assert.ok(deep <= 1 << 20, `${deep} bytes kept for 12 MB of '['`); // before the limit: about 200 bytes a '[', 2.5 GB
    const mb = 1 << 20;
    const q = createPartialJSONParser();
    gc();
    const start = heapUsed()!;
    q.push('{"code": "');
    for (let i = 0; i < 100; i++) q.push(String.fromCharCode(97 + (i % 26)).repeat(mb));
    q.push('"}');
    const text = (q.value() as { code: string }).code;
    assert.is(text.length, 100 * mb);
    assert.is(text.charCodeAt(99 * mb), 97 + (99 % 26)); // reading it flattens the string once
    gc();
    const big = heapUsed()! - start;
    assert.ok(q.done);
    assert.ok(big <= 3 * 100 * mb, `${big} bytes for a 100 MB string`);
    console.log(
      `fuzz partial JSON: memory measured, ${(deep / 1e3).toFixed(0)} kB kept for 12 MB of '[' (refused at 1,000 levels), ${(big / (100 * mb)).toFixed(2)} bytes a character for a 100 MB string`,
    );
  },
);

hostile(
  "depth: 1,000 levels parse, one more is an error naming the limit and where; pushes after it are not parsed (reads counted)",
  () => {
    const ok = createPartialJSONParser();
    ok.push("[".repeat(1000) + "]".repeat(1000));
    assert.ok(ok.done);
    const mixed = createPartialJSONParser();
    mixed.push('{"a":'.repeat(999) + "[");
    assert.not.ok(mixed.error);
    mixed.push("{");
    assert.equal(mixed.error, {
      message: "The value nests deeper than 1000 levels of objects and arrays",
      position: 999 * 5 + 1,
    });
    const small = createPartialJSONParser({ maxDepth: 3 });
    small.push('{"a": [[1]], "b": [[[');
    assert.match(small.error!.message, /deeper than 3 levels/);
    assert.equal(small.value(), { a: [[1]], b: [[]] });
    // After the error, a megabyte a push more costs no reads at all: the text is kept, not parsed.
    const chunk = "[".repeat(1 << 20);
    const reads = work(() => {
      for (let i = 0; i < 12; i++) small.push(chunk);
    });
    assert.is(reads, 0);
    assert.throws(
      () => createPartialJSONParser({ maxDepth: 0 }),
      /maxDepth must be a whole number, 1 or more, received 0/,
    );
  },
);

const inBrowser = isBrowser ? hostile : hostile.skip;

inBrowser("in a browser (no memory reading): a 16 MB string streams whole, 12 MB of '[' is refused", () => {
  // Browsers expose no exact heap size to a page, and a tab's memory is smaller: the sizes are cut, and only work is counted above.
  const q = createPartialJSONParser();
  q.push('"');
  for (let i = 0; i < 16; i++) q.push("y".repeat(1 << 20));
  q.push('"');
  assert.ok(q.done);
  assert.is((q.value() as string).length, 16 << 20);
  const p = createPartialJSONParser();
  p.push("[".repeat(12 << 20));
  assert.match(p.error!.message, /nests deeper than 1000 levels/);
});

hostile.run();
