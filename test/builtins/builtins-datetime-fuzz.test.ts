/**
 * Fuzz test of the get_datetime tool (fast-check, fixed seed): any format and time zone strings (strftime
 * directives, stray and doubled `%`, IANA names and near-misses, offsets, control characters, lone surrogates,
 * up to the schema's lengths and past them) and any other arguments never make `execute` throw or reject.
 * A success is a string; a known directive in the format never survives into it; a failure is short text.
 * In Node, TOOLTYPE_FUZZ_SEED and TOOLTYPE_FUZZ_RUNS explore further.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { createDatetimeTool } from "tooltype/builtins";

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
const SEED = Number(env?.TOOLTYPE_FUZZ_SEED) || 20261210;
const RUNS = Number(env?.TOOLTYPE_FUZZ_RUNS) || 2000;

const tool = createDatetimeTool({ now: () => new Date(Date.UTC(2024, 1, 29, 23, 5, 9, 123)) });

const DIRECTIVES = "YmdHMSybBaAjpIZzeFTuwfsnt%".split("").map((c) => `%${c}`);
const FORMAT_PARTS = [
  ...DIRECTIVES,
  "%:z",
  "%",
  "%%%",
  "%Q",
  "%-d",
  "%E",
  "%O",
  "%:",
  "% ",
  "%\u0000",
  "%😀",
  "\ud800",
  "a",
  " ",
  "-",
  ":",
  "\n",
  "{",
  "}",
  "$",
  "\\",
  "%%Y",
];
const ZONES = [
  "UTC",
  "Europe/Paris",
  "America/New_York",
  "Asia/Kathmandu",
  "Etc/GMT+12",
  "Etc/GMT-14",
  "Z",
  "+02:00",
  "GMT",
  "utc",
  "europe/paris",
  "Mars/Olympus",
  "America/",
  "/",
  "..",
  "../../etc/passwd",
  "Europe/Paris\u0000",
  "Europe/Paris ",
  "",
  "EST5EDT",
  "Asia/Tokyo😀",
  "\ud800",
  "constructor",
  "__proto__",
];

const format = fc.oneof(
  fc.array(fc.constantFrom(...FORMAT_PARTS), { maxLength: 30 }).map((p) => p.join("")),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("%".repeat(499), "%Y".repeat(250), "x".repeat(501), "%".repeat(10_000)),
);
const timezone = fc.oneof(
  fc.constantFrom(...ZONES),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom("A".repeat(101), "Europe/" + "x".repeat(1000)),
);

const s = suite("get_datetime fuzz: any format, any zone, any arguments: a result, never a throw");

s("random formats and time zones", async () => {
  const seen = { cases: 0, ok: 0, refused: 0 };
  await fc.assert(
    fc.asyncProperty(fc.option(format, { nil: undefined }), fc.option(timezone, { nil: undefined }), async (f, z) => {
      seen.cases++;
      const args: Record<string, string> = {};
      if (f !== undefined) args.format = f;
      if (z !== undefined) args.timezone = z;
      const result = await tool.execute(args);
      assert.type(result.success, "boolean");
      if (result.success) {
        seen.ok++;
        assert.type(result.value, "string");
        if (f && !f.includes("%%") && !f.includes("%n") && !f.includes("%t")) {
          for (const d of ["%Y", "%m", "%H", "%A"])
            assert.not.ok(f.includes(d) && result.value.includes(d), `${JSON.stringify(f)} kept ${d}`);
        }
      } else {
        seen.refused++;
        assert.ok(result.error.length <= 1000, `an error of ${result.error.length} characters`);
      }
    }),
    { seed: SEED, numRuns: RUNS },
  );
  assert.ok(seen.ok > RUNS / 10 && seen.refused > RUNS / 10, `too few of a kind: ${JSON.stringify(seen)}`);
  console.log(
    `fuzz get_datetime: ${seen.cases} format and zone pairs, ${seen.ok} formatted, ${seen.refused} refused, no throw`,
  );
});

s("any other arguments", async () => {
  let cases = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.anything({
        key: fc.constantFrom("format", "timezone", "__proto__", "constructor"),
        withBigInt: true,
        withDate: true,
        withNullPrototype: true,
      }),
      async (args) => {
        cases++;
        const result = await tool.execute(args as never);
        assert.type(result.success, "boolean");
      },
    ),
    { seed: SEED + 1, numRuns: Math.min(RUNS, 1000) },
  );
  console.log(`fuzz get_datetime: ${cases} arbitrary argument values, no throw`);
});

s.run();
