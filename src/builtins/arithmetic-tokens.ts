import { ExpectedFailure } from "./expected-failure.js";

/** The operators the calculator takes. */
export type Operator = "+" | "-" | "*" | "/" | "%" | "**";

/** One token of an arithmetic expression; `at` and `end` are UTF-16 indexes into the text. */
export type ArithmeticToken =
  | { readonly kind: "number"; readonly value: number; readonly at: number; readonly end: number }
  | { readonly kind: "operator"; readonly operator: Operator; readonly at: number; readonly end: number }
  | { readonly kind: "(" | ")" | "end"; readonly at: number; readonly end: number };

/** What the calculator takes, for error messages. */
const ALLOWED = "numbers, + - * / % **, and parentheses";

const SPACE = /\s*/y;
const NUMBER = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
// What may not touch a number: JavaScript reads `2x`, `1n`, `0x1f`, `1_000` and `1.2.3` as one bad token.
// biome-ignore lint/suspicious/noMisleadingCharacterClass: ZWNJ and ZWJ are listed as code points of their own, as identifiers take them
const NUMBER_TAIL = /(?:[\p{ID_Continue}$\u200c\u200d\\]|\.\d)[\p{ID_Continue}$\u200c\u200d\\.]*/uy;
const NAME = /[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*/uy;
const COMPARISON = /[<>=!]+/y;
const LOGICAL = /[&|=]+/y;
const CONDITIONAL = /[?.]+/y;

/**
 * The 1-based position of a UTF-16 index, counted in characters (code points), as a person counts them.
 *
 * @example
 * positionOf("😀+x", 3); // 3: the emoji is one character
 */
export function positionOf(text: string, index: number): number {
  let characters = 0;
  for (let i = 0; i < index && i < text.length; i++, characters++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < index && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return characters + 1;
}

/**
 * The failure for something the calculator does not take: what it is, where, and what to write instead.
 *
 * @example
 * notAllowed("2 + Math.PI", 4, 'a name ("Math")');
 * // Not allowed at position 5: a name ("Math"); the calculator takes only numbers, + - * / % **, and parentheses.
 */
export function notAllowed(
  text: string,
  index: number,
  what: string,
  instead = `the calculator takes only ${ALLOWED}`,
): ExpectedFailure {
  return new ExpectedFailure(`Not allowed at position ${positionOf(text, index)}: ${what}; ${instead}.`);
}

/** A piece of the input for a message: quoted, cut when long. */
function quote(text: string): string {
  const shown = [...text];
  return JSON.stringify(shown.length > 24 ? `${shown.slice(0, 24).join("")}…` : text);
}

function matchAt(pattern: RegExp, text: string, index: number): string {
  pattern.lastIndex = index;
  return pattern.exec(text)?.[0] ?? "";
}

/**
 * Reads the token that starts at `from` (after any white space). Anything the calculator does not take is
 * a thrown `ExpectedFailure` that names it and its position; nothing in the text is ever run.
 *
 * @example
 * readToken("2 ** 3", 1); // { kind: "operator", operator: "**", at: 2, end: 4 }
 * readToken("sqrt(2)", 0); // throws: Not allowed at position 1: a function call ("sqrt(")...
 */
export function readToken(text: string, from: number): ArithmeticToken {
  const at = from + matchAt(SPACE, text, from).length;
  if (at >= text.length) return { kind: "end", at, end: at };
  const number = matchAt(NUMBER, text, at);
  if (number) return readNumber(text, at, number);
  const token = allowedToken(text, at);
  if (token) return token;
  throw refusedCharacter(text, at) ?? refusedName(text, at);
}

// A parenthesis or an operator the calculator takes; an operator's assignment or doubled form is refused.
function allowedToken(text: string, at: number): ArithmeticToken | undefined {
  const char = text[at]!;
  const next = text[at + 1];
  const operator = (op: Operator): ArithmeticToken => {
    const end = at + op.length;
    if (text[end] === "=") throw notAllowed(text, at, `an assignment (${quote(`${op}=`)})`);
    return { kind: "operator", operator: op, at, end };
  };
  switch (char) {
    case "(":
    case ")":
      return { kind: char, at, end: at + 1 };
    case "+":
    case "-":
      if (next === char)
        throw notAllowed(
          text,
          at,
          `${char === "+" ? "an increment" : "a decrement"} (${quote(char + char)})`,
          `write "${char} ${char}" with a space for two signs`,
        );
      return operator(char);
    case "*":
      return operator(next === "*" ? "**" : "*");
    case "/":
      if (next === "/" || next === "*") throw notAllowed(text, at, `a comment (${quote(char + next)})`);
      return operator("/");
    case "%":
      return operator("%");
  }
  return undefined;
}

// What a character that JavaScript (or a keyboard) has and the calculator does not is, named.
function refusedCharacter(text: string, at: number): ExpectedFailure | undefined {
  const char = text[at]!;
  const next = text[at + 1];
  switch (char) {
    case "^":
      return notAllowed(
        text,
        at,
        '"^" (in JavaScript a bitwise XOR, not a power)',
        "write ** for powers, as in 2 ** 10",
      );
    case "=":
      if (next === ">") return notAllowed(text, at, 'an arrow function ("=>")');
      if (next === "=") return notAllowed(text, at, `a comparison (${quote(matchAt(COMPARISON, text, at))})`);
      return notAllowed(text, at, 'an assignment ("=")');
    case "<":
    case ">":
    case "!":
      return notAllowed(text, at, `a comparison or logical operator (${quote(matchAt(COMPARISON, text, at))})`);
    case "&":
    case "|":
      return notAllowed(text, at, `a logical or bitwise operator (${quote(matchAt(LOGICAL, text, at))})`);
    case "~":
      return notAllowed(text, at, 'a bitwise not ("~")');
    case "?":
      return notAllowed(
        text,
        at,
        `a conditional or optional-chaining operator (${quote(matchAt(CONDITIONAL, text, at))})`,
      );
    case ".":
      if (text.startsWith("...", at)) return notAllowed(text, at, 'a spread ("...")');
      return notAllowed(text, at, `a property access (${quote(`.${matchAt(NAME, text, at + 1)}`)})`);
    case ",":
      return notAllowed(text, at, 'a comma (",")', "write one expression");
    case ";":
      return notAllowed(text, at, 'several statements (";")', "write one expression");
    case ":":
      return notAllowed(text, at, 'a colon (":")');
    case "[":
    case "]":
      return notAllowed(text, at, `brackets (${quote(char)})`);
    case "{":
    case "}":
      return notAllowed(text, at, `braces (${quote(char)})`);
    case '"':
    case "'":
      return notAllowed(text, at, `a string (${quote(text.slice(at, at + 25))})`);
    case "`":
      return notAllowed(text, at, `a template string (${quote(text.slice(at, at + 25))})`);
    case "×":
    case "·":
    case "⋅":
      return notAllowed(text, at, `the character ${quote(char)}`, "write * to multiply");
    case "÷":
      return notAllowed(text, at, `the character ${quote(char)}`, "write / to divide");
    case "−":
    case "–":
    case "—":
      return notAllowed(
        text,
        at,
        `the character ${quote(char)}`,
        'write "-" (the ASCII hyphen-minus) to subtract or negate',
      );
  }
  return undefined;
}

// A name (a function call or a variable), or any other character, by its code point.
function refusedName(text: string, at: number): ExpectedFailure {
  const name = matchAt(NAME, text, at);
  if (name) {
    const call = text[at + name.length + matchAt(SPACE, text, at + name.length).length] === "(";
    return notAllowed(text, at, call ? `a function call (${quote(`${name}(`)})` : `a name (${quote(name)})`);
  }
  const codePoint = text.codePointAt(at)!;
  const shown =
    codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0) ? "" : `${quote(String.fromCodePoint(codePoint))} `;
  return notAllowed(text, at, `the character ${shown}(U+${codePoint.toString(16).toUpperCase().padStart(4, "0")})`);
}

function readNumber(text: string, at: number, digits: string): ArithmeticToken {
  const end = at + digits.length;
  const tail = matchAt(NUMBER_TAIL, text, end);
  if (tail)
    throw notAllowed(
      text,
      at,
      `${quote(digits + tail)}, which is not a decimal number`,
      "write numbers such as 12, 1.5 or 2e-3",
    );
  if (/^0\d/.test(digits))
    throw notAllowed(
      text,
      at,
      `a number with a leading zero (${quote(digits)}), which JavaScript may read as octal`,
      "leave the zero out",
    );
  const value = Number(digits);
  if (!Number.isFinite(value))
    throw new ExpectedFailure(
      `The number at position ${positionOf(text, at)} (${quote(digits)}) is too large; numbers go up to about 1.8e308.`,
    );
  return { kind: "number", value, at, end };
}
