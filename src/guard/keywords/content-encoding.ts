import { preview } from "../../util/text.js";
import { isBase64 } from "../formats/base64.js";
import type { KeywordSource, ValueKeyword, Message } from "./keyword.js";
import { mustBe } from "./read.js";

/**
 * The `content_encoding` issue's message, from its expected and received texts.
 *
 * @example
 * contentEncodingMessage("2", "1");
 */
export const contentEncodingMessage: Message = (expected, received) =>
  `Expected ${expected} text, received ${received}`;

/**
 * `contentEncoding: "base64"`: the string is base64 text (RFC 4648, padded).
 *
 * @example
 * contentEncoding.holds("aGk=", true); // true
 */
export const contentEncoding = {
  keys: ["contentEncoding"],
  applies: "string",
  key: "base64",
  holds: (s) => isBase64(s),
  expected: () => "base64",
  received: (s) => preview(s),
  issues: { content_encoding: contentEncodingMessage },
  read(schema, node, at, reader) {
    const value = schema.contentEncoding;
    if (typeof value !== "string") throw mustBe("contentEncoding", at, "a string", value);
    if (value === "base64" && reader.options.assertFormats !== false) node.base64 = true;
  },
} satisfies ValueKeyword<string, boolean>;

/** `contentEncoding` as generated code. @example contentEncodingSource.holds("v", true, writer) // "isBase64(v)" */
export const contentEncodingSource: KeywordSource<boolean> = {
  holds: (x, _limit, writer) => `${writer.use("isBase64", isBase64)}(${x})`,
  received: (x, writer) => `${writer.use("preview", preview)}(${x})`,
};
