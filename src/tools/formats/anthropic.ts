import { toJSONSchema } from "../../schema/to-json-schema.js";
import type { JSONSchema } from "../../schema/json-schema.js";
import { ConversionError } from "../../schema/dialects/warnings.js";
import { anthropic } from "../../schema/dialects/plain.js";
import { anthropicStrict } from "../../schema/dialects/strict.js";
import type { DialectRules, FormatOptions, FormattableTool, SchemaRules, ToolIssue } from "../format-types.js";
import { checkName, fullDescription, handlerOf, rulesFor, schemaFor } from "../format-rules.js";
import { CODE_EXECUTION, sendableCallers } from "./callers.js";

/**
 * An Anthropic Messages API tool.
 *
 * @example
 * {
 *   name: "get_weather",
 *   description: "Current weather for a city.",
 *   input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
 * }
 */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JSONSchema & { type: "object" };
  strict?: boolean;
  eager_input_streaming?: boolean;
  defer_loading?: boolean;
  /** Who besides the model may call it: `"direct"` (the model) and the code-execution tools' versions. */
  allowed_callers?: ("direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521")[];
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

// Anthropic's rule for tool names: "^[a-zA-Z0-9_-]{1,64}$" (https://docs.anthropic.com/en/api/messages, tools.name).
/** The tool names Anthropic takes. @example ANTHROPIC_NAMES.test("get_weather"); // true */
export const ANTHROPIC_NAMES = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Anthropic's schema rules, plain and strict (strict tool use): what the root entry's `toAnthropicFormat` writes in.
 * On a lean entry, pass them to go strict (its formats carry the plain writer only).
 *
 * @example
 * toAnthropicFormat(weather, { strict: true, dialect: ANTHROPIC_RULES });
 * toOpenAIFormat(weather, { dialect: ANTHROPIC_RULES, strict: "prefer" }); // a gateway in front of Claude
 */
export const ANTHROPIC_RULES: DialectRules = { plain: anthropic, strict: anthropicStrict };

/**
 * Anthropic's plain rules alone: what a lean entry's `toAnthropicFormat` writes in by default.
 *
 * @example
 * toAnthropicFormat(weather, { dialect: ANTHROPIC_PLAIN }); // the same as toAnthropicFormat(weather)
 */
export const ANTHROPIC_PLAIN: DialectRules = { plain: anthropic };

/**
 * Anthropic's `{ name, description, input_schema }`; with `strict`, its strict subset and `strict: true`, written by
 * the strict rules given as `dialect` (`ANTHROPIC_RULES`; the root entry passes them itself).
 *
 * @example
 * toAnthropicFormat(weather);
 * // { name: "get_weather", description: "Current weather for a city.", input_schema: { type: "object", properties: {
 * // city: { type: "string" } }, required: ["city"] } }
 */
export function toAnthropicFormat(tool: FormattableTool, options: AnthropicFormatOptions = {}): AnthropicTool {
  const name = checkName(tool, "anthropic", ANTHROPIC_NAMES);
  const cache = cacheControl(options.cacheControl);
  const { dialect, strict } = rulesFor(tool, ANTHROPIC_PLAIN, "anthropic", options);
  const input_schema = schemaFor(tool, tool.parameters, dialect, "anthropic", options) as AnthropicTool["input_schema"];
  // allowed_callers: "direct" and the code-execution tool's versions; another name (Responses' "programmatic") is
  // reported and left out.
  const callers = sendableCallers(tool, "anthropic", options, (caller) =>
    caller === "direct" || CODE_EXECUTION.test(caller) ? caller : undefined,
  );
  return {
    name,
    description: fullDescription(tool),
    input_schema,
    ...(strict && { strict: true }),
    ...(tool.eagerInputStreaming && { eager_input_streaming: true }),
    ...(tool.defer && { defer_loading: true }),
    ...(callers && { allowed_callers: callers as NonNullable<AnthropicTool["allowed_callers"]> }),
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
    if (!wanted) return options.strict;
    if (options.dialect === undefined) rulesFor(tool, ANTHROPIC_PLAIN, "anthropic", options); // throws: no strict rules
    if (options.dialect !== ANTHROPIC_RULES) return options.strict; // the limits are those of Anthropic's strict rules
    const { dialect, strict } = rulesFor(tool, ANTHROPIC_RULES, "anthropic", {
      ...options,
      onIssue: undefined,
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
 * The issues of an Anthropic request's strict tools against `ANTHROPIC_STRICT_LIMITS` (what
 * `registry.check("anthropic")`
 * adds to each tool's own): rejected when strict is asked for, advice with `"prefer"`.
 *
 * @example
 * anthropicStrictIssues(tools, { strict: true, dialect: ANTHROPIC_RULES });
 * // [{ tool: "t21", provider: "anthropic", kind: "rejected", message: "cannot be strict: Anthropic allows 20 strict
 * // tools ..." }]
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

/**
 * A strict schema's optional parameters (properties not required) and parameters with union types (anyOf or a type
 * list).
 */
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
