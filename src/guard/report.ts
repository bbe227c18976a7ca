import { Generator, type Generated } from "./codegen.js";
import { NUMBER_SOURCES, STRING_SOURCES, type WithSource } from "./keywords/sources.js";
import { allOfReport } from "./keywords/all-of.js";
import { enumReport } from "./keywords/enum.js";
import { itemsReport } from "./keywords/array-walk.js";
import type { ReportWriter } from "./keywords/keyword.js";
import { ROOT, quote, render, type Path } from "./keywords/path-code.js";
import { propertiesReport } from "./keywords/object-walk.js";
import { typeReport } from "./keywords/type.js";
import { uniqueItemsReport } from "./keywords/unique-items.js";
import type { Check } from "./interpret/check.js";
import { ARRAY, INTEGER, NUMBER, OBJECT, STRING, type Node } from "./node.js";
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
 * Keywords whose reports are left to the interpreter: a node with any of them is reported by its
 * interpreted check. They are rare in tool schemas, and their reports (which union branch to blame,
 * how deep a `$ref` went) are worth keeping in one place.
 */
function leftToInterpreter(node: Node): boolean {
  return (
    node.anyOf !== undefined ||
    node.oneOf !== undefined ||
    node.not !== undefined ||
    node.ref !== undefined ||
    node.contains !== undefined ||
    node.patternProperties !== undefined ||
    node.propertyNames !== undefined ||
    node.minProperties !== undefined ||
    node.maxProperties !== undefined ||
    node.if !== undefined ||
    node.dependentRequired !== undefined ||
    node.dependentSchemas !== undefined ||
    node.unevaluatedProperties !== undefined ||
    node.unevaluatedItems !== undefined ||
    node.enters !== undefined
  );
}

/**
 * Writes the error reporter of a schema: `report(value, issues)` pushes every issue of the value, the
 * same issues in the same order as the interpreter's reporting mode, with each message's fixed part
 * written into the source. `guard.errors` builds it on first use, where eval is allowed.
 *
 * @example
 * const root = readSchema(schema);
 * const { source, externals } = generateReport(root, interpreter({ depth: 0, call: 0, reporting: false, scope: [] }, recursionOf(root)));
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

  /** Statements reporting every issue of `x` against `node`, found at `path`: each keyword's report (./keywords/), in the interpreter's order. */
  node(node: Node, x: string, path: Path): string {
    if (leftToInterpreter(node)) return `${this.src.external(this.interpreted(node))}(${x}, r, ${render(path)});\n`;
    if (node.never) return this.push("never", path, undefined);
    const types = node.types;
    let body = enumReport(node, x, path, this);
    if (types & STRING) body += this.src.onlyFor(types, STRING, x, this.values(node, x, path, STRING_SOURCES));
    if (types & (NUMBER | INTEGER))
      body += this.src.onlyFor(types, NUMBER | INTEGER, x, this.values(node, x, path, NUMBER_SOURCES));
    if (types & ARRAY)
      body += this.src.onlyFor(
        types,
        ARRAY,
        x,
        itemsReport(node, x, path, this) + uniqueItemsReport(node, x, path, this),
      );
    if (types & OBJECT) body += this.src.onlyFor(types, OBJECT, x, propertiesReport(node, x, path, this));
    body += allOfReport(node, x, path, this);
    return typeReport(node, x, path, body, this);
  }

  /** Statements reporting each of the node's value keywords of one JSON type that `x` does not meet. */
  private values(node: Node, x: string, path: Path, keywords: readonly WithSource[]): string {
    let out = "";
    for (const [k, source] of keywords) {
      const limit = node[k.key] as never;
      if (limit === undefined) continue;
      if (source.report) out += source.report(x, limit, render(path), this.src);
      else
        out += `if (!(${source.holds(x, limit, this.src)})) ${this.push(k.code as IssueCode, path, k.expected(limit), source.received(x, this.src))}`;
    }
    return out;
  }
}
