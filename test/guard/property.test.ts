/**
 * Differential property test: for generated descriptors and values, both guard paths
 * (`compile(d)`: generated code, `compile(d, { eval: false })`: interpreter, and the guard compiled ahead of time
 * by `guardSource`, as `tooltype compile` and the build plugin write it) must give ajv's verdict
 * on `toJSONSchema(d)` (Ajv2020 + ajv-formats), `guard.errors(v)` must be empty exactly when the
 * guard returns true, and every path must list the interpreter's issues in the same order. Descriptors are built with the public `t` builders only (test/support/arbitraries.ts).
 *
 * Deliberate differences between tooltype and ajv are kept out of the generated data (do not "fix" them):
 * 1. multipleOf: tooltype tolerates binary rounding (19.99 is a multiple of 0.01; ajv says no), and ajv
 *    refuses every quotient >= 1e21 (`q !== parseInt(q)`). Divisors are integers and dyadic fractions
 *    (exact in binary), and values whose quotient is within a few ULPs of a whole number, or >= 1e21,
 *    are skipped (`knownDifference`).
 * 2. contentEncoding "base64" (t.bytes) is checked by tooltype (canonical padded base64) but is only an
 *    annotation in ajv. The ajv below replaces the keyword with an independent oracle: btoa(atob(s)) === s.
 * 3. date-time: tooltype takes "T", "t" or a space between date and time; ajv-formats any whitespace.
 *    Only those three separators are generated. Likewise ajv-formats accepts a leap second with an
 *    out-of-range hour or minute when the offset brings it to 23:59 UTC ("24:59:60+01:00"); RFC 3339
 *    (and tooltype) do not, so such times are not generated.
 *    Offsets: ajv-formats also takes "+05" and "+0530", which are ISO 8601, not RFC 3339 (Date cannot read
 *    them); tooltype requires "Z" or "±hh:mm". They are generated, and the ajv below checks the offset
 *    itself before ajv-formats' time and date-time checks (`rfc3339Offset`).
 * 4. NaN and ±Infinity are not JSON; guards reject them. Never generated.
 * 5. Property names that Object.prototype has (constructor, __proto__, toString...) are read as own
 *    properties by tooltype, as inherited ones by ajv. Never generated (a unit test covers them).
 * 6. Formats: `uri` differs from ajv-formats on purpose and is not generated. Two more differences this
 *    test found are reported, not changed, and not generated either: `uri-reference` (tooltype only
 *    refuses whitespace; ajv-formats follows RFC 3986, so "[" or "%zz" differ) and `regex` (tooltype
 *    compiles with the `u` flag, as it does patterns; ajv-formats without, so "a{" or "\\-" differ).
 *    `email` is generated with a dotted domain and short labels: ajv-formats refuses "a@localhost",
 *    which RFC 5321 (and tooltype) allow, and puts no cap on a label's length. `hostname`: tooltype
 *    follows the JSON Schema Test Suite, which refuses a trailing dot; the ajv below does too. Likewise
 *    `duration` units may not skip one between two given ("PT1H2S"), as RFC 3339 Appendix A writes it.
 *
 * Runs: 500 descriptors per property, up to 12 values each, from a fixed seed so CI is repeatable (about
 * 3 s in Node). In Node, TOOLTYPE_PROPERTY_SEED, TOOLTYPE_PROPERTY_RUNS and TOOLTYPE_PROPERTY_VALUES explore
 * further, and TOOLTYPE_PROPERTY_VERBOSE prints the verdict counts and what was generated.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { allowsEval, compile, t, toJSONSchema, type Descriptor } from "tooltype";
import * as aotModule from "tooltype/aot";
import type { Guard } from "tooltype";
import { guardSource } from "../../src/build/guard-code.js";
import {
  SPEC_KINDS,
  build,
  divisorsOf,
  hasReorderedTwin,
  jsonValue,
  kindsOf,
  knownDifference,
  spec,
  valueFor,
  type Spec,
} from "../support/arbitraries.js";
import { makeAjv } from "../support/ajv-oracle.js";

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
const RUNS = Number(env?.TOOLTYPE_PROPERTY_RUNS) || 500; // descriptors per property
const VALUES = Number(env?.TOOLTYPE_PROPERTY_VALUES) || 12; // values per descriptor (at most)
const SEED = Number(env?.TOOLTYPE_PROPERTY_SEED) || 20261122;

const s = suite("property: guards agree with ajv");

interface Stats {
  valid: number;
  invalid: number;
  skipped: number;
  /** Values holding two deep-equal objects with keys in different orders (uniqueItems must see them equal). */
  twins: number;
  kinds: Map<string, number>;
}

const newStats = (): Stats => ({ valid: 0, invalid: 0, skipped: 0, twins: 0, kinds: new Map() });

/** Checks one descriptor against values; throws, naming schema and value, on any disagreement. */
function agree(ajv: ReturnType<typeof makeAjv>, sp: Spec, values: readonly unknown[], stats: Stats): void {
  const d: Descriptor = build(sp);
  const schema = toJSONSchema(d);
  const validate = ajv.compile(schema);
  const generated = compile(d);
  const interpreted = compile(d, { eval: false });
  // The guard compiled ahead of time (tooltype compile, the build plugin): its code is run here as its module would run it.
  const source = guardSource(d, (name) => `A.${name}`);
  const aot = new Function("A", "schema", `return ${source.call("schema")};`)(
    aotModule,
    source.schema,
  ) as Guard<unknown>;
  if (generated.mode !== "eval" || interpreted.mode !== "interpret")
    throw new Error(`unexpected guard modes ${generated.mode} / ${interpreted.mode}`);
  for (const kind of kindsOf(sp)) stats.kinds.set(kind, (stats.kinds.get(kind) ?? 0) + 1);
  const divisors = divisorsOf(sp);
  for (const value of values) {
    if (knownDifference(value, divisors)) {
      stats.skipped++;
      continue;
    }
    const expected = validate(value);
    const verdicts = { ajv: expected, eval: generated(value), interpret: interpreted(value), aot: aot(value) };
    const errorsEval = generated.errors(value);
    const errorsInterpret = interpreted.errors(value);
    const errorsAot = aot.errors(value);
    const ok =
      verdicts.eval === expected &&
      verdicts.interpret === expected &&
      verdicts.aot === expected &&
      (errorsEval.length === 0) === verdicts.eval &&
      (errorsInterpret.length === 0) === verdicts.interpret &&
      JSON.stringify(errorsEval) === JSON.stringify(errorsInterpret) && // generated reporter = interpreter, issue for issue
      JSON.stringify(errorsAot) === JSON.stringify(errorsInterpret) && // and so is the one compiled ahead of time
      // errors() names the depth limit when the guard said false and the report found nothing; these values are shallow.
      !errorsEval.some((e) => e.code === "too_deep");
    if (!ok) {
      throw new Error(
        `guards disagree (with ajv, or eval with interpret on errors)\n  schema: ${JSON.stringify(schema)}\n  value:  ${fc.stringify(value)}\n  verdicts: ${JSON.stringify(verdicts)}\n` +
          `  errors (eval): ${JSON.stringify(errorsEval)}\n  errors (interpret): ${JSON.stringify(errorsInterpret)}\n  errors (aot): ${JSON.stringify(errorsAot)}\n` +
          `  ajv errors: ${JSON.stringify(validate.errors)}`,
      );
    }
    if (expected) stats.valid++;
    else stats.invalid++;
    if (hasReorderedTwin(value)) stats.twins++;
  }
}

function report(stats: Stats): string {
  return `${stats.valid} valid, ${stats.invalid} invalid, ${stats.skipped} skipped, ${stats.twins} with reordered twins`;
}

/** With TOOLTYPE_PROPERTY_VERBOSE set (Node), prints the verdict counts and how often each kind was generated. */
function summary(name: string, stats: Stats): void {
  if (!env?.TOOLTYPE_PROPERTY_VERBOSE) return;
  const kinds = [...stats.kinds].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, n]) => `${k}=${n}`);
  console.log(`${name}: ${report(stats)}\n  ${kinds.join(" ")}`);
}

// ajv compiles schemas with `new Function`: where eval is forbidden there is no oracle, and these tests are
// reported as skipped.
const withOracle = allowsEval() ? s : s.skip;

withOracle("the oracle: ajv with ajv-formats and a base64 check", () => {
  const ajv = makeAjv();
  const bytes = ajv.compile({ type: "string", contentEncoding: "base64" });
  assert.ok(bytes("aGk="));
  assert.ok(bytes(""));
  assert.not.ok(bytes("aGl=")); // non-zero trailing bits
  assert.not.ok(bytes("aGk")); // padding missing
  assert.not.ok(bytes("aG k=")); // whitespace
  const date = ajv.compile({ type: "string", format: "date" });
  assert.ok(date("2024-02-29"));
  assert.not.ok(date("2023-02-29"));
  const time = ajv.compile({ type: "string", format: "date-time" });
  assert.ok(time("2024-02-29T23:59:60+00:00"));
  for (const offset of ["+05", "+0530", "+05:3", ""]) assert.not.ok(time(`2024-02-29T12:00:00${offset}`), offset);
});

// The smallest counterexamples of the bugs this property found, in both guard modes.
withOracle("regressions: set items, email local parts, the empty tuple", () => {
  for (const options of [{}, { eval: false }]) {
    const set = compile(t.set(t.any()), options);
    assert.ok(set([{}, "\u0000{}"]), "a string is never equal to an object"); // was refused: the string matched the object's key text
    assert.ok(set([[1], "\u0000[1]"]));
    assert.not.ok(
      set([
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ]),
    );
    const email = compile(t.string({ format: "email" }), options);
    for (const bad of [".a@b.co", "a.@b.co", "a..b@c.de"]) assert.not.ok(email(bad), bad); // were accepted
    assert.ok(email("a.b@c.de"));
  }
  // prefixItems must not be empty in draft 2020-12 (ajv refused the schema).
  const empty = toJSONSchema(t.tuple([]));
  assert.equal(empty, { type: "array", minItems: 0, maxItems: 0 });
  assert.ok(makeAjv().compile(empty)([]));
});

withOracle("random JSON values", () => {
  const ajv = makeAjv();
  const stats = newStats();
  fc.assert(
    fc.property(spec, fc.array(jsonValue, { minLength: 1, maxLength: VALUES }), (sp, values) =>
      agree(ajv, sp, values, stats),
    ),
    { numRuns: RUNS, seed: SEED, includeErrorInReport: true },
  );
  summary("random JSON values", stats);
  const checked = stats.valid + stats.invalid;
  // Random values rarely fit a random descriptor; still, both verdicts must show up.
  assert.ok(stats.valid >= checked * 0.02, `too few valid values: ${report(stats)}`);
  assert.ok(stats.invalid >= checked * 0.3, `too few invalid values: ${report(stats)}`);
  assert.ok(stats.skipped <= checked * 0.05, `too many values skipped: ${report(stats)}`);
});

withOracle("values generated to fit the descriptor, then mutated", () => {
  const ajv = makeAjv();
  const stats = newStats();
  const withValues = spec.chain((sp) =>
    fc.tuple(fc.constant(sp), fc.array(valueFor(sp), { minLength: 1, maxLength: VALUES })),
  );
  fc.assert(
    fc.property(withValues, ([sp, values]) => agree(ajv, sp, values, stats)),
    { numRuns: RUNS, seed: SEED + 1, includeErrorInReport: true },
  );
  summary("fitted and mutated values", stats);
  const checked = stats.valid + stats.invalid;
  assert.ok(stats.valid >= checked * 0.3, `too few valid values: ${report(stats)}`);
  assert.ok(stats.invalid >= checked * 0.2, `too few invalid values: ${report(stats)}`);
  assert.ok(stats.skipped <= checked * 0.05, `too many values skipped: ${report(stats)}`);
  assert.ok(stats.twins >= 20, `too few arrays with key-reordered twins: ${report(stats)}`);
  // Every builder (and the interesting options) must have been exercised.
  const seen = (kind: string) => stats.kinds.get(kind) ?? 0;
  for (const kind of [
    ...SPEC_KINDS,
    "multipleOf",
    "pattern",
    "tuple:rest",
    "object:closed",
    "object:additional-descriptor",
    "prop:optional",
    "prop:default",
  ]) {
    assert.ok(seen(kind) >= 5, `${kind} generated only ${seen(kind)} times`);
  }
  for (const shape of ["tree", "nest", "list", "chain", "map", "twice"])
    assert.ok(seen(`recursive:${shape}`) >= 2, `recursive ${shape} generated ${seen(`recursive:${shape}`)} times`);
  for (const format of ["date-time", "date", "time", "duration", "ipv4", "ipv6", "hostname", "email", "uuid"]) {
    assert.ok(seen(`format:${format}`) >= 2, `format ${format} generated ${seen(`format:${format}`)} times`);
  }
});

s.run();
