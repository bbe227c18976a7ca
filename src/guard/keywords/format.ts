import { preview } from "../../util/text.js";
import type { FormatCheck } from "../format-checks.js";
import type { KeywordSource, ValueKeyword, Message } from "./keyword.js";
import { FORMATS } from "../format-checks.js";
import { mustBe } from "./read.js";

/** A `format` as the checked schema holds it: its name and its check. */
export interface NamedFormat {
  readonly name: string;
  readonly check: FormatCheck;
}

/**
 * The `format` issue's message, from its expected and received texts.
 *
 * @example
 * formatMessage("2", "1");
 */
export const formatMessage: Message = (expected, received) => `Expected a ${expected} string, received ${received}`;

/**
 * `format`: a known format's check (`date-time`, `email`, ...), or one given to `compile`.
 *
 * @example
 * format.holds("2026-11-25", { name: "date", check: FORMATS.date }); // true
 */
export const format = {
  keys: ["format"],
  applies: "string",
  holds: (s, f) => f.check(s),
  expected: (f) => f.name,
  received: (s) => preview(s),
  issues: { format: formatMessage },
  read(schema, node, at, reader) {
    const name = schema.format;
    if (typeof name !== "string") throw mustBe("format", at, "a string", name);
    if (reader.options.assertFormats === false) return;
    const custom = reader.options.formats;
    const given = custom && Object.hasOwn(custom, name) ? custom[name] : undefined;
    const check =
      given instanceof RegExp
        ? (value: string) => given.test(value)
        : (given ?? (Object.hasOwn(FORMATS, name) ? FORMATS[name] : undefined));
    if (check) node.format = { name, check };
  },
} satisfies ValueKeyword<string, NamedFormat>;

/** `format` as generated code. @example formatSource.holds("v", dateFormat, writer) // "e4(v)" */
export const formatSource: KeywordSource<NamedFormat> = {
  holds: (x, f, writer) => `${writer.external(f.check)}(${x})`,
  received: (x, writer) => `${writer.use("preview", preview)}(${x})`,
};
