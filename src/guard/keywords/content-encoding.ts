import { preview } from "../../util/text.js";
import { isBase64 } from "../formats/base64.js";
import type { KeywordSource, ValueKeyword } from "./keyword.js";
import { mustBe, type KeywordReader } from "./read.js";

/**
 * `contentEncoding: "base64"`: the string is base64 text (RFC 4648, padded).
 *
 * @example
 * contentEncoding.holds("aGk=", true); // true
 */
export const contentEncoding: ValueKeyword<string, boolean> = {
  key: "base64",
  code: "content_encoding",
  holds: (s) => isBase64(s),
  expected: () => "base64",
  received: (s) => preview(s),
  message: (expected, received) => `Expected ${expected} text, received ${received}`,
};

/** `contentEncoding` as generated code. @example contentEncodingSource.holds("v", true, writer) // "isBase64(v)" */
export const contentEncodingSource: KeywordSource<boolean> = {
  holds: (x, _limit, w) => `${w.use("isBase64", isBase64)}(${x})`,
  received: (x, w) => `${w.use("preview", preview)}(${x})`,
};

/** How `contentEncoding` is read: only base64 is checked (tools decode it to bytes); other encodings are annotations, as in 2020-12. @example contentEncodingReader.keys // ["contentEncoding"] */
export const contentEncodingReader: KeywordReader = {
  keys: ["contentEncoding"],
  read(s, node, at, r) {
    const value = s.contentEncoding;
    if (typeof value !== "string") throw mustBe("contentEncoding", at, "a string", value);
    if (value === "base64" && r.options.assertFormats !== false) node.base64 = true;
  },
};
