import { preview } from "../../util/text.js";
import type { Issue } from "../issue.js";
import type { KeywordSource, Message, ValueKeyword } from "./keyword.js";
import { regex, type KeywordReader } from "./read.js";

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

/**
 * Whether `s` matches `re`, pushing the issue when it does not: `pattern`, or `pattern_unevaluated` when the
 * engine could not tell. (The issues are written here with this module's messages: importing `../issue.js`
 * would close an import cycle through the keyword list.)
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
      message: PATTERN_MESSAGES.pattern_unevaluated(re.source, length),
      expected: re.source,
      received: length,
    });
    return false;
  }
  const received = preview(s);
  issues.push({ code: "pattern", path, message: pattern.message(re.source, received), expected: re.source, received });
  return false;
}

/**
 * `pattern`: an ECMAScript regular expression (read with the `u` flag) the string must match somewhere.
 *
 * @example
 * pattern.holds("abc", /^a/u); // true
 */
export const pattern: ValueKeyword<string, RegExp> = {
  key: "pattern",
  code: "pattern",
  holds: (s, re) => matches(re, s),
  expected: (re) => re.source,
  received: (s) => preview(s),
  message: (expected, received) => `Expected a string matching /${expected}/, received ${received}`,
};

/** The message of a pattern the engine could not evaluate. @example PATTERN_MESSAGES.pattern_unevaluated("^(a|b)*$", "10000000") */
export const PATTERN_MESSAGES = {
  pattern_unevaluated: ((expected, received) =>
    `Pattern /${expected}/ could not be evaluated on a string of length ${received} (the regular expression engine ran out of stack); the value is refused`) as Message,
};

/** `pattern` as generated code. @example patternSource.holds("v", /^a/u, writer) // "matches(e3, v)" */
export const patternSource: KeywordSource<RegExp> = {
  holds: (x, re, w) => `${w.use("matches", matches)}(${w.external(re)}, ${x})`,
  report: (x, re, path, w) => `${w.use("reportPattern", reportPattern)}(${x}, ${w.external(re)}, r, ${path});\n`,
  received: (x, w) => `${w.use("preview", preview)}(${x})`,
};

/** How `pattern` is read: a regular expression with the `u` flag (refused for an untrusted schema when it could hang). @example patternReader.keys // ["pattern"] */
export const patternReader: KeywordReader = {
  keys: ["pattern"],
  read: (s, node, at, r) => void (node.pattern = regex(s.pattern, "pattern", at, r.options)),
};
