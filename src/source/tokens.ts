/** A token of JavaScript source, as far as reading a function's head and first statement needs. */
export interface Token {
  readonly kind: "name" | "number" | "string" | "template" | "punct" | "comment" | "regex";
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** A line break lies between the previous token (comments included) and this one. */
  readonly lineBefore: boolean;
}

const NAME_START = /[A-Za-z_$\u00c0-\uffff]/;
const NAME_PART = /[A-Za-z0-9_$\u00c0-\uffff]/;
const PUNCT = ["...", "=>", "?.", "??", "**", "==", "!=", "<=", ">=", "&&", "||", "++", "--"];
// After these, a `/` starts a regular expression rather than a division.
const REGEX_AFTER = new Set([
  "(",
  ",",
  "=",
  ":",
  "[",
  "!",
  "&",
  "|",
  "?",
  "{",
  "}",
  ";",
  "=>",
  "&&",
  "||",
  "??",
  "return",
  "typeof",
  "+",
  "-",
  "*",
]);

/**
 * Splits JavaScript source into tokens, keeping comments (they carry parameter docs). It understands
 * strings, template literals (nested `${}` included), regular expressions, and comments; it does not
 * need to understand the whole language, only to never mistake a comma inside a string for a separator.
 */
export function tokenize(source: string, limit = Infinity): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let lineBefore = false;
  const push = (kind: Token["kind"], start: number) => {
    tokens.push({ kind, text: source.slice(start, i), start, end: i, lineBefore });
    lineBefore = false;
  };
  while (i < source.length && tokens.length < limit) {
    const c = source[i]!;
    const start = i;
    if (c === "\n" || c === "\r" || c === "\u2028" || c === "\u2029") {
      lineBefore = true;
      i++;
    } else if (/\s/.test(c)) i++;
    else if (c === "/" && source[i + 1] === "/") {
      while (i < source.length && source[i] !== "\n") i++;
      push("comment", start);
    } else if (c === "/" && source[i + 1] === "*") {
      const close = source.indexOf("*/", i + 2);
      i = close < 0 ? source.length : close + 2;
      push("comment", start);
    } else if (c === '"' || c === "'") {
      i = skipString(source, i, c);
      push("string", start);
    } else if (c === "`") {
      i = skipTemplate(source, i);
      push("template", start);
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(source[i + 1] ?? ""))) {
      while (i < source.length && /[0-9A-Za-z_.]/.test(source[i]!)) {
        if (
          (source[i] === "e" || source[i] === "E") &&
          (source[i + 1] === "-" || source[i + 1] === "+") &&
          !/^0[xob]/i.test(source.slice(start, i))
        )
          i++;
        i++;
      }
      push("number", start);
    } else if (NAME_START.test(c)) {
      while (i < source.length && NAME_PART.test(source[i]!)) i++;
      push("name", start);
    } else if (c === "/" && regexAllowed(tokens)) {
      i = skipRegex(source, i);
      push("regex", start);
    } else {
      const multi = PUNCT.find((p) => source.startsWith(p, i));
      i += multi ? multi.length : 1;
      push("punct", start);
    }
  }
  return tokens;
}

function regexAllowed(tokens: Token[]): boolean {
  for (let j = tokens.length - 1; j >= 0; j--) {
    const t = tokens[j]!;
    if (t.kind === "comment") continue;
    return (t.kind === "punct" || t.kind === "name") && REGEX_AFTER.has(t.text);
  }
  return true;
}

function skipString(source: string, i: number, quote: string): number {
  i++;
  while (i < source.length && source[i] !== quote) i += source[i] === "\\" ? 2 : 1;
  return i + 1;
}

function skipTemplate(source: string, i: number): number {
  i++;
  while (i < source.length && source[i] !== "`") {
    if (source[i] === "\\") i += 2;
    else if (source[i] === "$" && source[i + 1] === "{") i = skipBraces(source, i + 1);
    else i++;
  }
  return i + 1;
}

// From an opening brace to just past its match, through strings, templates and comments.
function skipBraces(source: string, i: number): number {
  let depth = 0;
  for (const token of tokenize(source.slice(i))) {
    if (token.text === "{") depth++;
    else if (token.text === "}" && --depth === 0) return i + token.end;
  }
  return source.length;
}

function skipRegex(source: string, i: number): number {
  let inClass = false;
  i++;
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\\") i += 2;
    else if (c === "[") (inClass = true), i++;
    else if (c === "]") (inClass = false), i++;
    else if (c === "/" && !inClass) break;
    else if (c === "\n") return i;
    else i++;
  }
  i++;
  while (i < source.length && /[a-z]/.test(source[i]!)) i++;
  return i;
}
