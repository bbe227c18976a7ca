// `if` / `then` / `else`: the value's verdict against `if` picks which of the two it must meet. No message of
// its own: the issues are those of `then` or `else`.
import type { Check, Build } from "../interpret/check.js";
import type { Node } from "../node.js";
import { failIf, type StructureWriter } from "./keyword.js";
import type { KeywordReader } from "./read.js";

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
  return (v, r, p) => (test(v) ? then === undefined || then(v, r, p) : otherwise === undefined || otherwise(v, r, p));
}

/** `if` / `then` / `else` as generated code. @example conditionalSource(node, "v", writer) // "if (f1(v) ? !f2(v) : false) return false;\n" */
export function conditionalSource(node: Node, x: string, w: StructureWriter): string {
  if (!node.if || (!node.then && !node.else)) return "";
  const branch = (part: Node | undefined) => (part ? `!${w.fn(part)}(${x})` : "false");
  return failIf(`${w.fn(node.if)}(${x}) ? ${branch(node.then)} : ${branch(node.else)}`);
}

/** How `if`, `then` and `else` are read; `then` and `else` without `if` say nothing (2020-12 section 10.2.2). @example conditionalReader.keys // ["if", "then", "else"] */
export const conditionalReader: KeywordReader = {
  keys: ["if", "then", "else"],
  read(s, node, at, r) {
    if (s.if === undefined) return;
    node.if = r.read(s.if, `${at}/if`);
    if (s.then !== undefined) node.then = r.read(s.then, `${at}/then`);
    if (s.else !== undefined) node.else = r.read(s.else, `${at}/else`);
  },
};
