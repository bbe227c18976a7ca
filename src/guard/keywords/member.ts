// How generated code reads a property of an object by name: `v.key` or `v["a-b"]`, and an own-property test for the
// names every object inherits.
import { isPrototypeKey } from "../node.js";
import type { SourceWriter } from "./keyword.js";

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `x.key`, or `x["key"]` when the key is not an identifier. @example member("v", "a-b") // 'v["a-b"]' */
export function member(x: string, key: string): string {
  return IDENTIFIER.test(key) ? `${x}.${key}` : `${x}[${JSON.stringify(key)}]`;
}

/**
 * An expression true when object `x` lacks `key` (an own-property test for names objects inherit).
 *
 * @example
 * missingSource("v", "a", writer)
 * // "v.a === undefined"
 */
export function missingSource(x: string, key: string, writer: SourceWriter): string {
  return isPrototypeKey(key)
    ? `!${writer.use("hasOwn", Object.hasOwn)}(${x}, ${JSON.stringify(key)})`
    : `${member(x, key)} === undefined`;
}
