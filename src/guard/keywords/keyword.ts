import type { Build, Check } from "../interpret/check.js";
import { ARRAY, INTEGER, NUMBER, OBJECT, STRING, type Node } from "../node.js";
import type { IssueCode } from "../issue.js";
import type { Path } from "./path-code.js";
import type { SchemaReader } from "./read.js";

/** How a schema key holds sub-schemas: one schema, a list of schemas, or a map of schemas by name. */
export type SlotKind = "one" | "list" | "map";

/**
 * Where a node field's sub-schemas are checked: against the node's own value (`same`: allOf, not, if), or one value
 * level down, against its items, property values or property names (`child`).
 */
export type PartPlace = "same" | "child";

/**
 * What a keyword module declares, and everything else derives from (the list in `./index.ts`): the schema keys it
 * reads, which of them hold sub-schemas, the node fields it writes them to, its issue codes with their messages, and
 * its reading. The walks over raw schemas (`$id` resources, defaults) follow `schemas`; the walks over read nodes
 * (reachable nodes, `$ref` loops, revisits) follow `parts`; `IssueCode` and the message table are the union of
 * `issues`. Its checks and generated code are exported beside it, so that an app carries only the guard paths it
 * runs.
 *
 * @example
 * const not = {
 *   keys: ["not"],
 *   schemas: "one",
 *   place: "same",
 *   issues: { not: (expected) => `Value must not match ${expected}` },
 *   check: notCheck,
 * } satisfies KeywordDeclaration;
 */
export interface KeywordDeclaration {
  /** The schema keys it reads, together: `read` is called once per schema object holding any of them. */
  readonly keys: readonly string[];
  /** How each of its keys holds sub-schemas, when they do. */
  readonly schemas?: SlotKind;
  /**
   * Where its sub-schemas are checked. They are read into the node fields named as its keys (a node, a list of
   * nodes, or a list of entries with a `node`); a key of a draft-07 form (`additionalItems`) writes another's field.
   */
  readonly place?: PartPlace;
  /** Its issue codes, each with its message. */
  readonly issues?: { readonly [code: string]: Message };
  /**
   * The JSON type its check is for: it runs on values of that type only (a number's keywords test integers too). A
   * keyword without a check of its own (checked in another's walk) needs none.
   */
  readonly applies?: "string" | "number" | "array" | "object";
  /** Its interpreted check of a node, when the node has it (a value keyword's is built from `holds`). */
  check?(node: Node, build: Build): Check | undefined;
  /**
   * Checks its keys in a schema object and writes them into the node; sub-schemas are read through `reader`. Without
   * it, each of its keys holds one schema (`schemas: "one"`), read into the node field of the key's name.
   */
  read?(schema: Readonly<Record<string, unknown>>, node: Node, at: string, reader: SchemaReader): void;
}

/**
 * A keyword that tests one value of one JSON type against the limit the schema gives it (`minLength: 2`,
 * `pattern`, `multipleOf`), and says what went wrong. The interpreter reads this; the generated code
 * reads the keyword's `KeywordSource` beside it, so an app without generated code carries no source text.
 *
 * @example
 * minLength.holds("ab", 2);                                    // true
 * minLength.issues.min_length(minLength.expected(2), "1");   // "Expected at least 2 characters, received 1"
 */
export interface ValueKeyword<V = never, L = never> extends KeywordDeclaration {
  readonly applies: "string" | "number";
  /** Where the checked schema (`Node`) keeps the keyword's limit, when not in the field named as its key. */
  readonly key?: keyof Node;
  /** Its issue's code first, with its message. */
  readonly issues: { readonly [code: string]: Message };
  /** Whether the value meets the limit. */
  readonly holds: (value: V, limit: L) => boolean;
  /** The issue's `expected` text. */
  readonly expected: (limit: L) => string | undefined;
  /** The issue's `received` text. */
  readonly received: (value: V) => string;
}

/** The node field holding a value keyword's limit. @example limitField(minLength) // "minLength" */
export function limitField(keyword: ValueKeyword<never, never>): keyof Node {
  return keyword.key ?? (keyword.keys[0] as keyof Node);
}

/** A value keyword's issue code: the first it declares. @example valueCode(pattern) // "pattern" */
export function valueCode(keyword: ValueKeyword<never, never>): string {
  return Object.keys(keyword.issues)[0]!;
}

/** What generated code needs of the writer: a name for a value the code closes over, declared once. */
export interface SourceWriter {
  /** Declares `value` for the code under `name` (once per name), returning the name. */
  use(name: string, value: unknown): string;
  /** Declares a value of its own (a RegExp, a format check), returning its name. */
  external(value: unknown): string;
}

/**
 * A value keyword as generated code: JavaScript expressions for its test and its received text.
 *
 * @example
 * minLengthSource.holds("v", 2, writer); // "longEnough(v, 2)"
 */
export interface KeywordSource<L = never> {
  /** An expression true when `x` meets `limit`. */
  readonly holds: (x: string, limit: L, writer: SourceWriter) => string;
  /**
   * For a keyword that can fail in more than one way (`pattern`): a statement pushing the issue of `x` to `r`, `path`
   * an expression.
   */
  readonly report?: (x: string, limit: L, path: string, writer: SourceWriter) => string;
  /** An expression for the received text of `x`. */
  readonly received: (x: string, writer: SourceWriter) => string;
}

/** A number expression's text (as `String(n)`, which engines run slower than a concatenation). */
export const numberText = (expr: string) => `"" + ${expr}`;

/**
 * What a structural keyword's generated code (`properties`, `anyOf`, `$ref`, ...) needs of the writer: fresh
 * names, and the code of the sub-schemas it applies, inlined or as functions.
 *
 * @example
 * const source = notSource(node, "v", writer); // "if (f3(v)) return false;\n"
 */
export interface StructureWriter extends SourceWriter {
  /** A fresh variable name starting with `prefix`. */
  id(prefix: string): string;
  /** Statements that `return false` unless `x` satisfies `node`, inlined. */
  body(node: Node, x: string): string;
  /** The name of a function `(v) => boolean` for `node`, written once. */
  fn(node: Node): string;
  /** The name of a function testing `x` against a `$ref` target, which counts `$ref` levels. */
  refFn(target: Node): string;
  /** A function `(node, value) => boolean` for the nodes `unevaluated*` tests, `rest` (its schema) among them. */
  tester(node: Node, rest: Node): string;
  /** A JavaScript expression testing `x` against `type` bits. */
  typeTest(bits: number, x: string): string;
  /** The name of a Set of enum values, one per distinct list (a schema often repeats a list: from/to). */
  setOf(values: readonly unknown[]): string;
}

/**
 * A statement refusing the value when `condition` holds.
 *
 * @example
 * failIf("v.length > 3")
 * // "if (v.length > 3) return false;\n"
 */
export function failIf(condition: string): string {
  return `if (${condition}) return false;\n`;
}

/**
 * A statement refusing the value unless `test` holds.
 *
 * @example
 * failUnless("f2(v)")
 * // "if (!(f2(v))) return false;\n"
 */
export function failUnless(test: string): string {
  return failIf(`!(${test})`);
}

/** An issue's message from its `expected` and `received` texts; each keyword module exports its own. */
export type Message = (expected: string | undefined, received: string | undefined) => string;

/**
 * What a structural keyword's report code needs: the guard's writer, the report of a sub-schema, and statements
 * that push an issue (its message written at generation time).
 *
 * @example
 * out += `if (${x}.length < 2) ${w.push("min_items", path, "2", numberText(`${x}.length`))}`;
 */
export interface ReportWriter {
  readonly src: StructureWriter;
  /** Statements reporting every issue of `x` against `node`, found at `path`. */
  node(node: Node, x: string, path: Path): string;
  /** Statements pushing an issue; `received` is an expression evaluated once. */
  push(code: IssueCode, path: Path, expected: string | undefined, received?: string): string;
}

/**
 * The JSON type bits of each `applies`.
 *
 * @example
 * APPLIES_BITS.number; // NUMBER | INTEGER
 */
export const APPLIES_BITS = {
  string: STRING,
  number: NUMBER | INTEGER,
  array: ARRAY,
  object: OBJECT,
} as const;
