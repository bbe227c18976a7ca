import { Generator, type Generated } from "./codegen.js";
import { GENERATED } from "./keywords/generated.js";
import { keywords } from "./keywords/index.js";
import {
  APPLIES_BITS,
  limitField,
  valueCode,
  type KeywordDeclaration,
  type ReportWriter,
  type ValueKeyword,
} from "./keywords/keyword.js";
import { ROOT, quote, render, type Path } from "./keywords/path-code.js";
import { typeReport } from "./keywords/type.js";
import type { Check } from "./interpret/check.js";
import type { Node } from "./node.js";
import { issueMessage, type IssueCode } from "./issue.js";

// Stands for the received text while a message is written once at generation time and cut around it.
const RECEIVED = "\u0000received\u0000";

/** The message's fixed pieces with the received text `t` between them, as one concatenation. */
function join(pieces: string[]): string {
  const terms: string[] = [];
  pieces.forEach((piece, i) => {
    if (i > 0) terms.push("t");
    if (piece) terms.push(quote(piece));
  });
  return terms.join(" + ");
}

/**
 * Whether the node's report is left to the interpreter: it has a keyword whose generated forms write no report
 * (`./keywords/generated.ts`), a `$ref`, or it enters a resource. Those keywords are rare in tool schemas, and their
 * reports (which union branch to blame, how deep a `$ref` went) are worth keeping in one place.
 */
function leftToInterpreter(node: Node): boolean {
  if (node.ref !== undefined || node.enters !== undefined) return true;
  for (const keyword of keywords()) {
    const form = GENERATED.get(keyword)!;
    if ("holds" in form || form.report) continue;
    for (const key of keyword.keys) if (node[key as keyof Node] !== undefined) return true;
  }
  return false;
}

/**
 * Writes the error reporter of a schema: `report(value, issues)` pushes every issue of the value, the
 * same issues in the same order as the interpreter's reporting mode, with each message's fixed part
 * written into the source. `guard.errors` builds it on first use, where eval is allowed.
 *
 * @example
 * const root = readSchema(schema);
 * const { source, externals } = generateReport(
 *   root,
 *   interpreter({ depth: 0, call: 0, reporting: false, scope: [] }, recursionOf(root)),
 * );
 * const report = new Function("E", source)(externals);
 * const issues: Issue[] = [];
 * report({ q: 1 }, issues); // issues: [{ code: "type", path: "/q", ... }]
 */
export function generateReport(root: Node, interpreted: (node: Node) => Check): Generated {
  const gen = new Reporter(new Generator(), interpreted);
  const body = gen.node(root, "v", ROOT);
  return {
    source: `"use strict";\n${gen.src.declarations}return function report(v, r) {\n${body}};`,
    externals: gen.src.externals,
  };
}

class Reporter implements ReportWriter {
  constructor(
    readonly src: Generator,
    private readonly interpreted: (node: Node) => Check,
  ) {}

  /** Statements pushing an issue; `received` is an expression evaluated once. */
  push(code: IssueCode, path: Path, expected: string | undefined, received?: string): string {
    let fields = `code: "${code}", path: ${render(path)}, message: `;
    if (received === undefined) fields += quote(issueMessage(code, expected, undefined));
    else {
      const pieces = issueMessage(code, expected, RECEIVED).split(RECEIVED);
      // More than two pieces: the expected text holds the stand-in itself, so the message is written at run time.
      fields +=
        pieces.length <= 2
          ? join(pieces)
          : `${this.src.use("issueMessage", issueMessage)}(${quote(code)}, ${expected === undefined ? "undefined" : quote(expected)}, t)`;
    }
    if (expected !== undefined) fields += `, expected: ${quote(expected)}`;
    if (received === undefined) return `r.push({ ${fields} });\n`;
    return `{\nconst t = ${received};\nr.push({ ${fields}, received: t });\n}\n`;
  }

  /**
   * Statements reporting every issue of `x` against `node`, found at `path`: each keyword's report
   * (./keywords/generated.ts), in the keyword list's order, the type test around them.
   */
  node(node: Node, x: string, path: Path): string {
    if (leftToInterpreter(node)) return `${this.src.external(this.interpreted(node))}(${x}, r, ${render(path)});\n`;
    if (node.never) return this.push("never", path, undefined);
    const types = node.types;
    let body = "";
    let run = "";
    let applies: KeywordDeclaration["applies"];
    for (const keyword of keywords()) {
      if (!keyword.check && !("holds" in keyword)) continue; // reported with another (`type`, the walks' keywords)
      if (keyword.applies !== applies) {
        if (run) body += this.src.onlyFor(types, APPLIES_BITS[applies!], x, run);
        run = "";
        applies = keyword.applies;
      }
      if (applies === undefined) body += this.keywordReport(keyword, node, x, path);
      else if (types & APPLIES_BITS[applies]) run += this.keywordReport(keyword, node, x, path);
    }
    if (run) body += this.src.onlyFor(types, APPLIES_BITS[applies!], x, run);
    return typeReport(node, x, path, body, this);
  }

  /** Statements reporting the issue of one keyword of the node that `x` does not meet (none when the node lacks it). */
  private keywordReport(keyword: KeywordDeclaration, node: Node, x: string, path: Path): string {
    const form = GENERATED.get(keyword)!;
    if (!("holds" in form)) return form.report?.(node, x, path, this) ?? "";
    const value = keyword as ValueKeyword<never, never>;
    const limit = node[limitField(value)] as never;
    if (limit === undefined) return "";
    if (form.report) return form.report(x, limit, render(path), this.src);
    const code = valueCode(value) as IssueCode;
    return `if (!(${form.holds(x, limit, this.src)})) ${this.push(code, path, value.expected(limit), form.received(x, this.src))}`;
  }
}
