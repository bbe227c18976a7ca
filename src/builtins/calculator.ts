import * as t from "../t/builders.js";
import { tool } from "../tools/define.js";
import { Tool } from "../tools/methods.js";
import type { Logger } from "../tools/tool.js";
import { DEFAULT_ARITHMETIC_LIMITS, evaluateArithmetic } from "./arithmetic.js";
import { hostFaultsOnly } from "./expected-failure.js";

/** Options of `createCalculatorTool`. @example createCalculatorTool({ maxLength: 1_000 }); */
export interface CalculatorToolOptions {
  /** The longest expression, in UTF-16 units (default 10,000). */
  readonly maxLength?: number;
  /** How deep parentheses may nest (default 100). */
  readonly maxDepth?: number;
  /** Where faults of the host go; a bad expression is a failed result, never logged. */
  readonly logger?: Logger;
}

/**
 * The `calculator` tool: evaluates an arithmetic expression with its own parser, never `eval`.
 * Numbers (`1.5`, `2e-3`), `+ - * / % **`, signs and parentheses, with JavaScript's precedence and
 * associativity. Anything else (names, calls, strings, brackets, assignment, several statements, an empty
 * expression), division by zero and results that are not finite are failed results that say what and where.
 * Length and nesting are bounded, so no input can overflow the stack or take long.
 *
 * @example
 * const calculator = createCalculatorTool();
 * await calculator.execute({ expression: "(1 + 2) * 3 ** 2 / 4" }); // { success: true, value: 6.75 }
 * await calculator.execute({ expression: "Math.PI" });
 * // { success: false, error: 'Tool "calculator" failed: Not allowed at position 1: a name ("Math"); the calculator
 * // takes only numbers, + - * / % **, and parentheses.' }
 */
export function createCalculatorTool(options: CalculatorToolOptions = {}): Tool<{ expression: string }, number> {
  const limits = {
    maxLength: options.maxLength ?? DEFAULT_ARITHMETIC_LIMITS.maxLength,
    maxDepth: options.maxDepth ?? DEFAULT_ARITHMETIC_LIMITS.maxDepth,
  };
  return tool({
    toolClass: Tool,
    name: "calculator",
    description:
      "Evaluates an arithmetic expression and returns the number. Takes numbers (12, 1.5, 2e-3), + - * / % (remainder) ** (power), " +
      "signs and parentheses, with JavaScript precedence: write (-2) ** 2, not -2 ** 2. No names, functions or variables.",
    parameters: t.object({
      expression: t.string({
        description: `The expression, at most ${limits.maxLength} characters, e.g. "(1 + 2) * 3 ** 2 / 4"`,
      }),
    }),
    logger: hostFaultsOnly(options.logger),
    execute: ({ expression }) => evaluateArithmetic(expression, limits),
  }) as Tool<{ expression: string }, number>; // toolClass: Tool makes the root entry's Tool
}

/** Seed 003's spelling. @example create_calculator_tool().execute({ expression: "2 ** 10" }) */
export const create_calculator_tool = createCalculatorTool;
