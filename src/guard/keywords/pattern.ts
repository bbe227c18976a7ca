import { preview } from "../../util/text.js";
import type { Issue } from "../issue.js";
import type { KeywordSource, ValueKeyword } from "./keyword.js";
import { regex } from "./read.js";

/**
 * Thrown when a pattern cannot be evaluated on a string: the engine ran out of regular-expression stack (a
 * repeated group over a string of megabytes). A RangeError, so a guard answers false, as for a stack overflow;
 * `errors` names the pattern and the string's length instead of calling the value too deep.
 */
export class PatternUnevaluated extends RangeError {
  constructor(
    readonly pattern: string,
    readonly length: number,
  ) {
    super(`pattern /${pattern}/ could not be evaluated on a string of length ${length}`);
  }
}

/**
 * Whether `s` matches `re`; a PatternUnevaluated when the engine cannot tell.
 *
 * @example
 * matches(/^(a|b)*$/u, "ab".repeat(5e6)); // throws PatternUnevaluated
 */
export function matches(re: RegExp, s: string): boolean {
  try {
    return re.test(s);
  } catch (error) {
    throw error instanceof RangeError ? new PatternUnevaluated(re.source, s.length) : error;
  }
}

/** The `pattern` message. @example patternMessage("^a", '"b"') // 'Expected a string matching /^a/, received "b"' */
function patternMessage(expected: string | undefined, received: string | undefined): string {
  return `Expected a string matching /${expected}/, received ${received}`;
}

/** The message of a pattern the engine could not evaluate. @example unevaluatedMessage("^(a|b)*$", "10000000") */
function unevaluatedMessage(expected: string | undefined, received: string | undefined): string {
  return `Pattern /${expected}/ could not be evaluated on a string of length ${received} (the regular expression engine ran out of stack); the value is refused`;
}

/**
 * Whether `s` matches `re`, pushing the issue when it does not: `pattern`, or `pattern_unevaluated` when the
 * engine could not tell. (The issues are written here with this module's messages, so that a guard compiled ahead of
 * time carries these two messages and not the table of every keyword's.)
 *
 * @example
 * reportPattern("x", /^a/u, issues, "/name"); // false, issues gets { code: "pattern", path: "/name", ... }
 */
export function reportPattern(s: string, re: RegExp, issues: Issue[], path: string): boolean {
  try {
    if (re.test(s)) return true;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const length = String(s.length);
    issues.push({
      code: "pattern_unevaluated",
      path,
      message: unevaluatedMessage(re.source, length),
      expected: re.source,
      received: length,
    });
    return false;
  }
  const received = preview(s);
  issues.push({ code: "pattern", path, message: patternMessage(re.source, received), expected: re.source, received });
  return false;
}

/**
 * `pattern`: an ECMAScript regular expression (read with the `u` flag) the string must match somewhere.
 *
 * @example
 * pattern.holds("abc", /^a/u); // true
 */
export const pattern = {
  keys: ["pattern"],
  applies: "string",
  holds: (s, re) => matches(re, s),
  expected: (re) => re.source,
  received: (s) => preview(s),
  issues: { pattern: patternMessage, pattern_unevaluated: unevaluatedMessage },
  read: (schema, node, at, reader) => void (node.pattern = regex(schema.pattern, "pattern", at, reader.options)),
} satisfies ValueKeyword<string, RegExp>;

/** `pattern` as generated code. @example patternSource.holds("v", /^a/u, writer) // "matches(e3, v)" */
export const patternSource: KeywordSource<RegExp> = {
  holds: (x, re, writer) => `${writer.use("matches", matches)}(${writer.external(re)}, ${x})`,
  report: (x, re, path, writer) =>
    `${writer.use("reportPattern", reportPattern)}(${x}, ${writer.external(re)}, r, ${path});\n`,
  received: (x, writer) => `${writer.use("preview", preview)}(${x})`,
};
