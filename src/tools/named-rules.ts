// The root entry's schema rules by name: `{ dialect: "gemini" }` on its format functions, its tools' and registry's
// format methods, and its `runTools`; and each format's own rules with their strict writer when no dialect is given
// (a lean entry's formats carry the plain writer only). Only the root entry (and the classes it constructs) imports
// this module, so a program that imports a lean entry carries only the dialect writers it names as values.
import {
  formatOf,
  type DialectRules,
  type FormatOf,
  type FormatOptions,
  type SchemaRules,
  type ToolFormat,
} from "./format-types.js";
import { shareRepeated } from "../schema/share.js";
import {
  anthropicStrictIssues as anthropicLimits,
  checkTool as checkOne,
  toAnthropicFormat as anthropicTool,
  toAnthropicTools as anthropicTools,
  toGeminiFormat as geminiTool,
  toMCPFormat as mcpTool,
  toOpenAIFormat as openaiTool,
  toResponsesFormat as responsesTool,
} from "./provider-formats.js";
import { toolTokens as countTokens } from "./tokens.js";
import { OPENAI_RULES } from "./formats/openai.js";
import { ANTHROPIC_RULES } from "./formats/anthropic.js";
import { GEMINI_RULES } from "./formats/gemini.js";
import { MCP_RULES } from "./formats/mcp.js";

/**
 * Each model family's schema rules by the name the root entry's `dialect` option takes.
 *
 * @example
 * SCHEMA_RULES.anthropic.strict.name; // "anthropic-strict"
 */
export const SCHEMA_RULES: Readonly<Record<Exclude<SchemaRules, object>, DialectRules>> = {
  openai: OPENAI_RULES,
  anthropic: ANTHROPIC_RULES,
  gemini: GEMINI_RULES,
  mcp: MCP_RULES,
};

// Each format's own rules, strict writer included: what the root's formats write in when no dialect is given.
const OWN_RULES: Record<ToolFormat, DialectRules> = {
  openai: OPENAI_RULES,
  responses: OPENAI_RULES,
  anthropic: ANTHROPIC_RULES,
  gemini: GEMINI_RULES,
  mcp: MCP_RULES,
};

/**
 * A format's own rules, strict writer included (a provider value's: those of the format its tools are written in).
 *
 * @example
 * ownRules(anthropic); // ANTHROPIC_RULES
 */
export function ownRules(format: FormatOf): DialectRules {
  return OWN_RULES[formatOf(format)];
}

/**
 * Options with a `dialect` given by name replaced by that family's rules (a value stays as it is; none is `own`, a
 * format's own rules with their strict writer) and `shareRepeated: true` by the function; an unknown name is a
 * TypeError naming the known ones.
 *
 * @example
 * namedRules({ strict: true, dialect: "gemini" }); // { strict: true, dialect: SCHEMA_RULES.gemini }
 * namedRules({ strict: true }, OPENAI_RULES); // { strict: true, dialect: OPENAI_RULES }
 */
export function namedRules<
  O extends { readonly dialect?: SchemaRules; readonly shareRepeated?: FormatOptions["shareRepeated"] } | undefined,
>(options: O, own?: DialectRules): O {
  if (options?.shareRepeated === true) options = { ...options, shareRepeated };
  const dialect = options?.dialect;
  if (dialect === undefined && own !== undefined) return { ...options, dialect: own } as O;
  if (typeof dialect !== "string") return options;
  if (!Object.hasOwn(SCHEMA_RULES, dialect))
    throw new TypeError(
      `dialect: ${JSON.stringify(dialect)} is not one of ${Object.keys(SCHEMA_RULES).join(", ")} or a dialect value`,
    );
  return { ...options, dialect: SCHEMA_RULES[dialect as keyof typeof SCHEMA_RULES] };
}

/**
 * `toOpenAIFormat` (see `tooltype/tools`) taking the dialect by name too.
 *
 * @example
 * toOpenAIFormat(weather, { dialect: "gemini" });
 */
export const toOpenAIFormat: typeof openaiTool = (tool, options) => openaiTool(tool, namedRules(options, OPENAI_RULES));

/**
 * `toResponsesFormat` taking the dialect by name too.
 *
 * @example
 * toResponsesFormat(weather, { dialect: "anthropic" });
 */
export const toResponsesFormat: typeof responsesTool = (tool, options) =>
  responsesTool(tool, namedRules(options, OPENAI_RULES));

/** `toAnthropicFormat` taking the dialect by name too. @example toAnthropicFormat(weather, { dialect: "openai" }); */
export const toAnthropicFormat: typeof anthropicTool = (tool, options) =>
  anthropicTool(tool, namedRules(options, ANTHROPIC_RULES));

/** `toAnthropicTools` taking the dialect by name too. @example toAnthropicTools(tools, { dialect: "anthropic" }); */
export const toAnthropicTools: typeof anthropicTools = (tools, options) =>
  anthropicTools(tools, namedRules(options, ANTHROPIC_RULES));

/** `anthropicStrictIssues` taking the dialect by name too. @example anthropicStrictIssues(tools, { strict: true }); */
export const anthropicStrictIssues: typeof anthropicLimits = (tools, options) =>
  anthropicLimits(tools, namedRules(options, ANTHROPIC_RULES));

/** `toGeminiFormat` taking the dialect by name too. @example toGeminiFormat(weather, { dialect: "openai" }); */
export const toGeminiFormat: typeof geminiTool = (tool, options) => geminiTool(tool, namedRules(options, GEMINI_RULES));

/** `toMCPFormat` taking the dialect by name too. @example toMCPFormat(weather); */
export const toMCPFormat: typeof mcpTool = (tool, options) => mcpTool(tool, namedRules(options, MCP_RULES));

/** `checkTool` taking the dialect by name too. @example checkTool(weather, "openai", { dialect: "gemini" }); */
export const checkTool: typeof checkOne = (tool, provider, options) =>
  checkOne(tool, provider, namedRules(options, ownRules(provider)));

/**
 * `toolTokens` (see `tooltype/tools`) taking the dialect by name too, and counting the strict form with each format's
 * strict rules.
 *
 * @example
 * const { total } = await toolTokens(tools, "openai", { strict: true });
 */
export const toolTokens: typeof countTokens = (tools, provider, options) =>
  countTokens(tools, provider, namedRules(options ?? {}, ownRules(provider)) as never);
