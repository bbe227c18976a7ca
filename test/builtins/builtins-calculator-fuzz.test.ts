/**
 * Fuzz test of the calculator's parser (fast-check, fixed seed):
 * 1. random strings over an alphabet of arithmetic, JavaScript syntax and code fragments never make
 *    `execute` throw or reject, never run code (fragments that would set a global leave it unset), and
 *    succeed only on text made of arithmetic characters, with a finite number;
 * 2. random arithmetic (numbers, + - * / % **, signs, parentheses, with and without spaces) agrees with
 *    JavaScript itself where this runtime can evaluate: the same number whenever the calculator answers,
 *    and a refusal whenever JavaScript reports a SyntaxError. The calculator may refuse where JavaScript
 *    answers only for division by zero or a result that is not finite along the way (JavaScript goes on
 *    with Infinity or NaN, `1 / (1 / 0)` is 0 there).
 * In Node, TOOLTYPE_FUZZ_SEED and TOOLTYPE_FUZZ_RUNS explore further.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { allowsEval } from "tooltype";
import { createCalculatorTool } from "tooltype/builtins";

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
const SEED = Number(env?.TOOLTYPE_FUZZ_SEED) || 20261122;
const RUNS = Number(env?.TOOLTYPE_FUZZ_RUNS) || 3000;
const g = globalThis as Record<string, unknown>;

const calculator = createCalculatorTool();
const ARITHMETIC_ONLY = /^[0-9.eE+\-*/%()\s]*$/;

const FRAGMENTS = [
  "1",
  "2",
  "0",
  "9",
  ".",
  "e",
  "E",
  "+",
  "-",
  "*",
  "/",
  "%",
  "**",
  "(",
  ")",
  " ",
  "\n",
  "\t",
  "1e5",
  "0.5",
  "007",
  "0x1",
  "Math.PI",
  "sqrt(",
  "constructor",
  "__proto__",
  "prototype",
  ".constructor",
  "['constructor']",
  "globalThis.__fuzzHit = 1",
  "(globalThis.__fuzzHit = 1)",
  "`${globalThis.__fuzzHit = 1}`",
  "this",
  "eval",
  "Function",
  "'",
  '"',
  "`",
  "${",
  "}",
  "{",
  "[",
  "]",
  ";",
  ",",
  "=",
  "==",
  "=>",
  "!",
  "?",
  ":",
  "&",
  "|",
  "^",
  "~",
  "<",
  ">",
  "#",
  "@",
  "\\",
  "//",
  "/*",
  "*/",
  "n",
  "_",
  "--",
  "++",
  "\u2028",
  "\u00a0",
  "×",
  "−",
  "😀",
  "\u0000",
  "Infinity",
  "NaN",
  "new ",
  "import(",
  "async ",
  "await ",
  "x",
];

const s = suite("calculator fuzz: the parser never throws and never runs code");

s("random strings: always a result, success only on arithmetic text with a finite number", async () => {
  delete g.__fuzzHit;
  const text = fc.oneof(
    fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 24 }).map((parts) => parts.join("")),
    fc.string({ maxLength: 40, unit: "binary" }),
  );
  let successes = 0;
  await fc.assert(
    fc.asyncProperty(text, async (expression) => {
      const result = await calculator.execute({ expression });
      assert.type(result.success, "boolean");
      if (result.success) {
        successes++;
        assert.ok(ARITHMETIC_ONLY.test(expression), `accepted non-arithmetic text ${JSON.stringify(expression)}`);
        assert.ok(
          typeof result.value === "number" && Number.isFinite(result.value),
          `${JSON.stringify(expression)} gave ${result.value}`,
        );
      } else {
        assert.match(result.error, /^Tool "calculator" failed: /);
        assert.ok(result.error.length < 500, `long error for ${JSON.stringify(expression)}`);
      }
      assert.is(g.__fuzzHit, undefined, `${JSON.stringify(expression)} ran code`);
    }),
    { seed: SEED, numRuns: RUNS },
  );
  assert.ok(successes > 0, "no generated string was arithmetic: the generator is too narrow to mean anything");
  console.log(`fuzz calculator: ${RUNS} random strings, ${successes} computed, the rest refused, none ran code`);
});

// Arithmetic text, sometimes invalid on purpose: signs anywhere, "--", "-2 ** 2", adjacent tokens without spaces.
const NUMBERS = [
  "0",
  "1",
  "2",
  "3",
  "7",
  "10",
  "0.5",
  "1.5",
  "2e3",
  "1e-2",
  ".5",
  "5.",
  "1e308",
  "123456789",
  "9007199254740993",
  "0.1",
  "4.2e1",
];
const space = fc.constantFrom("", " ", "  ");
const arithmetic = fc.letrec<{ expr: string; operand: string }>((tie) => ({
  operand: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...NUMBERS),
    fc.tuple(space, tie("expr"), space).map(([a, e, b]) => `(${a}${e}${b})`),
    fc.tuple(fc.constantFrom("-", "+"), space, tie("operand")).map(([sign, sp, operand]) => `${sign}${sp}${operand}`),
  ),
  expr: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    tie("operand"),
    fc
      .tuple(tie("operand"), space, fc.constantFrom("+", "-", "*", "/", "%", "**"), space, tie("expr"))
      .map((p) => p.join("")),
  ),
})).expr;

const CALCULATOR_ONLY = /Division by zero|is not finite|is not a number \(NaN\)/;

function javascript(expression: string): { value: number } | { syntaxError: true } | { other: unknown } {
  try {
    return { value: new Function(`"use strict"; return (${expression}\n);`)() as number };
  } catch (error) {
    return error instanceof SyntaxError ? { syntaxError: true } : { other: error };
  }
}

const compared = allowsEval() ? s : s.skip;

compared("random arithmetic: the number JavaScript gives, or a refusal exactly where JavaScript has none", async () => {
  const seen = { agreed: 0, syntax: 0, calculatorOnly: 0 };
  await fc.assert(
    fc.asyncProperty(arithmetic, async (expression) => {
      const result = await calculator.execute({ expression });
      const js = javascript(expression);
      assert.not.ok("other" in js, `JavaScript threw something other than a SyntaxError for ${expression}`);
      if (!("value" in js)) {
        assert.not.ok(
          result.success,
          `JavaScript refuses ${JSON.stringify(expression)}, the calculator gave ${JSON.stringify(result)}`,
        );
        seen.syntax++;
      } else if (result.success) {
        assert.ok(
          Object.is(result.value, js.value),
          `${expression}: calculator ${result.value}, JavaScript ${js.value}`,
        );
        seen.agreed++;
      } else {
        assert.match(
          result.error,
          CALCULATOR_ONLY,
          `${expression}: JavaScript gives ${js.value}, the calculator: ${result.error}`,
        );
        if (Number.isFinite(js.value)) seen.calculatorOnly++;
      }
    }),
    { seed: SEED, numRuns: RUNS },
  );
  assert.ok(seen.agreed > RUNS / 4 && seen.syntax > 10, `too few of a kind: ${JSON.stringify(seen)}`);
  console.log(
    `fuzz calculator: ${RUNS} random expressions against JavaScript: ${seen.agreed} agreed, ${seen.syntax} refused as JavaScript does`,
  );
});

s("without eval, the same arithmetic still only ever gives a result", async () => {
  await fc.assert(
    fc.asyncProperty(arithmetic, async (expression) => {
      const result = await calculator.execute({ expression });
      assert.ok(
        result.success
          ? Number.isFinite(result.value)
          : CALCULATOR_ONLY.test(result.error) ||
              /Not allowed|Unexpected|Unclosed|Unmatched|Empty|ends at/.test(result.error),
      );
    }),
    { seed: SEED + 1, numRuns: Math.min(RUNS, 1000) },
  );
});

s.run();
