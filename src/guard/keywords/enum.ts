// `enum` and `const`: the value is one of a list (`const` is a list of one). Their check, generated code,
// report and messages.
import { preview } from "../../util/text.js";
import { describeEnum } from "../describe.js";
import { jsonEqual } from "../equal.js";
import { miss, type Check } from "../interpret/check.js";
import type { Node } from "../node.js";
import { typeBits } from "../values.js";
import { failIf, type KeywordDeclaration, type Message, type ReportWriter, type StructureWriter } from "./keyword.js";
import type { Path } from "./path-code.js";
import { isJSONValue } from "../../util/json-value.js";
import { mustBe } from "./read.js";

/** Enums up to this size are written as comparisons; larger ones are a Set. */
const INLINE_ENUM = 8;

/**
 * `enum` / `const`: primitives are looked up in a Set, objects and arrays compared as JSON.
 *
 * @example
 * enumCheck(readSchema({ enum: ["c", "f"] }))!("k"); // false
 */
export function enumCheck(node: Node): Check | undefined {
  const values = node.enum;
  if (!values) return undefined;
  const code = node.isConst ? "const" : "enum";
  let expected: string | undefined;
  const fail: Check = (value, report, path) =>
    report !== undefined &&
    miss(report, code, path, (expected ??= node.isConst ? preview(values[0]) : describeEnum(values)), preview(value));
  if (values.every((value) => typeof value !== "object" || value === null)) {
    const set = new Set(values);
    return (value, report, path) => set.has(value) || fail(value, report, path);
  }
  return (value, report, path) => values.some((allowed) => jsonEqual(allowed, value)) || fail(value, report, path);
}

/**
 * Whether a few enum values, compared one by one, make the node's type test redundant.
 *
 * @example
 * enumAlone(readSchema({ enum: [1, 2] }))
 * // true
 */
export function enumAlone(node: Node): boolean {
  const values = node.enum;
  return (
    values !== undefined &&
    values.length <= INLINE_ENUM &&
    values.every((value) => (typeBits(value) & node.types) !== 0)
  );
}

/**
 * An expression true when `x` is none of the enum's values.
 *
 * @example
 * enumFails(["a", "b"], "v", writer)
 * // 'v !== "a" && v !== "b"'
 */
function enumFails(values: readonly unknown[], x: string, writer: StructureWriter): string {
  if (!values.length) return "true";
  const primitive = values.every((value) => typeof value !== "object" || value === null);
  if (primitive && values.length <= INLINE_ENUM) {
    return values.map((value) => `${x} !== ${JSON.stringify(value)}`).join(" && "); // -0 is written 0
  }
  if (primitive) return `!${writer.setOf(values)}.has(${x})`;
  return `!${writer.external(values)}.some((a) => ${writer.use("jsonEqual", jsonEqual)}(a, ${x}))`;
}

/**
 * `enum` / `const` as generated code.
 *
 * @example
 * enumSource(readSchema({ const: 1 }), "v", writer)
 * // "if (v !== 1) return false;\n"
 */
export function enumSource(node: Node, x: string, writer: StructureWriter): string {
  return node.enum ? failIf(enumFails(node.enum, x, writer)) : "";
}

/**
 * `enum` / `const` as report code.
 *
 * @example
 * enumReport(readSchema({ const: 1 }), "v", ROOT, reporter)
 * // 'if (v !== 1) {\nconst t = preview(v);\n...'
 */
export function enumReport(node: Node, x: string, path: Path, writer: ReportWriter): string {
  const values = node.enum;
  if (!values) return "";
  const expected = node.isConst ? preview(values[0]) : describeEnum(values);
  return `if (${enumFails(values, x, writer.src)}) ${writer.push(node.isConst ? "const" : "enum", path, expected, `${writer.src.use("preview", preview)}(${x})`)}`;
}

/**
 * The `enum` and `const` issues' message, from their expected and received texts.
 *
 * @example
 * enumMessage('"c" | "f"', '"k"'); // 'Expected "c" | "f", received "k"'
 */
export const enumMessage: Message = (expected, received) => `Expected ${expected}, received ${received}`;

/**
 * How `enum` and `const` are read: JSON values; `nullable: true` adds null to an enum; a `const` beside an enum
 * keeps the values equal to it. No value left (`enum: []`, a const the enum lacks): nothing matches.
 *
 * @example
 * enumKeyword.keys; // ["enum", "const"]
 */
export const enumKeyword = {
  keys: ["enum", "const"],
  check: enumCheck,
  issues: {
    enum: enumMessage,
    const: enumMessage,
  },
  read(schema, node, at) {
    const list = schema.enum;
    if (list !== undefined) {
      if (!Array.isArray(list) || !list.every((value) => isJSONValue(value)))
        throw mustBe("enum", at, "an array of JSON values", list);
      node.enum = schema.nullable === true && !list.includes(null) ? [...list, null] : list;
    }
    if (Object.hasOwn(schema, "const")) {
      const constant = schema.const;
      if (!isJSONValue(constant)) throw mustBe("const", at, "a JSON value", constant);
      node.enum = node.enum ? node.enum.filter((value) => jsonEqual(value, constant)) : [constant];
      node.isConst = true;
    }
    if (node.enum?.length === 0) node.never = true;
  },
} satisfies KeywordDeclaration;
