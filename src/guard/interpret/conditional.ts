// `if` / `then` / `else`: the value's verdict against `if` picks which of the two it must meet.
import type { Check, Build } from "./check.js";
import type { Node } from "../ir.js";

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
