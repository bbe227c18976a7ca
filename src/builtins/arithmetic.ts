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
  const values: number[] = [];
  const pending: Pending[] = [];
  const at = (index: number) => `at position ${positionOf(text, index)}`;
  let depth = 0;
  let expectValue = true;
  let previous: ArithmeticToken["kind"] = "end";

  // Applies the operator on top of `pending` to the values on top of `values`.
  const reduce = () => {
    const top = pending.pop()!;
    if (top.kind === "sign") {
      if (top.operator === "-") values.push(-values.pop()!);
      return;
    }
    if (top.kind !== "binary") return;
    const right = values.pop()!;
    const left = values.pop()!;
    values.push(apply(top.operator, left, right, () => at(top.at)));
  };

  for (let index = 0; ; ) {
    const token = readToken(text, index);
    index = token.end;
    if (expectValue) {
      switch (token.kind) {
        case "number":
          values.push(token.value);
          expectValue = false;
          break;
        case "(":
          if (++depth > limits.maxDepth)
            throw new ExpectedFailure(`Parentheses nest deeper than ${limits.maxDepth} levels ${at(token.at)}.`);
          pending.push({ kind: "(", at: token.at });
          break;
        case "operator":
          if (token.operator !== "+" && token.operator !== "-") {
            throw new ExpectedFailure(
              `Unexpected "${token.operator}" ${at(token.at)}: expected a number, "(" or a sign.`,
            );
          }
          pending.push({ kind: "sign", operator: token.operator, at: token.at });
          break;
        case ")":
          if (previous === "(")
            throw new ExpectedFailure(`Empty parentheses ${at(token.at)}: put an expression inside.`);
          throw new ExpectedFailure(`Unexpected ")" ${at(token.at)}: expected a number or "(".`);
        case "end":
          throw new ExpectedFailure(`The expression ends ${at(token.at)} where a number or "(" was expected.`);
      }
    } else {
      switch (token.kind) {
        case "operator": {
          const binding = BINDING[token.operator];
          const top = pending[pending.length - 1];
          if (token.operator === "**" && top?.kind === "sign") {
            throw notAllowed(
              text,
              token.at,
              `"**" with a sign "${top.operator}" on its left`,
              `JavaScript requires parentheses: write (${top.operator}x) ** y or ${top.operator}(x ** y)`,
            );
          }
          // Left-associative operators apply what is pending at their own strength too; "**" waits (right-associative).
          for (let p = pending[pending.length - 1]; p && p.kind !== "("; p = pending[pending.length - 1]) {
            const pendingBinding = BINDING[p.kind === "sign" ? "sign" : p.operator];
            if (pendingBinding > binding || (pendingBinding === binding && token.operator !== "**")) reduce();
            else break;
          }
          pending.push({ kind: "binary", operator: token.operator, at: token.at });
          expectValue = true;
          break;
        }
        case ")":
          while (pending.length && pending[pending.length - 1]!.kind !== "(") reduce();
          if (!pending.length) throw new ExpectedFailure(`Unmatched ")" ${at(token.at)}: no "(" is open.`);
          pending.pop();
          depth--;
          break;
        case "(":
          throw notAllowed(text, token.at, 'a call ("(" right after a value)', "write * to multiply");
        case "number":
          throw new ExpectedFailure(
            `Unexpected number ${at(token.at)}: expected an operator (+ - * / % **)${depth ? ' or ")"' : ""}.`,
          );
        case "end": {
          while (pending.length) {
            const top = pending[pending.length - 1]!;
            if (top.kind === "(") throw new ExpectedFailure(`Unclosed "(" ${at(top.at)}: add ")".`);
            reduce();
          }
          return values[0]!;
        }
      }
    }
    previous = token.kind;
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
