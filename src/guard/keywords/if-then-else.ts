// `if` / `then` / `else`: the value's verdict against `if` picks which of the two it must meet. No message of
// its own: the issues are those of `then` or `else`.
import type { Check, Build } from "../interpret/check.js";
import type { Node } from "../node.js";
import { failIf, type KeywordDeclaration, type StructureWriter } from "./keyword.js";

/**
 * `if`, `then`, `else` (draft 2020-12 section 10.2.2): `if` is tested plainly (its issues are never
 * listed: failing it is no error), then the value must meet `then` when it passed, `else` when not.
 *
 * @example
 * const check = conditionalCheck(readSchema({ if: { minimum: 0 }, then: { multipleOf: 2 } }), build)!;
 * check(3); // false: 3 is not negative, so it must be even
 */
export function conditionalCheck(node: Node, build: Build): Check | undefined {
  if (!node.if || (!node.then && !node.else)) return undefined;
  const test = build(node.if);
  const then = node.then && build(node.then);
  const otherwise = node.else && build(node.else);
  return (value, report, path) =>
    test(value)
      ? then === undefined || then(value, report, path)
      : otherwise === undefined || otherwise(value, report, path);
}

/**
 * `if` / `then` / `else` as generated code.
 *
 * @example
 * conditionalSource(node, "v", writer)
 * // "if (f1(v) ? !f2(v) : false) return false;\n"
 */
export function conditionalSource(node: Node, x: string, writer: StructureWriter): string {
  if (!node.if || (!node.then && !node.else)) return "";
  const branch = (part: Node | undefined) => (part ? `!${writer.fn(part)}(${x})` : "false");
  return failIf(`${writer.fn(node.if)}(${x}) ? ${branch(node.then)} : ${branch(node.else)}`);
}

/**
 * `if`, `then` and `else`: schemas; `then` and `else` alone mean nothing.
 *
 * @example
 * ifThenElse.keys
 * // ["if", "then", "else"]
 */
export const ifThenElse = {
  keys: ["if", "then", "else"],
  check: conditionalCheck,
  schemas: "one",
  place: "same",
  read(schema, node, at, reader) {
    if (schema.if === undefined) return;
    node.if = reader.read(schema.if, `${at}/if`);
    if (schema.then !== undefined) node.then = reader.read(schema.then, `${at}/then`);
    if (schema.else !== undefined) node.else = reader.read(schema.else, `${at}/else`);
  },
} satisfies KeywordDeclaration;
