import type { JSONSchema } from "../schema/json-schema.js";
import { toJSONSchema } from "../schema/to-json-schema.js";
import { anthropic, mcp, openai } from "../schema/dialects/plain.js";
import { anthropicStrict, openaiStrict } from "../schema/dialects/strict.js";
import { gemini, geminiJSON, geminiParameters } from "../schema/dialects/gemini.js";
import { ConversionError, type ConversionWarning, type Dialect } from "../schema/dialects/warnings.js";
import { objectRoot } from "../schema/dialects/wrap.js";
import type { ToJSONSchemaOptions } from "../schema/to-json-schema.js";
import { typeText } from "../schema/type-text.js";
import { shareRepeated } from "../schema/share.js";

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
 * { tool: "get_weather", provider: "openai", path: "/properties/days", message: 'openai-strict does not support "minimum"...', kind: "changed" }
 */
export interface ToolIssue extends ConversionWarning {
  readonly tool: string;
  readonly provider: ToolFormat;
}

/**
 * Options of the format methods.
 *
 * @example
 * toOpenAIFormat(weather, { strict: true, onIssue: (issue) => console.warn(`${issue.tool}${issue.path}: ${issue.message}`) });
 */
export interface FormatOptions {
  /**
   * The strict form (OpenAI Structured Outputs, Anthropic strict tool use); the tool's own `strict` by default.
   * `"prefer"`: strict where the schema allows it, else the plain form, with an `advice` issue saying why.
   */
  readonly strict?: boolean | "prefer";
  /**
   * The schema rules of the model behind the endpoint, apart from its wire format: an OpenAI-compatible gateway
   * (OpenRouter, LiteLLM, Vertex's OpenAI endpoint, vLLM) in front of Gemini or Claude takes OpenAI's tool shape,
   * and the model's own rules for the schema. `"openai"`, `"anthropic"`, `"gemini"` (Gemini's rules, JSON Schema
   * spelling), `"mcp"`, or a dialect value. Default: the wire's own.
   */
  readonly dialect?: SchemaRules;
  /**
   * Receives each issue (`ToolIssue`): what the dialect changed, what the provider would refuse, advice.
   * Nothing is printed. `"error"` throws a `ConversionError` on the first. Without it, changes are not
   * reported (`checkTool` and `registry.check` list them) and a rejection throws, so nothing a provider
   * refuses is sent unannounced.
   */
  readonly onIssue?: ((issue: ToolIssue) => void) | "error";
  /** The former name of `onIssue`, kept working. */
  readonly onWarning?: ((issue: ToolIssue) => void) | "error";
  /** Write repeated subschemas once under `$defs` (see `ToJSONSchemaOptions.shareRepeated`); fewer tokens, same meaning. */
  readonly shareRepeated?: boolean;
}

/**
 * A model family's schema rules by name, or any dialect as a value.
 *
 * @example
 * const rules: SchemaRules = "gemini"; toOpenAIFormat(weather, { dialect: rules });
 */
export type SchemaRules = "openai" | "anthropic" | "gemini" | "mcp" | Dialect;

/** An OpenAI Chat Completions function tool. @example { type: "function", function: { name: "get_weather", description: "Current weather for a city.", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } } */
export interface OpenAITool {
  type: "function";
  function: { name: string; description: string; parameters: JSONSchema; strict?: boolean };
}
/** An OpenAI Responses API function tool. @example { type: "function", name: "get_weather", description: "Current weather for a city.", parameters: { type: "object", ... }, strict: false } */
export interface ResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: JSONSchema;
  strict: boolean;
  defer_loading?: boolean;
}
/** An Anthropic Messages API tool. @example { name: "get_weather", description: "Current weather for a city.", input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JSONSchema & { type: "object" };
  strict?: boolean;
  eager_input_streaming?: boolean;
  defer_loading?: boolean;
  cache_control?: { type: "ephemeral"; ttl?: "5m" | "1h" };
}

/**
 * Options of the Anthropic format: a format's options and a prompt-caching breakpoint.
 *
 * @example
 * registry.toAnthropicFormat({ cacheControl: true }); // the last tool carries cache_control: { type: "ephemeral" }
 */
export interface AnthropicFormatOptions extends FormatOptions {
  /**
   * Anthropic prompt caching: `cache_control` on the tool (`true`: `{ type: "ephemeral" }`, 5 minutes; or
   * `{ ttl: "1h" }`). Tools come first in the prompt Anthropic caches, so a breakpoint on the last tool caches
   * every tool definition; a list (`registry.toAnthropicFormat`, `toAnthropicTools`) puts it on the last one only,
   * since a request may hold only 4 breakpoints.
   */
  readonly cacheControl?: boolean | { readonly ttl?: "5m" | "1h" };
}
/** A Gemini function declaration. @example { name: "get_weather", description: "Current weather for a city.", parameters: { type: "OBJECT", properties: { city: { type: "STRING" } }, propertyOrdering: ["city"], required: ["city"] } } */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters?: JSONSchema;
  parametersJsonSchema?: JSONSchema;
  response?: JSONSchema;
  responseJsonSchema?: JSONSchema;
}
/** An MCP tool, as `tools/list` lists it. @example { name: "get_weather", description: "Current weather for a city.", inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } */
export interface MCPTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: JSONSchema & { type: "object" };
  outputSchema?: JSONSchema & { type: "object" };
}

/** The format methods `Tool` and `ToolRegistry` share. */
export interface ProviderFormats {
  toOpenAIFormat(options?: FormatOptions): OpenAITool;
  toResponsesFormat(options?: FormatOptions): ResponsesTool;
  toAnthropicFormat(options?: AnthropicFormatOptions): AnthropicTool;
  toGeminiFormat(options?: FormatOptions & { jsonSchema?: boolean }): GeminiFunctionDeclaration;
  toMCPFormat(options?: FormatOptions): MCPTool;
}

// Each provider's rule for tool names, from its documentation:
// OpenAI "a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64"
//   (https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools, function.name);
// Anthropic "^[a-zA-Z0-9_-]{1,64}$" (https://docs.anthropic.com/en/api/messages, tools.name);
// Gemini "Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots,
//   colons and dashes, with a maximum length of 64" (https://ai.google.dev/api/caching#FunctionDeclaration);
// MCP "between 1 and 128 characters ... A-Z, a-z, 0-9, _, -, ." (https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool-names).
const NAME_RULES: Record<ToolFormat, RegExp> = {
  openai: /^[a-zA-Z0-9_-]{1,64}$/,
  responses: /^[a-zA-Z0-9_-]{1,64}$/,
  anthropic: /^[a-zA-Z0-9_-]{1,64}$/,
  gemini: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
  mcp: /^[A-Za-z0-9._-]{1,128}$/,
};

function nameIssue(tool: FormattableTool, provider: ToolFormat): string | undefined {
  return NAME_RULES[provider].test(tool.name)
    ? undefined
    : `${provider} tool names must match ${NAME_RULES[provider]}; rename the tool`;
}

function checkName(tool: FormattableTool, provider: ToolFormat): string {
  const problem = nameIssue(tool, provider);
  if (problem) throw new TypeError(`Tool "${tool.name}": ${problem}`);
  return tool.name;
}

/** The description a model reads: the tool's, then its return type as the Python tool libraries write it. */
function fullDescription(tool: FormattableTool): string {
  if (!tool.returns) return tool.description;
  const lines = [`- type: ${typeText(tool.returns)}`];
  if (typeof tool.returns.description === "string") lines.push(`- description: ${tool.returns.description}`);
  return `${tool.description}\n\nReturns:\n${lines.join("\n")}`;
}

/** Where a dialect's issues go: the caller's handler with the tool and provider added, or `"error"`, or nowhere. */
function handlerOf(
  tool: FormattableTool,
  provider: ToolFormat,
  options: FormatOptions,
): ToJSONSchemaOptions["onIssue"] {
  const handler = options.onIssue ?? options.onWarning;
  return typeof handler === "function" ? (issue) => handler({ ...issue, tool: tool.name, provider }) : handler;
}

function schemaFor(
  tool: FormattableTool,
  schema: JSONSchema,
  target: Dialect,
  provider: ToolFormat,
  options: FormatOptions,
): JSONSchema {
  return toJSONSchema(schema, {
    target,
    onIssue: handlerOf(tool, provider, options),
    ...(options.shareRepeated && { shareRepeated }),
  });
}

// Each family's rules, plain and strict (a family without a strict form keeps its plain one).
const RULES: Record<Exclude<SchemaRules, Dialect>, readonly [plain: Dialect, strict: Dialect]> = {
  openai: [openai, openaiStrict],
  anthropic: [anthropic, anthropicStrict],
  gemini: [geminiJSON, geminiJSON],
  mcp: [mcp, mcp],
};

/**
 * The dialect a tool's parameters are written in for a wire (`family`, unless `dialect` names other rules), and
 * whether the tool goes strict: with `"prefer"`, strict when the strict rules write it without a rejection.
 */
function rulesFor(
  tool: FormattableTool,
  family: Exclude<SchemaRules, Dialect>,
  provider: ToolFormat,
  options: FormatOptions,
): { readonly dialect: Dialect; readonly strict: boolean } {
  const chosen = options.dialect ?? family;
  if (chosen !== null && typeof chosen === "object")
    return { dialect: chosen, strict: options.strict === true || (options.strict === undefined && tool.strict) };
  const pair = Object.hasOwn(RULES, chosen) ? RULES[chosen] : undefined;
  if (!pair)
    throw new TypeError(
      `dialect: ${JSON.stringify(chosen)} is not one of ${Object.keys(RULES).join(", ")} or a dialect value`,
    );
  const wanted = options.strict ?? tool.strict;
  if (wanted !== "prefer") return { dialect: pair[wanted ? 1 : 0], strict: wanted };
  const why = strictRefusal(tool, pair[1]);
  if (why === undefined) return { dialect: pair[1], strict: true };
  const handler = handlerOf(tool, provider, options);
  if (typeof handler === "function") handler({ path: "", message: `sent without strict mode: ${why}`, kind: "advice" });
  return { dialect: pair[0], strict: false };
}

/** Why the strict rules cannot take a tool's parameters (a rejection or what no strict schema expresses), or undefined. */
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

/** Gemini's `parametersJsonSchema`: JSON Schema as it is, with an object root. */
function geminiJsonSchema(tool: FormattableTool, options: FormatOptions): JSONSchema {
  const plain: Dialect = { name: "gemini", write: (schema, warn) => objectRoot(schema, "gemini", warn) };
  return schemaFor(tool, tool.parameters, plain, "gemini", options);
}

/**
 * OpenAI's function tool; with `strict`, its strict form (every property required, closed objects, `strict: true`).
 *
 * @example
 * const weather = tool({ name: "get_weather", description: "Current weather for a city.", parameters: t.object({ city: t.string() }), execute: ({ city }) => city });
 * toOpenAIFormat(weather, { strict: true });
 * // { type: "function", function: { name: "get_weather", description: "Current weather for a city.",
 * //   parameters: { type: "object", properties: { city: { type: "string" } }, additionalProperties: false, required: ["city"] }, strict: true } }
 */
export function toOpenAIFormat(tool: FormattableTool, options: FormatOptions = {}): OpenAITool {
  const name = checkName(tool, "openai");
  const { dialect, strict } = rulesFor(tool, "openai", "openai", options);
  const parameters = schemaFor(tool, tool.parameters, dialect, "openai", options);
  return {
    type: "function",
    function: { name, description: fullDescription(tool), parameters, ...(strict && { strict: true }) },
  };
}

/**
 * The Responses API's flat function tool; `strict` is always written, since Responses guesses when it is missing.
 *
 * @example
 * toResponsesFormat(weather); // { type: "function", name: "get_weather", description: "Current weather for a city.", parameters: { type: "object", ... }, strict: false }
 */
export function toResponsesFormat(tool: FormattableTool, options: FormatOptions = {}): ResponsesTool {
  const name = checkName(tool, "responses");
  const { dialect, strict } = rulesFor(tool, "openai", "responses", options);
  return {
    type: "function",
    name,
    description: fullDescription(tool),
    parameters: schemaFor(tool, tool.parameters, dialect, "responses", options),
    strict,
    ...(tool.defer && { defer_loading: true }),
  };
}

/**
 * Anthropic's `{ name, description, input_schema }`; with `strict`, its strict subset and `strict: true`.
 *
 * @example
 * toAnthropicFormat(weather); // { name: "get_weather", description: "Current weather for a city.", input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } }
 */
export function toAnthropicFormat(tool: FormattableTool, options: AnthropicFormatOptions = {}): AnthropicTool {
  const name = checkName(tool, "anthropic");
  const cache = cacheControl(options.cacheControl);
  const { dialect, strict } = rulesFor(tool, "anthropic", "anthropic", options);
  const input_schema = schemaFor(tool, tool.parameters, dialect, "anthropic", options) as AnthropicTool["input_schema"];
  return {
    name,
    description: fullDescription(tool),
    input_schema,
    ...(strict && { strict: true }),
    ...(tool.eagerInputStreaming && { eager_input_streaming: true }),
    ...(tool.defer && { defer_loading: true }),
    ...(cache && { cache_control: cache }),
  };
}

/**
 * Tools in Anthropic's format, with `cacheControl` on the last one only (what `registry.toAnthropicFormat` writes).
 *
 * @example
 * anthropic.messages.create({ tools: toAnthropicTools([weather, calculator], { cacheControl: true }), ... });
 */
export function toAnthropicTools(
  tools: readonly FormattableTool[],
  options: AnthropicFormatOptions = {},
): AnthropicTool[] {
  const each = { ...options, cacheControl: undefined };
  const strictness = strictWithinLimits(tools, options);
  return tools.map((tool, i) =>
    toAnthropicFormat(tool, { ...(i === tools.length - 1 ? options : each), strict: strictness[i] }),
  );
}

/**
 * Anthropic's documented limits on the strict tools of one request, all strict schemas counted together
 * (https://docs.anthropic.com/en/docs/build-with-claude/structured-outputs, "Schema complexity limits"): past
 * them the request fails ("compiled grammar is too large").
 *
 * @example
 * ANTHROPIC_STRICT_LIMITS.tools; // 20
 */
export const ANTHROPIC_STRICT_LIMITS = { tools: 20, optionalParameters: 24, unionParameters: 16 } as const;

/**
 * Each tool's strictness in one Anthropic request: what the options and the tool ask for, kept within
 * `ANTHROPIC_STRICT_LIMITS`. A tool that would pass a limit is reported: with `strict: "prefer"` it goes
 * without strict mode (advice); asked for strict, the request would fail (rejected, which throws without `onIssue`).
 */
function strictWithinLimits(
  tools: readonly FormattableTool[],
  options: AnthropicFormatOptions,
): (boolean | "prefer" | undefined)[] {
  const used = { tools: 0, optionalParameters: 0, unionParameters: 0 };
  return tools.map((tool) => {
    const wanted = options.strict ?? tool.strict;
    if (!wanted || (options.dialect !== undefined && options.dialect !== "anthropic")) return options.strict;
    const { dialect, strict } = rulesFor(tool, "anthropic", "anthropic", {
      ...options,
      onIssue: undefined,
      onWarning: undefined,
    });
    if (!strict) return wanted; // "prefer" that the schema refuses: toAnthropicFormat reports it
    const cost = { tools: 1, ...strictCost(toJSONSchema(tool.parameters, { target: dialect, onIssue: () => {} })) };
    const over = (Object.keys(used) as (keyof typeof used)[]).find(
      (key) => used[key] + cost[key] > ANTHROPIC_STRICT_LIMITS[key],
    );
    if (over === undefined) {
      for (const key of Object.keys(used) as (keyof typeof used)[]) used[key] += cost[key];
      return true;
    }
    const message = `${wanted === "prefer" ? "sent without strict mode" : "cannot be strict"}: Anthropic allows ${ANTHROPIC_STRICT_LIMITS[over]} ${LIMIT_WORDS[over]} across a request's strict tools, and this tool would make ${used[over] + cost[over]}`;
    const handler = handlerOf(tool, "anthropic", options);
    const issue = { path: "", message, kind: wanted === "prefer" ? ("advice" as const) : ("rejected" as const) };
    if (typeof handler === "function") handler(issue);
    else if (wanted !== "prefer")
      throw new ConversionError(
        `Tool "${tool.name}" ${message}; pass strict: "prefer" to send the rest without strict mode, or onIssue to send it anyway`,
      );
    return false;
  });
}

/**
 * The issues of an Anthropic request's strict tools against `ANTHROPIC_STRICT_LIMITS` (what `registry.check("anthropic")`
 * adds to each tool's own): rejected when strict is asked for, advice with `"prefer"`.
 *
 * @example
 * anthropicStrictIssues(tools, { strict: true }); // [{ tool: "t21", provider: "anthropic", kind: "rejected", message: "cannot be strict: Anthropic allows 20 strict tools ..." }]
 */
export function anthropicStrictIssues(
  tools: readonly FormattableTool[],
  options: { readonly strict?: boolean | "prefer"; readonly dialect?: SchemaRules } = {},
): ToolIssue[] {
  const issues: ToolIssue[] = [];
  strictWithinLimits(tools, {
    ...options,
    onIssue: (issue) => void (issue.message.includes("Anthropic allows") && issues.push(issue)),
  });
  return issues;
}

const LIMIT_WORDS = {
  tools: "strict tools",
  optionalParameters: "optional parameters",
  unionParameters: "parameters with union types",
} as const;

/** A strict schema's optional parameters (properties not required) and parameters with union types (anyOf or a type list). */
function strictCost(schema: unknown): { optionalParameters: number; unionParameters: number } {
  const cost = { optionalParameters: 0, unionParameters: 0 };
  const stack: unknown[] = [schema];
  while (stack.length) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const record = node as Record<string, unknown>;
    const properties = record.properties;
    if (typeof properties === "object" && properties !== null) {
      const required = new Set(Array.isArray(record.required) ? record.required : []);
      for (const [name, child] of Object.entries(properties)) {
        if (!required.has(name)) cost.optionalParameters++;
        if (
          typeof child === "object" &&
          child !== null &&
          (Array.isArray((child as Record<string, unknown>).anyOf) ||
            Array.isArray((child as Record<string, unknown>).type))
        )
          cost.unionParameters++;
      }
    }
    for (const [key, value] of Object.entries(record))
      if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples") stack.push(value);
  }
  return cost;
}

function cacheControl(option: AnthropicFormatOptions["cacheControl"]): AnthropicTool["cache_control"] {
  if (option === undefined || option === false) return undefined;
  if (option === true) return { type: "ephemeral" };
  const ttl = typeof option === "object" && option !== null ? option.ttl : null;
  if (ttl !== undefined && ttl !== "5m" && ttl !== "1h")
    throw new TypeError(
      `toAnthropicFormat: cacheControl is true or { ttl: "5m" | "1h" }; received ${JSON.stringify(option)}`,
    );
  return { type: "ephemeral", ...(ttl && { ttl }) };
}

/**
 * A Gemini function declaration: `parameters` in its OpenAPI subset, or `parametersJsonSchema` with `{ jsonSchema: true }`.
 *
 * @example
 * toGeminiFormat(weather).parameters; // { type: "OBJECT", properties: { city: { type: "STRING" } }, propertyOrdering: ["city"], required: ["city"] }
 * toGeminiFormat(weather, { jsonSchema: true }).parametersJsonSchema; // { type: "object", properties: { city: { type: "string" } }, required: ["city"] }
 */
export function toGeminiFormat(
  tool: FormattableTool,
  options: FormatOptions & { jsonSchema?: boolean } = {},
): GeminiFunctionDeclaration {
  const name = checkName(tool, "gemini");
  const out: GeminiFunctionDeclaration = { name, description: fullDescription(tool) };
  if (options.dialect !== undefined && options.dialect !== "gemini") {
    // Another model's rules behind Gemini's wire: JSON Schema, which parametersJsonSchema takes as it is.
    out.parametersJsonSchema = schemaFor(
      tool,
      tool.parameters,
      rulesFor(tool, "gemini", "gemini", options).dialect,
      "gemini",
      options,
    );
    if (tool.returns) out.responseJsonSchema = tool.returns;
  } else if (options.jsonSchema) {
    out.parametersJsonSchema = geminiJsonSchema(tool, options);
    if (tool.returns) out.responseJsonSchema = tool.returns;
  } else {
    out.parameters = schemaFor(tool, tool.parameters, geminiParameters, "gemini", options);
    if (tool.returns)
      out.response = schemaFor(tool, tool.returns, gemini, "gemini", {
        ...options,
        onIssue: undefined,
        onWarning: responseIssues(options),
      });
  }
  return out;
}

/**
 * An MCP tool: `inputSchema`, and `outputSchema` from `returns` (wrapped in `{ result }` when it is not an object, as MCP requires).
 *
 * @example
 * toMCPFormat(weather); // { name: "get_weather", description: "Current weather for a city.", inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } }
 */
export function toMCPFormat(tool: FormattableTool, options: FormatOptions = {}): MCPTool {
  const name = checkName(tool, "mcp");
  const out: MCPTool = {
    name,
    description: fullDescription(tool),
    inputSchema: schemaFor(tool, tool.parameters, mcp, "mcp", options) as MCPTool["inputSchema"],
  };
  if (tool.returns) out.outputSchema = mcpOutputSchema(tool.returns);
  return out;
}

/** MCP output schemas must be objects: a non-object result is described as `{ result: ... }`. */
function mcpOutputSchema(returns: JSONSchema): MCPTool["outputSchema"] & object {
  if (returns.type === "object") return returns as MCPTool["inputSchema"];
  const { $defs, ...result } = returns;
  return { type: "object", properties: { result }, required: ["result"], ...($defs !== undefined && { $defs }) };
}

// A result schema is not a root the provider takes as parameters: its issues are reported under /response.
function responseIssues(options: FormatOptions): FormatOptions["onIssue"] {
  const handler = options.onIssue ?? options.onWarning;
  return typeof handler === "function" ? (issue) => handler({ ...issue, path: `/response${issue.path}` }) : handler;
}

/**
 * Every issue of a tool in a provider's format, as a list, without throwing: a name the provider refuses,
 * what its dialect changes, what it would refuse (OpenAI's strict-mode limits, a parameter name Gemini
 * refuses). What no dialect can express at all (`not`, an unmergeable `allOf`) is listed as rejected.
 *
 * @example
 * checkTool(weather, "openai", { strict: true });
 * // [{ tool: "get_weather", provider: "openai", path: "/properties/days", message: "...", kind: "changed" }]
 */
export function checkTool(
  tool: FormattableTool,
  provider: ToolFormat,
  options: { readonly strict?: boolean | "prefer"; readonly jsonSchema?: boolean; readonly dialect?: SchemaRules } = {},
): ToolIssue[] {
  const issues: ToolIssue[] = [];
  const problem = nameIssue(tool, provider);
  if (problem) issues.push({ tool: tool.name, provider, path: "", message: problem, kind: "rejected" });
  const renamed = problem ? { ...tool, name: provider === "gemini" ? "_" : "x", description: tool.description } : tool;
  const collect: FormatOptions = {
    strict: options.strict,
    ...(options.dialect !== undefined && { dialect: options.dialect }),
    onIssue: (issue) => issues.push({ ...issue, tool: tool.name }),
  };
  try {
    if (provider === "openai") toOpenAIFormat(renamed, collect);
    else if (provider === "responses") toResponsesFormat(renamed, collect);
    else if (provider === "anthropic") toAnthropicFormat(renamed, collect);
    else if (provider === "gemini") toGeminiFormat(renamed, { ...collect, jsonSchema: options.jsonSchema });
    else toMCPFormat(renamed, collect);
  } catch (error) {
    issues.push({ tool: tool.name, provider, path: "", message: (error as Error).message, kind: "rejected" });
  }
  return issues;
}
