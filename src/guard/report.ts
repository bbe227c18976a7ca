import { Generator, member, type Generated } from "./codegen.js";
import { NUMBER_SOURCES, STRING_SOURCES, type WithSource } from "./keywords/sources.js";
import { describe, describeEnum, describeTypes } from "./describe.js";
import type { Check } from "./interpret/check.js";
import { ANY, ARRAY, INTEGER, NUMBER, OBJECT, STRING, isPrototypeKey, type Node } from "./ir.js";
import { issueMessage, type IssueCode } from "./issue.js";
import { pointerSegment } from "../util/pointer.js";
import { preview } from "../util/text.js";

/**
 * A JSON Pointer as generated code builds it: a JavaScript expression (empty when there is none yet)
 * followed by constant text, so the constant parts of a path are one string literal in the source.
 */
interface Path {
  readonly expr: string;
  readonly text: string;
}

const ROOT: Path = { expr: "", text: "" };
const quote = (text: string) => JSON.stringify(text);
const render = (p: Path) => (p.expr ? (p.text ? `${p.expr} + ${quote(p.text)}` : p.expr) : quote(p.text));
const withText = (p: Path, text: string): Path => ({ expr: p.expr, text: p.text + text });
const withExpr = (p: Path, expr: string): Path => ({ expr: `${render(p)} + ${expr}`, text: "" });

/** The message's fixed pieces with the received text `t` between them, as one concatenation. */
function join(pieces: string[]): string {
  const terms: string[] = [];
  pieces.forEach((piece, i) => {
    if (i > 0) terms.push("t");
    if (piece) terms.push(quote(piece));
  });
  return terms.join(" + ");
}

/** A number expression's text (as `String(n)`, which engines run slower than a concatenation). */
const numberText = (expr: string) => `"" + ${expr}`;

// Stands for the received text while a message is written once at generation time and cut around it.
const RECEIVED = "\u0000received\u0000";

/**
 * Keywords whose reports are left to the interpreter: a node with any of them is reported by its
 * interpreted check. They are rare in tool schemas, and their reports (which union branch to blame,
 * how deep a `$ref` went) are worth keeping in one place.
 */
function leftToInterpreter(node: Node): boolean {
  return (
    node.anyOf !== undefined || node.oneOf !== undefined || node.not !== undefined || node.ref !== undefined || node.contains !== undefined ||
    node.patternProperties !== undefined || node.propertyNames !== undefined || node.minProperties !== undefined || node.maxProperties !== undefined ||
    node.if !== undefined || node.dependentRequired !== undefined || node.dependentSchemas !== undefined ||
    node.unevaluatedProperties !== undefined || node.unevaluatedItems !== undefined
  );
}

/**
 * Writes the error reporter of a schema: `report(value, issues)` pushes every issue of the value, the
 * same issues in the same order as the interpreter's reporting mode, with each message's fixed part
 * written into the source. `guard.errors` builds it on first use, where eval is allowed.
 *
 * @example
 * const { source, externals } = generateReport(readSchema(schema), interpreter({ depth: 0, call: 0, reporting: false }));
 * const report = new Function("E", source)(externals);
 * const issues: Issue[] = [];
 * report({ q: 1 }, issues); // issues: [{ code: "type", path: "/q", ... }]
 */
export function generateReport(root: Node, interpreted: (node: Node) => Check): Generated {
  const gen = new Reporter(new Generator(), interpreted);
  const body = gen.node(root, "v", ROOT);
  return { source: `"use strict";\n${gen.src.declarations}return function report(v, r) {\n${body}};`, externals: gen.src.externals };
}

class Reporter {
  constructor(
    readonly src: Generator,
    private readonly interpreted: (node: Node) => Check,
  ) {}

  /** Statements pushing an issue; `received` is an expression evaluated once. */
  private push(code: IssueCode, path: Path, expected: string | undefined, received?: string): string {
    let fields = `code: "${code}", path: ${render(path)}, message: `;
    if (received === undefined) fields += quote(issueMessage(code, expected, undefined));
    else {
      const pieces = issueMessage(code, expected, RECEIVED).split(RECEIVED);
      // More than two pieces: the expected text holds the stand-in itself, so the message is written at run time.
      fields += pieces.length <= 2 ? join(pieces) : this.call("issueMessage", quote(code), expected === undefined ? "undefined" : quote(expected), "t");
    }
    if (expected !== undefined) fields += `, expected: ${quote(expected)}`;
    if (received === undefined) return `r.push({ ${fields} });\n`;
    return `{\nconst t = ${received};\nr.push({ ${fields}, received: t });\n}\n`;
  }

  private call(helper: Parameters<Generator["helper"]>[0], ...args: string[]): string {
    return `${this.src.helper(helper)}(${args.join(", ")})`;
  }

  /** Statements reporting every issue of `x` against `node`, found at `path`. */
  node(node: Node, x: string, path: Path): string {
    if (leftToInterpreter(node)) return `${this.src.external(this.interpreted(node))}(${x}, r, ${render(path)});\n`;
    if (node.never) return this.push("never", path, undefined);
    const types = node.types;
    let body = "";
    if (node.enum) {
      const values = node.enum;
      const expected = node.isConst ? preview(values[0]) : describeEnum(values);
      body += `if (${this.src.enumFails(values, x)}) ${this.push(node.isConst ? "const" : "enum", path, expected, this.call("preview", x))}`;
    }
    if (types & STRING) body += this.src.onlyFor(types, STRING, x, this.values(node, x, path, STRING_SOURCES));
    if (types & (NUMBER | INTEGER)) body += this.src.onlyFor(types, NUMBER | INTEGER, x, this.values(node, x, path, NUMBER_SOURCES));
    if (types & ARRAY) body += this.src.onlyFor(types, ARRAY, x, this.array(node, x, path));
    if (types & OBJECT) body += this.src.onlyFor(types, OBJECT, x, this.object(node, x, path));
    for (const branch of node.allOf ?? []) body += this.node(branch, x, path);
    if (types === ANY) return body;
    const wrongType = this.push("type", path, describeTypes(types), this.call("typeName", x));
    return `if (!(${this.src.typeTest(types, x)})) ${wrongType}${body && `else {\n${body}}\n`}`;
  }

  /** Statements reporting each of the node's value keywords of one JSON type that `x` does not meet. */
  private values(node: Node, x: string, path: Path, keywords: readonly WithSource[]): string {
    let out = "";
    for (const [k, source] of keywords) {
      const limit = node[k.key] as never;
      if (limit !== undefined) out += `if (!(${source.holds(x, limit, this.src)})) ${this.push(k.code, path, k.expected(limit), source.received(x, this.src))}`;
    }
    return out;
  }

  private array(node: Node, x: string, path: Path): string {
    const { minItems, maxItems, prefixItems = [] } = node;
    let out = "";
    if (minItems) out += `if (${x}.length < ${minItems}) ${this.push("min_items", path, String(minItems), numberText(`${x}.length`))}`;
    if (maxItems !== undefined) out += `if (${x}.length > ${maxItems}) ${this.push("max_items", path, String(maxItems), numberText(`${x}.length`))}`;
    prefixItems.forEach((item, i) => {
      const y = this.src.id("v");
      const body = this.node(item, y, withText(path, `/${i}`));
      if (body) out += `if (${x}.length > ${i}) {\nconst ${y} = ${x}[${i}];\n${body}}\n`;
    });
    if (node.items) {
      const i = this.src.id("i"), y = this.src.id("v");
      const body = this.node(node.items, y, withExpr(withText(path, "/"), i));
      if (body) out += `for (let ${i} = ${prefixItems.length}; ${i} < ${x}.length; ${i}++) {\nconst ${y} = ${x}[${i}];\n${body}}\n`;
    }
    if (node.uniqueItems) out += `if (${this.call("hasDuplicates", x)}) ${this.push("unique_items", path, undefined, quote("some items are equal"))}`;
    return out;
  }

  private object(node: Node, x: string, path: Path): string {
    let out = "";
    for (const prop of node.properties ?? []) {
      const y = this.src.id("v");
      const at = withText(path, `/${pointerSegment(prop.key)}`);
      const body = this.node(prop.node, y, at);
      const read = isPrototypeKey(prop.key) ? this.call("ownValue", x, quote(prop.key)) : member(x, prop.key);
      if (prop.required) out += `const ${y} = ${read};\nif (${y} === undefined) ${this.push("required", at, describe(prop.node))}${body && `else {\n${body}}\n`}`;
      else if (body) out += `const ${y} = ${read};\nif (${y} !== undefined) {\n${body}}\n`;
    }
    for (const key of node.requiredOnly ?? []) {
      const missing = isPrototypeKey(key) ? `!${this.call("hasOwn", x, quote(key))}` : `${member(x, key)} === undefined`;
      out += `if (${missing}) ${this.push("required", withText(path, `/${pointerSegment(key)}`), "any value")}`;
    }
    const additional = node.additionalProperties;
    if (!additional) return out;
    const k = this.src.id("k");
    const at = withExpr(withText(path, "/"), this.call("pointerSegment", k));
    const declared = [...new Set(node.properties?.map((p) => p.key))];
    let loop: string;
    if (additional.never) {
      const allowed = declared.length ? `allowed properties are ${declared.join(", ")}` : "no properties are allowed";
      loop = this.push("additional_property", at, allowed, this.call("preview", k));
    } else {
      const y = this.src.id("v");
      const body = this.node(additional, y, at);
      if (!body) return out;
      loop = `const ${y} = ${x}[${k}];\n${body}`;
    }
    const skip = declared.length ? `if (${declared.map((key) => `${k} === ${quote(key)}`).join(" || ")}) continue;\n` : "";
    return `${out}for (const ${k} in ${x}) {\n${skip}${loop}}\n`;
  }
}
