// createCalculatorTool: arithmetic with JavaScript's rules through its own parser, and every refusal.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as core from "tooltype";
import { allowsEval, ToolRegistry } from "tooltype";
import { createCalculatorTool, create_calculator_tool } from "tooltype/builtins";
import { failed, succeeded } from "../support/builtins.js";

const calculator = createCalculatorTool();
const run = (expression: unknown) => calculator.execute({ expression } as { expression: string });

const value = async (expression: string) => succeeded(await run(expression), JSON.stringify(expression));
const error = async (expression: string) => failed(await run(expression), JSON.stringify(expression));

// JavaScript's own answer, where this runtime lets us ask (strict mode, so "012" is an error there too).
function javascript(expression: string): number | undefined {
  return allowsEval() ? (new Function(`"use strict"; return (${expression}\n);`)() as number) : undefined;
}

const shape = suite("calculator: the tool");

shape("is a Tool named calculator with one required string parameter, exported from tooltype/builtins only", () => {
  assert.ok(calculator instanceof core.Tool);
  assert.is(calculator.name, "calculator");
  assert.equal(calculator.parameters.required, ["expression"]);
  assert.equal(calculator.parameters.properties, {
    expression: {
      type: "string",
      description: 'The expression, at most 10000 characters, e.g. "(1 + 2) * 3 ** 2 / 4"',
    },
  });
  assert.match(calculator.description, /\*\*/);
  assert.not.ok("createCalculatorTool" in core, "the main entry point must not carry the built-ins");
  assert.is(create_calculator_tool, createCalculatorTool); // seed 003's spelling
});

shape("registers in a ToolRegistry from the main entry point and runs through it", async () => {
  const registry = new ToolRegistry().register(calculator);
  assert.equal(await registry.execute("calculator", '{"expression":"6 * 7"}'), { success: true, value: 42 });
  assert.equal(
    registry.toOpenAIFormat().map((t) => t.function.name),
    ["calculator"],
  );
});

shape("arguments arrive as JSON text too, a __proto__ key beside them changes nothing", async () => {
  assert.equal(await calculator.execute('{"expression": "2 ** 10"}'), { success: true, value: 1024 });
  assert.equal(await calculator.execute('{"expression": "1 + 1", "__proto__": {"expression": "Math"}}'), {
    success: true,
    value: 2,
  });
  assert.is(({} as Record<string, unknown>).expression, undefined);
});

shape("arguments that are not a string are refused before anything runs", async () => {
  for (const bad of [5, null, ["1+1"], { toString: () => "1+1" }]) assert.not.ok((await run(bad)).success);
  assert.not.ok((await calculator.execute({})).success);
});

const arithmetic = suite("calculator: arithmetic as JavaScript does it");

const CASES: Array<[string, number]> = [
  ["1 + 2", 3],
  ["(1 + 2) * 3 ** 2 / 4", 6.75],
  ["2 + 3 * 4", 14],
  ["(2 + 3) * 4", 20],
  ["2 - 3 - 4", -5],
  ["100 / 10 / 5", 2],
  ["2 ** 3 ** 2", 512],
  ["(2 ** 3) ** 2", 64],
  ["2 ** -1", 0.5],
  ["2 ** - - 2", 4],
  ["(-2) ** 2", 4],
  ["(-2) ** 3", -8],
  ["-(2 ** 2)", -4],
  ["-2 * 3", -6],
  ["2 * -3", -6],
  ["(-3) ** 2 * 0 + 1", 1],
  ["7 % 4 % 3", 0],
  ["7 % -3", 1],
  ["-7 % 3", -1],
  ["5.5 % 2", 1.5],
  ["1 - -1", 2],
  ["- - -1", -1],
  ["+-+1", -1],
  ["+2", 2],
  ["0.1 + 0.2", 0.30000000000000004],
  ["1.5e3 + 2E-3 + 1e+2", 1600.002],
  [".5 + 5.", 5.5],
  ["1.e1", 10],
  ["0", 0],
  ["0.25", 0.25],
  ["  \t( 1 +\n 2 )\r\n* 3  ", 9],
  ["((((((1))))))", 1],
  ["2 * (3 + (4 - 1) * 2) / 3", 6],
  ["10 - 2 ** 3 * 2 + 6 / 3 % 2", -6],
  ["9007199254740993", 9007199254740992],
  ["-0", -0],
];

arithmetic("numbers, + - * / % **, signs, parentheses, white space: the value JavaScript gives", async () => {
  for (const [expression, expected] of CASES) {
    const got = await value(expression);
    assert.ok(Object.is(got, expected), `${expression} = ${got}, expected ${expected}`);
    const js = javascript(expression);
    if (js !== undefined) assert.ok(Object.is(got, js), `${expression}: calculator ${got}, JavaScript ${js}`);
  }
});

arithmetic("** is right-associative and binds tighter than * and /", async () => {
  assert.is(await value("2 ** 2 ** 3"), 256);
  assert.is(await value("3 * 2 ** 2"), 12);
  assert.is(await value("2 ** 2 * 3"), 12);
  assert.is(await value("64 / 2 ** 3"), 8);
});

const refusals = suite("calculator: what it refuses, and where");

// [expression, what the error must say]. Positions count characters from 1.
const REFUSED: Array<[string, RegExp]> = [
  [
    "Math.PI",
    /^Tool "calculator" failed: Not allowed at position 1: a name \("Math"\); the calculator takes only numbers, \+ - \* \/ % \*\*, and parentheses\.$/,
  ],
  ["2 + x", /Not allowed at position 5: a name \("x"\)/],
  ["sqrt(2)", /Not allowed at position 1: a function call \("sqrt\("\)/],
  ["alert (1)", /a function call \("alert\("\)/],
  ["Infinity", /a name \("Infinity"\)/],
  ["NaN", /a name \("NaN"\)/],
  ["π * 2", /a name \("π"\)/],
  ['"1" + 1', /Not allowed at position 1: a string \("\\"1\\" \+ 1"\)/],
  ["'abc'", /a string/],
  ["`1`", /Not allowed at position 1: a template string/],
  ["`${globalThis.x = 1}`", /a template string/],
  ["[1, 2]", /Not allowed at position 1: brackets \("\["\)/],
  ["{}", /braces/],
  ["x = 1", /Not allowed at position 1: a name \("x"\)/],
  ["1 = 1", /Not allowed at position 3: an assignment \("="\)/],
  ["1 += 1", /an assignment \("\+="\)/],
  ["2 **= 2", /an assignment \("\*\*="\)/],
  ["1 == 1", /a comparison \("=="\)/],
  ["1 < 2", /a comparison or logical operator \("<"\)/],
  ["!1", /a comparison or logical operator \("!"\)/],
  ["1 && 2", /a logical or bitwise operator \("&&"\)/],
  ["1 | 2", /a logical or bitwise operator \("\|"\)/],
  ["~1", /a bitwise not/],
  ["1 ? 2 : 3", /a conditional/],
  ["1; 2", /Not allowed at position 2: several statements \(";"\); write one expression\./],
  ["1, 2", /Not allowed at position 2: a comma/],
  ["2 ^ 10", /Not allowed at position 3: "\^" \(in JavaScript a bitwise XOR, not a power\); write \*\* for powers/],
  ["1--1", /Not allowed at position 2: a decrement \("--"\); write "- -" with a space for two signs/],
  ["--1", /a decrement/],
  ["++1", /an increment/],
  ["1 // comment", /a comment \("\/\/"\)/],
  ["1 /* c */ + 2", /a comment \("\/\*"\)/],
  [
    "-2 ** 2",
    /^Tool "calculator" failed: Not allowed at position 4: "\*\*" with a sign "-" on its left; JavaScript requires parentheses: write \(-x\) \*\* y or -\(x \*\* y\)\.$/,
  ],
  ["2 * -3 ** 2", /Not allowed at position 8: "\*\*" with a sign "-"/],
  ["-(2) ** 2", /Not allowed at position 6: "\*\*" with a sign/],
  ["+2 ** 2", /"\*\*" with a sign "\+"/],
  ["2 ** -3 ** 2", /"\*\*" with a sign "-"/],
  ["012", /Not allowed at position 1: a number with a leading zero \("012"\)/],
  ["00.5", /leading zero/],
  ["0x1f", /Not allowed at position 1: "0x1f", which is not a decimal number/],
  ["0b101", /"0b101", which is not a decimal number/],
  ["10n", /"10n", which is not a decimal number/],
  ["1_000", /"1_000", which is not a decimal number/],
  ["2x", /"2x", which is not a decimal number/],
  ["1.2.3", /"1.2.3", which is not a decimal number/],
  ["1e", /"1e", which is not a decimal number/],
  ["1.5.toFixed(2)", /Not allowed at position 4: a property access \("\.toFixed"\)/],
  ["(1).constructor", /Not allowed at position 4: a property access \("\.constructor"\)/],
  ["...[1]", /a spread/],
  ["3 × 4", /Not allowed at position 3: the character "×"; write \* to multiply/],
  ["8 ÷ 2", /the character "÷"; write \/ to divide/],
  ["5 − 3", /the character "−"; write "-"/],
  ["1 # 2", /the character "#" \(U\+0023\)/],
  ["1 @ 2", /the character "@"/],
  ["1 \\ 2", /Not allowed at position 3: the character "\\\\" \(U\+005C\)/],
  ["1\u0000", /the character \(U\+0000\)/],
  ["😀 + 1", /Not allowed at position 1: the character "😀" \(U\+1F600\)/],
];

refusals(
  "names, calls, strings, template strings, brackets, assignment, statements and other syntax: what and where",
  async () => {
    for (const [expression, expected] of REFUSED) assert.match(await error(expression), expected, expression);
  },
);

refusals("an empty expression, and ones that end or nest wrongly", async () => {
  assert.is(await error(""), 'Tool "calculator" failed: The expression is empty; write one such as (2 + 3) * 4.');
  assert.match(await error("   \n\t"), /The expression is empty/);
  assert.match(await error("1 +"), /The expression ends at position 4 where a number or "\(" was expected\./);
  assert.match(await error("(1 + 2"), /Unclosed "\(" at position 1: add "\)"\./);
  assert.match(await error("((1) + (2)"), /Unclosed "\(" at position 1/);
  assert.match(await error("1 + 2)"), /Unmatched "\)" at position 6: no "\(" is open\./);
  assert.match(await error("()"), /Empty parentheses at position 2/);
  assert.match(await error("(1 +)"), /Unexpected "\)" at position 5: expected a number or "\("\./);
  assert.match(
    await error("2 (3)"),
    /Not allowed at position 3: a call \("\(" right after a value\); write \* to multiply\./,
  );
  assert.match(await error("(1)(2)"), /a call/);
  assert.match(await error("1 2"), /Unexpected number at position 3: expected an operator \(\+ - \* \/ % \*\*\)\./);
  assert.match(
    await error("(1 2)"),
    /Unexpected number at position 4: expected an operator \(\+ - \* \/ % \*\*\) or "\)"\./,
  );
  assert.match(await error("* 2"), /Unexpected "\*" at position 1: expected a number, "\(" or a sign\./);
  assert.match(await error("2 * * 3"), /Unexpected "\*" at position 5/);
  assert.match(await error("/2/"), /Unexpected "\/" at position 1/);
});

refusals("division by zero and results that are not finite", async () => {
  assert.is(await error("1 / 0"), 'Tool "calculator" failed: Division by zero at position 3.');
  assert.match(await error("0 / 0"), /Division by zero at position 3/);
  assert.match(await error("1 / (2 - 2)"), /Division by zero at position 3/);
  assert.match(await error("1 / -0"), /Division by zero/);
  assert.match(await error("5 % 0"), /Division by zero at position 3 \(a remainder "%" by zero\)/);
  assert.is(
    await error("1e308 * 10"),
    'Tool "calculator" failed: The result of "*" at position 7 is not finite (Infinity).',
  );
  assert.match(await error("-1e308 - 1e308"), /The result of "-" at position 8 is not finite \(-Infinity\)/);
  assert.match(await error("10 ** 400"), /The result of "\*\*" at position 4 is not finite \(Infinity\)/);
  assert.match(await error("0 ** -1"), /is not finite \(Infinity\)/);
  assert.match(await error("(-8) ** 0.5"), /The result of "\*\*" at position 6 is not a number \(NaN\)/);
  assert.match(await error("1e308 + 1e308 - 1e308"), /The result of "\+" at position 7 is not finite/); // JavaScript: Infinity
  assert.match(await error("1e400"), /The number at position 1 \("1e400"\) is too large/);
  assert.is(await value("1e-400"), 0); // underflow is finite: JavaScript's 0
});

refusals("prototype and constructor tricks are names like any other; nothing is looked up", async () => {
  for (const expression of [
    "constructor",
    "__proto__",
    "toString",
    "valueOf",
    "hasOwnProperty",
    "prototype",
    "this",
    "globalThis",
    "window",
    "process",
  ]) {
    assert.match(
      await error(expression),
      new RegExp(`Not allowed at position 1: a name \\("${expression}"\\)`),
      expression,
    );
  }
  assert.match(
    await error("(1).constructor.constructor('return globalThis')()"),
    /Not allowed at position 4: a property access \("\.constructor"\)/,
  );
  assert.match(await error("1['constructor']"), /Not allowed at position 2: brackets/);
  assert.match(await error("(0, eval)('1')"), /Not allowed at position 3: a comma/);
  assert.match(await error("new Function('return 1')()"), /a name \("new"\)/);
  assert.match(await error("import('x')"), /a function call \("import\("\)/);
  assert.match(await error("`${(globalThis.hacked = 1)}`"), /a template string/);
  assert.is((globalThis as Record<string, unknown>).hacked, undefined);
});

refusals("expected failures are results, not logged; the error text is bounded", async () => {
  const logged: unknown[] = [];
  const quiet = createCalculatorTool({ logger: { error: (...args) => logged.push(args) } });
  for (const expression of ["Math.PI", "1/0", "", "(".repeat(200) + "1", "x".repeat(5000)]) {
    const result = await quiet.execute({ expression });
    assert.not.ok(result.success);
    assert.ok((result as { error: string }).error.length < 400, `error too long for ${expression.slice(0, 20)}`);
  }
  assert.is(logged.length, 0);
});

const limits = suite("calculator: bounded input, no recursion");

limits("an expression longer than maxLength (default 10,000) is a clear error, at once", async () => {
  const long = `${"1+".repeat(5000)}1`; // 10,001 characters
  assert.is(
    await error(long),
    'Tool "calculator" failed: The expression is 10001 characters long; at most 10000 are allowed.',
  );
  assert.is(await value(`${"1+".repeat(4999)}1`), 5000);
});

limits("a 100,000-term sum: refused by default, computed exactly with a larger maxLength", async () => {
  const sum = `${"1 + ".repeat(99_999)}1`;
  assert.match(await error(sum), /The expression is 399997 characters long; at most 10000 are allowed\./);
  const roomy = createCalculatorTool({ maxLength: 1_000_000 });
  assert.equal(await roomy.execute({ expression: sum }), { success: true, value: 100_000 });
  assert.equal(await roomy.execute({ expression: `${"1 ** ".repeat(99_999)}2` }), { success: true, value: 1 }); // a right-associative chain
  assert.equal(await roomy.execute({ expression: `${"- ".repeat(100_000)}1` }), { success: true, value: 1 });
});

limits(
  "40,000 nested parentheses: too long by default, too deep past maxDepth (default 100), never a stack overflow",
  async () => {
    const nested = `${"(".repeat(40_000)}1${")".repeat(40_000)}`;
    assert.match(await error(nested), /The expression is 80001 characters long/);
    const roomy = createCalculatorTool({ maxLength: 1_000_000 });
    assert.equal(await roomy.execute({ expression: nested }), {
      success: false,
      error: 'Tool "calculator" failed: Parentheses nest deeper than 100 levels at position 101.',
    });
    assert.is(await value(`${"(".repeat(100)}1${")".repeat(100)}`), 1);
    assert.match(await error(`${"(".repeat(101)}1${")".repeat(101)}`), /deeper than 100 levels at position 101/);
    const deep = createCalculatorTool({ maxLength: 1_000_000, maxDepth: 1_000_000 });
    assert.equal(await deep.execute({ expression: nested }), { success: true, value: 1 });
    assert.equal(await deep.execute({ expression: `${"(-".repeat(40_000)}1${")".repeat(40_000)}` }), {
      success: true,
      value: 1,
    });
  },
);

limits("40,000 unclosed parentheses: an error naming the innermost", async () => {
  const deep = createCalculatorTool({ maxLength: 1_000_000, maxDepth: 1_000_000 });
  const result = await deep.execute({ expression: `${"(".repeat(40_000)}1` });
  assert.equal(result, { success: false, error: 'Tool "calculator" failed: Unclosed "(" at position 40000: add ")".' });
});

shape.run();
arithmetic.run();
refusals.run();
limits.run();
