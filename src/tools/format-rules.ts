import type { JSONSchema } from "../schema/json-schema.js";
import { toJSONSchemaOnce as toJSONSchema } from "../schema/to-json-schema.js";
import type { Dialect } from "../schema/dialects/warnings.js";
import type { ToJSONSchemaOptions } from "../schema/to-json-schema.js";
import { typeText } from "../schema/type-text.js";
import type { DialectRules, FormatOptions, FormattableTool, ToolFormat } from "./format-types.js";
import { sentIn } from "./sent-in.js";

// What every provider's tool format shares: the name check, the description, the schema rules a tool is written in.

/**
 * Why a format refuses the tool's name (`rule`, from the provider's documentation), or undefined.
 *
 * @example
 * nameIssue(tool, "openai", /^[a-zA-Z0-9_-]{1,64}$/);
 */
export function nameIssue(tool: FormattableTool, format: ToolFormat, rule: RegExp): string | undefined {
  return rule.test(tool.name) ? undefined : `${format} tool names must match ${rule}; rename the tool`;
}

/**
 * The tool's name, or a TypeError when the format refuses it.
 *
 * @example
 * const name = checkName(tool, "gemini", GEMINI_NAMES);
 */
export function checkName(tool: FormattableTool, format: ToolFormat, rule: RegExp): string {
  const problem = nameIssue(tool, format, rule);
  if (problem) throw new TypeError(`Tool "${tool.name}": ${problem}`);
  return tool.name;
}

/**
 * The description a model reads: the tool's, then its return type as the Python tool libraries write it.
 *
 * @example
 * fullDescription(weather); // "Current weather for a city.\n\nReturns:\n- type: string"
 */
export function fullDescription(tool: FormattableTool): string {
  if (!tool.returns) return tool.description;
  const lines = [`- type: ${typeText(tool.returns)}`];
  if (typeof tool.returns.description === "string") lines.push(`- description: ${tool.returns.description}`);
  return `${tool.description}\n\nReturns:\n${lines.join("\n")}`;
}

/**
 * Where a dialect's issues go: the caller's handler with the tool and provider added, or `"error"`, or nowhere.
 *
 * @example
 * const handler = handlerOf(tool, "openai", options);
 */
export function handlerOf(
  tool: FormattableTool,
  provider: ToolFormat,
  options: FormatOptions,
): ToJSONSchemaOptions["onIssue"] {
  const handler = options.onIssue;
  return typeof handler === "function" ? (issue) => handler({ ...issue, tool: tool.name, provider }) : handler;
}

/**
 * A tool's schema written in a dialect, its issues sent where the options say. The tool's parameters written in a
 * dialect with encodings (a strict one, Gemini's) are noted, so that the tool undoes them in what the model sends.
 *
 * @example
 * schemaFor(tool, tool.parameters, openaiStrict, "openai", options);
 */
export function schemaFor(
  tool: FormattableTool,
  schema: JSONSchema,
  target: Dialect,
  provider: ToolFormat,
  options: FormatOptions,
): JSONSchema {
  if (schema === tool.parameters) sentIn(tool, target.encodings);
  return toJSONSchema(schema, {
    target,
    onIssue: handlerOf(tool, provider, options),
    ...(options.shareRepeated && { shareRepeated: options.shareRepeated }),
  });
}

const isDialect = (value: unknown): value is Dialect =>
  typeof value === "object" && value !== null && typeof (value as Dialect).write === "function";

/**
 * The rules `options.dialect` gives, checked: a dialect value or a family's `{ plain, strict }`. A name is the root
 * entry's: it is resolved there (with every family's writers), so a lean entry says where to go.
 */
function chosenRules(value: unknown): Dialect | DialectRules {
  if (isDialect(value)) return value;
  if (typeof value === "object" && value !== null) {
    const { plain, strict } = value as Partial<DialectRules>;
    if (isDialect(plain) && (strict === undefined || isDialect(strict))) return strict ? { plain, strict } : { plain };
  }
  throw new TypeError(
    typeof value === "string"
      ? `dialect: ${JSON.stringify(value)} is a name only the root entry ("tooltype") resolves; here pass a dialect value, such as geminiJSON or anthropicStrict from "tooltype/dialects"`
      : `dialect: ${JSON.stringify(value)} is not a dialect value (from "tooltype/dialects") or { plain, strict } dialects`,
  );
}

/**
 * The dialect a tool's parameters are written in for a wire (`family`, its own rules, unless `options.dialect` gives
 * others), and whether the tool goes strict: with `"prefer"`, strict when the strict rules write it without a
 * rejection. A single dialect value is used as it is. Strict asked of rules without a strict writer (a lean entry's
 * default) is a TypeError saying which rules to pass.
 *
 * @example
 * const { dialect, strict } = rulesFor(tool, ANTHROPIC_RULES, "anthropic", options);
 */
export function rulesFor(
  tool: FormattableTool,
  family: DialectRules,
  provider: ToolFormat,
  options: FormatOptions,
): { readonly dialect: Dialect; readonly strict: boolean } {
  const chosen = options.dialect === undefined ? family : chosenRules(options.dialect);
  if (isDialect(chosen))
    return { dialect: chosen, strict: options.strict === true || (options.strict === undefined && tool.strict) };
  const wanted = options.strict ?? tool.strict;
  if (!wanted) return { dialect: chosen.plain, strict: false };
  const strict = chosen.strict ?? noStrictRules(tool, provider, options);
  if (wanted !== "prefer") return { dialect: strict, strict: true };
  const why = strictRefusal(tool, strict);
  if (why === undefined) return { dialect: strict, strict: true };
  const handler = handlerOf(tool, provider, options);
  if (typeof handler === "function") handler({ path: "", message: `sent without strict mode: ${why}`, kind: "advice" });
  return { dialect: chosen.plain, strict: false };
}

// The rules that write each format's strict form, by the name a lean entry exports them under.
const STRICT_RULES: Partial<Record<ToolFormat, string>> = {
  openai: "OPENAI_RULES",
  responses: "OPENAI_RULES",
  anthropic: "ANTHROPIC_RULES",
};

/** Strict asked of rules that have no strict writer: a TypeError naming the tool, the format and what to pass. */
function noStrictRules(tool: FormattableTool, provider: ToolFormat, options: FormatOptions): never {
  const asked = options.strict === undefined ? "the tool's strict: true" : `strict: ${JSON.stringify(options.strict)}`;
  const rules = (options.dialect === undefined && STRICT_RULES[provider]) || "{ plain, strict } rules";
  throw new TypeError(
    `Tool "${tool.name}": ${asked} in the ${provider} format needs strict schema rules${options.dialect === undefined ? "" : ", and the dialect given has none"}: pass dialect: ${rules} (from "tooltype/tools"), or use the root entry "tooltype", which passes them itself`,
  );
}

/**
 * Why the strict rules cannot take a tool's parameters (a rejection or what no strict schema expresses), or undefined.
 */
function strictRefusal(tool: FormattableTool, strict: Dialect): string | undefined {
  let rejected: string | undefined;
  try {
    toJSONSchema(tool.parameters, {
      target: strict,
      onIssue: (issue) => void (issue.kind === "rejected" && (rejected ??= `${issue.path || "/"}: ${issue.message}`)),
    });
  } catch (error) {
    return (error as Error).message;
  }
  return rejected;
}
