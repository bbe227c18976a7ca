// `type`, and the `false` schema (`never`) that no value meets: the type test every guard path runs first, its
// generated code, its report and its messages.
import { typeName } from "../../util/text.js";
import { describeTypes } from "../describe.js";
import { always, miss, type Check } from "../interpret/check.js";
import { ANY, ARRAY, BOOLEAN, INTEGER, NULL, NUMBER, OBJECT, STRING, TYPE_BITS, type Node } from "../node.js";
import { typeBits } from "../values.js";
import {
  failUnless,
  type KeywordDeclaration,
  type Message,
  type ReportWriter,
  type StructureWriter,
} from "./keyword.js";
import type { Path } from "./path-code.js";
import { refuse } from "./read.js";

/**
 * `body` behind the node's type test; a value of another type is reported as such.
 *
 * @example
 * typed(STRING, always)(1, issues, "");
 * // false; issues: [{ code: "type", message: "Expected string, received integer", ... }]
 */
export function typed(types: number, body: Check): Check {
  const expected = describeTypes(types);
  const wrongType: Check = (value, report, path) =>
    report !== undefined && miss(report, "type", path, expected, typeName(value));
  return body === always
    ? (value, report, path) => hasType(value, types) || wrongType(value, report, path)
    : (value, report, path) => (hasType(value, types) ? body(value, report, path) : wrongType(value, report, path));
}

/** Whether a value has one of the type bits, inline for the single types. @example hasType(1.5, INTEGER) // false */
export function hasType(value: unknown, bits: number): boolean {
  switch (bits) {
    case STRING:
      return typeof value === "string";
    case NUMBER:
    case NUMBER | INTEGER:
      return typeof value === "number" && Number.isFinite(value);
    case INTEGER:
      return Number.isInteger(value);
    case BOOLEAN:
      return typeof value === "boolean";
    case OBJECT:
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case ARRAY:
      return Array.isArray(value);
    case NULL:
      return value === null;
    case ANY:
      return true;
    default:
      return (typeBits(value) & bits) !== 0;
  }
}

/**
 * The `false` schema: nothing passes, one `never` issue.
 *
 * @example
 * neverCheck(null, issues, "")
 * // false; issues: [{ code: "never", ... }]
 */
export const neverCheck: Check = (_v, report, path) => report !== undefined && miss(report, "never", path);

/**
 * A JavaScript expression testing `x` against `type` bits.
 *
 * @example
 * typeTest(ARRAY, "v", writer)
 * // "Array.isArray(v)"
 */
export function typeTest(bits: number, x: string, writer: StructureWriter): string {
  switch (bits) {
    case STRING:
      return `typeof ${x} === "string"`;
    case NUMBER:
    case NUMBER | INTEGER:
      return `Number.isFinite(${x})`;
    case INTEGER:
      return `Number.isInteger(${x})`;
    case BOOLEAN:
      return `typeof ${x} === "boolean"`;
    case NULL:
      return `${x} === null`;
    case ARRAY:
      return `Array.isArray(${x})`;
    case OBJECT:
      return `typeof ${x} === "object" && ${x} !== null && !Array.isArray(${x})`;
    default:
      return `(${writer.use("typeBits", typeBits)}(${x}) & ${bits}) !== 0`;
  }
}

/**
 * `type` as generated code (none for a node that allows any type).
 *
 * @example
 * typeSource(readSchema({ type: "string" }), "v", writer)
 * // 'if (!(typeof v === "string")) return false;\n'
 */
export function typeSource(node: Node, x: string, writer: StructureWriter): string {
  return node.types === ANY ? "" : failUnless(typeTest(node.types, x, writer));
}

/**
 * `type` as report code around `body`, the report of the node's other keywords.
 *
 * @example
 * typeReport(node, "v", ROOT, "", reporter)
 */
export function typeReport(node: Node, x: string, path: Path, body: string, writer: ReportWriter): string {
  if (node.types === ANY) return body;
  const wrongType = writer.push(
    "type",
    path,
    describeTypes(node.types),
    `${writer.src.use("typeName", typeName)}(${x})`,
  );
  return `if (!(${typeTest(node.types, x, writer.src)})) ${wrongType}${body && `else {\n${body}}\n`}`;
}

/**
 * The `type` issue's message (`enum` and `const` word theirs alike).
 *
 * @example
 * typeMessage("string", "integer"); // "Expected string, received integer"
 */
export const typeMessage: Message = (expected, received) => `Expected ${expected}, received ${received}`;

/**
 * The `never` issue's message: the schema is `false`.
 *
 * @example
 * neverMessage(undefined, undefined); // "No value is allowed here"
 */
export const neverMessage: Message = () => "No value is allowed here";

/**
 * `type`: a name or a list of names; OpenAPI 3.0's `nullable: true` (as Gemini writes it) adds null. Its issues
 * are a value of another type, and any value where the schema is `false` (`never`).
 *
 * @example
 * type.keys; // ["type", "nullable"]
 */
export const type = {
  keys: ["type", "nullable"],
  issues: {
    type: typeMessage,
    never: neverMessage,
  },
  read(schema, node, at) {
    if (schema.type === undefined) return; // `nullable` alone widens an enum (./enum.ts)
    const bits = Array.isArray(schema.type)
      ? schema.type.reduce((all: number, name) => all | typeBit(name, at), 0)
      : typeBit(schema.type, at);
    node.types = bits | (schema.nullable === true ? NULL : 0);
  },
} satisfies KeywordDeclaration;

function typeBit(name: unknown, at: string): number {
  const bit = typeof name === "string" ? TYPE_BITS.get(name) : undefined;
  if (bit === undefined)
    throw refuse(`unknown type ${JSON.stringify(name)}`, `${at}/type`, `(known: ${[...TYPE_BITS.keys()].join(", ")})`);
  return bit;
}
