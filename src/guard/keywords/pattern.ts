import { preview } from "../../util/text.js";
import type { KeywordSource, ValueKeyword } from "./keyword.js";
import { regex, type KeywordReader } from "./read.js";

/**
 * `pattern`: an ECMAScript regular expression (read with the `u` flag) the string must match somewhere.
 *
 * @example
 * pattern.holds("abc", /^a/u); // true
 */
export const pattern: ValueKeyword<string, RegExp> = {
  key: "pattern",
  code: "pattern",
  holds: (s, re) => re.test(s),
  expected: (re) => re.source,
  received: (s) => preview(s),
  message: (expected, received) => `Expected a string matching /${expected}/, received ${received}`,
};

/** `pattern` as generated code. @example patternSource.holds("v", /^a/u, writer) // "e3.test(v)" */
export const patternSource: KeywordSource<RegExp> = {
  holds: (x, re, w) => `${w.external(re)}.test(${x})`,
  received: (x, w) => `${w.use("preview", preview)}(${x})`,
};

/** How `pattern` is read: a regular expression with the `u` flag (refused for an untrusted schema when it could hang). @example patternReader.keys // ["pattern"] */
export const patternReader: KeywordReader = { keys: ["pattern"], read: (s, node, at, r) => void (node.pattern = regex(s.pattern, "pattern", at, r.options)) };
