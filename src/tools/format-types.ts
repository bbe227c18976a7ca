// The types every tool format shares (src/tools/formats/<name>.ts write them): apart from the formats' table, so
// that a format and the table do not import each other.
import type { JSONSchema } from "../schema/json-schema.js";
import type { ConversionWarning, Dialect } from "../schema/dialects/warnings.js";

/** What a format needs of a tool. */
export interface FormattableTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JSONSchema;
  readonly returns: JSONSchema | undefined;
  readonly strict: boolean;
  /** Anthropic `eager_input_streaming`. */
  readonly eagerInputStreaming?: boolean;
  /** Anthropic and Responses `defer_loading`: sent for the provider's tool search to load on demand. */
  readonly defer?: boolean;
  /** Anthropic and Responses `allowed_callers`: callers besides the model (the provider's program). */
  readonly allowedCallers?: readonly string[];
}

/**
 * The formats of tool definitions tooltype writes, one per API (Responses is OpenAI's other API). Each
 * `Provider` (tooltype/calls) sends its tools in one of them: Mistral, Ollama, Cohere and Bedrock start from
 * OpenAI's.
 *
 * @example
 * registry.check("anthropic" satisfies ToolFormat);
 */
export type ToolFormat = "openai" | "responses" | "anthropic" | "gemini" | "mcp";

/**
 * An issue of one tool in one provider's format: a `ConversionWarning` (`path`, `message`, `kind`) with
 * the tool's name and the provider. A name the provider refuses is one, at path "".
 *
 * @example
 * {
 *   tool: "get_weather",
 *   provider: "openai",
 *   path: "/properties/days",
 *   message: 'openai-strict does not support "minimum"...',
 *   kind: "changed",
 * }
 */
export interface ToolIssue extends ConversionWarning {
  readonly tool: string;
  readonly provider: ToolFormat;
}

/**
 * Options of the format methods.
 *
 * @example
 * toOpenAIFormat(weather, {
 *   strict: true,
 *   onIssue: (issue) => console.warn(`${issue.tool}${issue.path}: ${issue.message}`),
 * });
 */
export interface FormatOptions {
  /**
   * The strict form (OpenAI Structured Outputs, Anthropic strict tool use); the tool's own `strict` by default.
   * `"prefer"`: strict where the schema allows it, else the plain form, with an `advice` issue saying why. A lean
   * entry (`tooltype/tools`, `tooltype/providers/*`, `tooltype/agent`) writes strict schemas with the strict rules
   * given as `dialect` (`OPENAI_RULES`, `ANTHROPIC_RULES`): without them, strict is a TypeError. The root entry
   * (`tooltype`) passes them itself.
   */
  readonly strict?: boolean | "prefer";
  /**
   * The schema rules of the model behind the endpoint, apart from its wire format: an OpenAI-compatible gateway
   * (OpenRouter, LiteLLM, Vertex's OpenAI endpoint, vLLM) in front of Gemini or Claude takes OpenAI's tool shape,
   * and the model's own rules for the schema. A dialect value (`geminiJSON`, `anthropicStrict`, ... from
   * `tooltype/dialects`), or `{ plain, strict }`: two dialects, `strict` choosing between them. The root entry
   * (`tooltype`) also takes a family's name: `"openai"`, `"anthropic"`, `"gemini"` (Gemini's rules, JSON Schema
   * spelling), `"mcp"`; a lean entry refuses a name, so it carries only the writers its program imports. Default:
   * the wire's own (on a lean entry, its plain writer only; `OPENAI_RULES` or `ANTHROPIC_RULES` add the strict one).
   */
  readonly dialect?: SchemaRules;
  /**
   * Receives each issue (`ToolIssue`): what the dialect changed, what the provider would refuse, advice.
   * Nothing is printed. `"error"` throws a `ConversionError` on the first. Without it, changes are not
   * reported (`checkTool` and `registry.check` list them) and a rejection throws, so nothing a provider
   * refuses is sent unannounced.
   */
  readonly onIssue?: ((issue: ToolIssue) => void) | "error";
  /**
   * Write repeated subschemas once under `$defs` (see `ToJSONSchemaOptions.shareRepeated`); fewer tokens, same meaning.
   * A lean entry takes the function (`import { shareRepeated } from "tooltype/schema"`), so a program that never
   * shares does not carry it; the root entry (`tooltype`) also takes `true`.
   */
  readonly shareRepeated?: boolean | ((schema: JSONSchema) => JSONSchema);
}

/**
 * A model family's schema rules: its plain dialect and its strict one (the same value when it has no strict form).
 * Without `strict`, the rules write plain schemas only: asking them for strict mode is a TypeError. A lean entry's
 * formats write in such rules by default, so a program that never goes strict carries no strict writer; pass
 * `OPENAI_RULES` or `ANTHROPIC_RULES` (both writers) to go strict there.
 *
 * @example
 * const rules: DialectRules = { plain: anthropic, strict: anthropicStrict };
 * toOpenAIFormat(weather, { dialect: rules, strict: "prefer" });
 */
export interface DialectRules {
  readonly plain: Dialect;
  readonly strict?: Dialect;
}

/**
 * The schema rules a format writes a tool's parameters in: a dialect value, a family's `DialectRules`, or (through
 * the root entry `tooltype` only) a family's name.
 *
 * @example
 * const rules: SchemaRules = geminiJSON; toOpenAIFormat(weather, { dialect: rules });
 */
export type SchemaRules = "openai" | "anthropic" | "gemini" | "mcp" | Dialect | DialectRules;

/**
 * A format by name, or a provider value (whose `toolFormat` names the format its tools are written in).
 *
 * @example
 * registry.check(anthropic); registry.check("anthropic");
 */
export type FormatOf = ToolFormat | { readonly name: string; readonly toolFormat?: ToolFormat };

/**
 * The format a `FormatOf` names: a provider value's `toolFormat`, `"openai"` when it names none.
 *
 * @example
 * formatOf(bedrock); // "openai"
 */
export function formatOf(provider: FormatOf): ToolFormat {
  return typeof provider === "object" && provider !== null ? (provider.toolFormat ?? "openai") : provider;
}
