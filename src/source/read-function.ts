import { tokenize, type Token } from "./tokens.js";
import { dedent } from "../util/dedent.js";

/** What a parameter's default is, as far as the source text tells. */
export type DefaultValue =
  | { readonly kind: "literal"; readonly value: unknown }
  | { readonly kind: "expression"; readonly text: string };

/** One parameter (or one key of a destructured object parameter) read from source. */
export interface SourceParameter {
  readonly name: string;
  readonly default?: DefaultValue;
  /** The comment written beside it (`a, // First thing to sum`). */
  readonly comment?: string;
  /** A destructured object parameter: its keys. */
  readonly keys?: readonly SourceParameter[];
  /** `...rest`: never part of a schema. */
  readonly rest?: boolean;
  /** Array destructuring or another pattern that has no single name. */
  readonly pattern?: string;
}

/** What the source text of a function says about it. */
export interface SourceFunction {
  readonly name: string;
  readonly parameters: readonly SourceParameter[];
  /** The docstring: a string directive opening the body, else the comment that opens it. */
  readonly doc?: string;
}

/**
 * Thrown when a function's source cannot be read; says which function and how to fix it.
 *
 * @example
 * functionToToolFromSource("not a function");
 * // throws SourceError: functionToTool: cannot find the parameters of an anonymous function
 */
export class SourceError extends TypeError {
  override readonly name = "SourceError";
}

/**
 * Reads a function's name, parameters, literal defaults, docstring and parameter comments from its
 * source text (`Function.prototype.toString`), the only place JavaScript keeps them.
 *
 * @example
 * readFunction(function add(a, b = 1) { "Adds a and b."; return a + b });
 * // { name: "add", doc: "Adds a and b.", parameters: [{ name: "a" }, { name: "b", default: { kind: "literal", value: 1
 * // } }] }
 */
export function readFunction(fn: Function): SourceFunction {
  const label = fn.name ? `"${fn.name}"` : "an anonymous function";
  const source = Function.prototype.toString.call(fn);
  if (/\{\s*\[native code\]\s*\}\s*$/.test(source)) {
    throw new SourceError(
      `functionToTool: cannot read the source of ${label} (a built-in or bound function); wrap it in a documented function or use tool({...})`,
    );
  }
  return readSource(source, fn.name);
}

/**
 * Reads a function's source text without running it (for text typed by a person, where `eval` may be
 * blocked). The name is `name` when given, else the one after `function` (`""` for an arrow function).
 *
 * @example
 * readSource('function add(a, b = 1) { "Adds a and b." }').name; // "add"
 */
export function readSource(source: string, name?: string): SourceFunction {
  const tokens = tokenize(source);
  if (name === undefined) {
    const code = tokens.filter((t) => t.kind !== "comment");
    let j = code[0]?.text === "async" ? 1 : 0;
    if (code[j]?.text === "function") j += code[j + 1]?.text === "*" ? 2 : 1;
    else j = -1;
    name = j >= 0 && code[j]?.kind === "name" ? code[j]!.text : "";
  }
  const fn = { name };
  const label = fn.name ? `"${fn.name}"` : "an anonymous function";
  const code = tokens.filter((t) => t.kind !== "comment");
  if (code[0]?.text === "class")
    throw new SourceError(`functionToTool: ${label} is a class; pass a function or a method`);

  // Find the parameter list: `x => ...` (one bare parameter), or the first "(".
  let open = -1;
  let single: Token | undefined;
  for (let j = 0; j < code.length; j++) {
    const t = code[j]!;
    if (t.text === "(") {
      open = tokens.indexOf(t);
      break;
    }
    if (t.kind === "name" && code[j + 1]?.text === "=>") {
      single = t;
      break;
    }
  }
  let parameters: SourceParameter[];
  let bodyFrom: number;
  if (single) {
    parameters = [{ name: single.text }];
    bodyFrom = tokens.indexOf(single) + 1;
  } else {
    if (open < 0) throw new SourceError(`functionToTool: cannot find the parameters of ${label}`);
    const close = matching(tokens, open);
    parameters = readList(tokens.slice(open + 1, close));
    bodyFrom = close + 1;
  }
  return { name: fn.name, parameters, doc: readDoc(tokens.slice(bodyFrom)) };
}

// Index of the bracket closing the one at `open`.
function matching(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let j = open; j < tokens.length; j++) {
    const text = tokens[j]!.text;
    if (tokens[j]!.kind !== "punct") continue;
    if (text === "(" || text === "[" || text === "{") depth++;
    else if ((text === ")" || text === "]" || text === "}") && --depth === 0) return j;
  }
  return tokens.length;
}

// Splits a parameter list (or a destructuring pattern's inside) at top-level commas. A comment on the
// same line as an entry documents it (`a, // First thing`), unless the next entry follows it on that line
// (`/* first */ a, /* second */ b`); a comment on its own line documents the next. Empty comments say nothing.
function readList(tokens: readonly Token[]): SourceParameter[] {
  interface Entry {
    tokens: Token[];
    trailing?: string;
    leading: string[];
  }
  const entries: Entry[] = [];
  let current: Entry = { tokens: [], leading: [] };
  let last: Entry | undefined; // the entry the latest code token belongs to
  let depth = 0;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind === "comment") {
      const text = cleanComment(t.text);
      if (depth > 0 || !text) continue;
      const beforeNext = current.tokens.length === 0 && codeFollowsOnLine(tokens, k);
      if (!t.lineBefore && last && !beforeNext) last.trailing ??= text;
      else current.leading.push(text);
      continue;
    }
    if (t.kind === "punct" && (t.text === "(" || t.text === "[" || t.text === "{")) depth++;
    if (t.kind === "punct" && (t.text === ")" || t.text === "]" || t.text === "}")) depth--;
    if (depth === 0 && t.text === ",") {
      if (current.tokens.length) entries.push(current);
      current = { tokens: [], leading: [] };
      continue;
    }
    current.tokens.push(t);
    last = current;
  }
  if (current.tokens.length) entries.push(current);
  return entries.map((e) => readEntry(e.tokens, e.trailing ?? (e.leading.length ? e.leading.join("\n") : undefined)));
}

// Code (not only comments) follows token `k` before the line ends.
function codeFollowsOnLine(tokens: readonly Token[], k: number): boolean {
  for (let j = k + 1; j < tokens.length && !tokens[j]!.lineBefore; j++) if (tokens[j]!.kind !== "comment") return true;
  return false;
}

function readEntry(tokens: readonly Token[], comment: string | undefined): SourceParameter {
  const withComment = <P extends SourceParameter>(p: P): P => (comment === undefined ? p : { ...p, comment });
  const first = tokens[0]!;
  if (first.text === "...") return withComment({ name: tokens[1]?.text ?? "rest", rest: true });
  const eq = tokens.findIndex((t, j) => t.text === "=" && depthAt(tokens, j) === 0);
  const head = eq < 0 ? tokens : tokens.slice(0, eq);
  const init = eq < 0 ? undefined : tokens.slice(eq + 1);
  const fallback = init ? readDefault(init) : undefined;
  if (first.text === "{") {
    const keys = readList(head.slice(1, matching(head, 0)));
    return withComment({ name: "", keys, ...(fallback && { default: fallback }) });
  }
  if (first.text === "[") return withComment({ name: "", pattern: head.map((t) => t.text).join("") });
  // In a destructuring pattern, `key: alias` names the property `key`; TypeScript-free source has no type here.
  const name = first.kind === "string" ? (literalValue(first) as string) : first.text;
  const nested = head[1]?.text === ":" && (head[2]?.text === "{" || head[2]?.text === "[");
  return withComment({
    name,
    ...(fallback && { default: fallback }),
    ...(nested && {
      pattern: head
        .slice(2)
        .map((t) => t.text)
        .join(""),
    }),
  });
}

function depthAt(tokens: readonly Token[], index: number): number {
  let depth = 0;
  for (let j = 0; j < index; j++) {
    const text = tokens[j]!.text;
    if (tokens[j]!.kind !== "punct") continue;
    if (text === "(" || text === "[" || text === "{") depth++;
    else if (text === ")" || text === "]" || text === "}") depth--;
  }
  return depth;
}

/** Reads a default value when it is a literal (numbers, strings, booleans, null, arrays and objects of them). */
function readDefault(tokens: readonly Token[]): DefaultValue {
  const text = tokens.map((t) => t.text).join(" ");
  try {
    const reader = { at: 0 };
    const value = readLiteral(tokens, reader);
    if (reader.at === tokens.length) return { kind: "literal", value };
  } catch {
    // not a literal
  }
  return { kind: "expression", text };
}

const NOT_LITERAL = /* @__PURE__ */ new Error("not a literal");

function readLiteral(tokens: readonly Token[], r: { at: number }): unknown {
  const t = tokens[r.at++];
  if (!t) throw NOT_LITERAL;
  if (t.kind === "string" || (t.kind === "template" && !t.text.includes("${"))) return literalValue(t);
  if (t.kind === "number") return numberValue(t.text);
  if (t.text === "-" || t.text === "+") {
    const n = tokens[r.at++];
    if (n?.kind !== "number") throw NOT_LITERAL;
    return (t.text === "-" ? -1 : 1) * numberValue(n.text);
  }
  if (t.kind === "name") {
    if (t.text === "true") return true;
    if (t.text === "false") return false;
    if (t.text === "null") return null;
    if (t.text === "undefined") return undefined;
    throw NOT_LITERAL;
  }
  if (t.text === "[") {
    const out: unknown[] = [];
    while (tokens[r.at]?.text !== "]") {
      out.push(readLiteral(tokens, r));
      if (tokens[r.at]?.text === ",") r.at++;
      else if (tokens[r.at]?.text !== "]") throw NOT_LITERAL;
    }
    r.at++;
    return out;
  }
  if (t.text === "{") {
    const out: Record<string, unknown> = {};
    while (tokens[r.at]?.text !== "}") {
      const key = tokens[r.at++];
      if (
        !key ||
        (key.kind !== "name" && key.kind !== "string" && key.kind !== "number") ||
        tokens[r.at++]?.text !== ":"
      )
        throw NOT_LITERAL;
      out[key.kind === "string" ? (literalValue(key) as string) : key.text] = readLiteral(tokens, r);
      if (tokens[r.at]?.text === ",") r.at++;
      else if (tokens[r.at]?.text !== "}") throw NOT_LITERAL;
    }
    r.at++;
    return out;
  }
  throw NOT_LITERAL;
}

function numberValue(text: string): number {
  const n = Number(text.replace(/_/g, ""));
  if (Number.isNaN(n)) throw NOT_LITERAL;
  return n;
}

/** The value of a string or substitution-free template token. */
function literalValue(token: Token): string {
  const inner = token.text.slice(1, -1);
  if (token.kind === "template") return inner.replace(/\\([\\`$])/g, "$1").replace(/\\n/g, "\n");
  return inner.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (_, e: string) => {
    if (e[0] === "u") return String.fromCodePoint(parseInt(e.replace(/[u{}]/g, ""), 16));
    if (e[0] === "x" && e.length === 3) return String.fromCharCode(parseInt(e.slice(1), 16));
    return (
      ({ n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v", 0: "\0" } as Record<string, string>)[e] ??
      (e === "\n" ? "" : e)
    );
  });
}

// The docstring: string directives (or a substitution-free template) opening the body, else its opening comments.
function readDoc(tokens: readonly Token[]): string | undefined {
  let j = 0;
  if (tokens[j]?.text === "=>") j++;
  if (tokens[j]?.text !== "{") return undefined; // an expression-bodied arrow has no docstring
  j++;
  const comments: string[] = [];
  const directives: string[] = [];
  while (j < tokens.length) {
    const t = tokens[j]!;
    if (t.kind === "comment") {
      if (!directives.length) comments.push(cleanComment(t.text));
      j++;
      continue;
    }
    const next = tokens.slice(j + 1).find((n) => n.kind !== "comment");
    const ends = !next || next.text === ";" || next.text === "}" || next.lineBefore;
    if (
      (t.kind === "string" || (t.kind === "template" && !t.text.includes("${"))) &&
      ends &&
      !(next && /^[.[(`+\-*/%?]/.test(next.text) && !next.lineBefore)
    ) {
      const value = literalValue(t);
      if (value !== "use strict") directives.push(value);
      j++;
      if (tokens[j]?.text === ";") j++;
      continue;
    }
    break;
  }
  const text = directives.length ? directives.join("\n") : comments.join("\n");
  return dedent(text).trim() || undefined;
}

/** A comment's text without its markers and the `*` gutters of a block comment. */
export function cleanComment(text: string): string {
  if (text.startsWith("//")) return text.slice(2).trim();
  return text
    .replace(/^\/\*/, "")
    .replace(/\*\/$/, "")
    .replace(/^\*+|\*+$/g, "") // `/**` and `**/`; done after the markers so that `/**/` is empty
    .split("\n")
    .map((line) => line.replace(/^\s*\* ?/, ""))
    .join("\n")
    .trim();
}
