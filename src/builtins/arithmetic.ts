import { ExpectedFailure } from "./expected-failure.js";
import { notAllowed, positionOf, readToken, type ArithmeticToken, type Operator } from "./arithmetic-tokens.js";

/** How long an expression may be, in UTF-16 units, and how deep its parentheses may nest. */
export interface ArithmeticLimits {
  readonly maxLength: number;
  readonly maxDepth: number;
}

/** The calculator's limits unless it is given others. */
export const DEFAULT_ARITHMETIC_LIMITS: ArithmeticLimits = { maxLength: 10_000, maxDepth: 100 };

// JavaScript's binding strengths: "**" binds tighter than a sign, a sign tighter than * / %, those than + -.
const BINDING: Record<Operator | "sign", number> = { "+": 1, "-": 1, "*": 2, "/": 2, "%": 2, sign: 3, "**": 4 };

type Pending =
  | { readonly kind: "binary"; readonly operator: Operator; readonly at: number }
  | { readonly kind: "sign"; readonly operator: "+" | "-"; readonly at: number }
  | { readonly kind: "("; readonly at: number };

/**
 * Evaluates arithmetic with JavaScript's operators, precedence and associativity: decimal numbers (with an
 * exponent), `+ - * / % **`, signs and parentheses. Anything else, division by zero and results that are
 * not finite throw an `ExpectedFailure` that says what and where (1-based character positions).
 *
 * No recursion (an operator-precedence parser with explicit stacks) and one pass over the text: an
 * expression within the limits can neither overflow the stack nor take long, and nothing in it is run.
 *
 * As in JavaScript, `-2 ** 2` is refused (write `(-2) ** 2` or `-(2 ** 2)`), `**` is right-associative
 * (`2 ** 3 ** 2` is 512), `%` is the remainder with the sign of the dividend, and `--` is not two signs.
 *
 * @example
 * evaluateArithmetic("(1 + 2) * 3 ** 2 / 4"); // 6.75
 * evaluateArithmetic("2 ** -1");               // 0.5
 * evaluateArithmetic("Math.PI");               // throws: Not allowed at position 1: a name ("Math"); ...
 */
export function evaluateArithmetic(text: string, limits: ArithmeticLimits = DEFAULT_ARITHMETIC_LIMITS): number {
  if (text.length > limits.maxLength) {
    throw new ExpectedFailure(
      `The expression is ${text.length} characters long; at most ${limits.maxLength} are allowed.`,
    );
  }
  if (!text.trim()) throw new ExpectedFailure("The expression is empty; write one such as (2 + 3) * 4.");
  const parse = new Parse(text, limits);
  for (let index = 0; ; ) {
    const token = readToken(text, index);
    index = token.end;
    const result = parse.expectValue ? parse.value(token) : parse.afterValue(token);
    if (result !== undefined) return result;
    parse.previous = token.kind;
  }
}

/** One evaluation's stacks: the values so far, and the operators and parentheses waiting for their right side. */
class Parse {
  readonly values: number[] = [];
  readonly pending: Pending[] = [];
  depth = 0;
  expectValue = true;
  previous: ArithmeticToken["kind"] = "end";

  constructor(
    private readonly text: string,
    private readonly limits: ArithmeticLimits,
  ) {}

  at(index: number): string {
    return `at position ${positionOf(this.text, index)}`;
  }

  // A token where a value belongs: a number, "(", or a sign.
  value(token: ArithmeticToken): undefined {
    switch (token.kind) {
      case "number":
        this.values.push(token.value);
        this.expectValue = false;
        return;
      case "(":
        if (++this.depth > this.limits.maxDepth)
          throw new ExpectedFailure(
            `Parentheses nest deeper than ${this.limits.maxDepth} levels ${this.at(token.at)}.`,
          );
        this.pending.push({ kind: "(", at: token.at });
        return;
      case "operator":
        if (token.operator !== "+" && token.operator !== "-") {
          throw new ExpectedFailure(
            `Unexpected "${token.operator}" ${this.at(token.at)}: expected a number, "(" or a sign.`,
          );
        }
        this.pending.push({ kind: "sign", operator: token.operator, at: token.at });
        return;
      case ")":
        if (this.previous === "(")
          throw new ExpectedFailure(`Empty parentheses ${this.at(token.at)}: put an expression inside.`);
        throw new ExpectedFailure(`Unexpected ")" ${this.at(token.at)}: expected a number or "(".`);
      case "end":
        throw new ExpectedFailure(`The expression ends ${this.at(token.at)} where a number or "(" was expected.`);
    }
  }

  // A token after a value: an operator, ")", or the end (the result).
  afterValue(token: ArithmeticToken): number | undefined {
    switch (token.kind) {
      case "operator":
        this.binary(token.operator, token.at);
        return;
      case ")":
        while (this.pending.length && this.pending[this.pending.length - 1]!.kind !== "(") this.reduce();
        if (!this.pending.length) throw new ExpectedFailure(`Unmatched ")" ${this.at(token.at)}: no "(" is open.`);
        this.pending.pop();
        this.depth--;
        return;
      case "(":
        throw notAllowed(this.text, token.at, 'a call ("(" right after a value)', "write * to multiply");
      case "number":
        throw new ExpectedFailure(
          `Unexpected number ${this.at(token.at)}: expected an operator (+ - * / % **)${this.depth ? ' or ")"' : ""}.`,
        );
      case "end":
        while (this.pending.length) {
          const top = this.pending[this.pending.length - 1]!;
          if (top.kind === "(") throw new ExpectedFailure(`Unclosed "(" ${this.at(top.at)}: add ")".`);
          this.reduce();
        }
        return this.values[0]!;
    }
  }

  private binary(operator: Operator, at: number): void {
    const binding = BINDING[operator];
    const top = this.pending[this.pending.length - 1];
    if (operator === "**" && top?.kind === "sign") {
      throw notAllowed(
        this.text,
        at,
        `"**" with a sign "${top.operator}" on its left`,
        `JavaScript requires parentheses: write (${top.operator}x) ** y or ${top.operator}(x ** y)`,
      );
    }
    // Left-associative operators apply what is pending at their own strength too; "**" waits (right-associative).
    for (let p = top; p && p.kind !== "("; p = this.pending[this.pending.length - 1]) {
      const pendingBinding = BINDING[p.kind === "sign" ? "sign" : p.operator];
      if (pendingBinding > binding || (pendingBinding === binding && operator !== "**")) this.reduce();
      else break;
    }
    this.pending.push({ kind: "binary", operator, at });
    this.expectValue = true;
  }

  // Applies the operator on top of `pending` to the values on top of `values`.
  private reduce(): void {
    const top = this.pending.pop()!;
    if (top.kind === "sign") {
      if (top.operator === "-") this.values.push(-this.values.pop()!);
      return;
    }
    if (top.kind !== "binary") return;
    const right = this.values.pop()!;
    const left = this.values.pop()!;
    this.values.push(apply(top.operator, left, right, () => this.at(top.at)));
  }
}

// `where` is only called for a message: counting characters is linear in the text.
function apply(operator: Operator, left: number, right: number, where: () => string): number {
  if ((operator === "/" || operator === "%") && right === 0) {
    throw new ExpectedFailure(`Division by zero ${where()}${operator === "%" ? ' (a remainder "%" by zero)' : ""}.`);
  }
  const result =
    operator === "+"
      ? left + right
      : operator === "-"
        ? left - right
        : operator === "*"
          ? left * right
          : operator === "/"
            ? left / right
            : operator === "%"
              ? left % right
              : left ** right;
  if (!Number.isFinite(result)) {
    throw new ExpectedFailure(
      `The result of "${operator}" ${where()} is ${Number.isNaN(result) ? "not a number (NaN)" : `not finite (${result})`}.`,
    );
  }
  return result;
}
