import {
  formatTools,
  TOOL_FORMATS,
  type FormattableTool,
  type SchemaRules,
  type ToolFormat,
  type ToolIssue,
} from "./provider-formats.js";
import { repeatedSchemas, shareRepeated, type RepeatedSchema } from "../schema/share.js";
import type { JSONSchema } from "../schema/json-schema.js";

/**
 * Options of `toolTokens` and `registry.tokens`.
 *
 * @example
 * await toolTokens(tools, "openai", { count: (text) => encode(text).length, strict: true, dialect: OPENAI_RULES });
 */
export interface ToolTokensOptions {
  /**
   * Counts the tokens of a text. Default: OpenAI's `o200k_base` (GPT-4o and later) from the `gpt-tokenizer`
   * package, an optional peer dependency loaded on the first call. Other providers' tokenizers are not public:
   * for them it is an estimate; pass their counter when you have one.
   */
  readonly count?: (text: string) => number;
  /** The strict form (OpenAI, Responses, Anthropic), as the format methods take it. */
  readonly strict?: boolean;
  /**
   * The schema rules, as the format functions take them (see `FormatOptions.dialect`): on a lean entry, counting the
   * strict form needs the strict rules (`OPENAI_RULES`, `ANTHROPIC_RULES`); the root entry passes them itself.
   */
  readonly dialect?: SchemaRules;
  /** Gemini: `parametersJsonSchema` instead of `parameters`. */
  readonly jsonSchema?: boolean;
  /** Count the definitions as `{ shareRepeated: true }` writes them. */
  readonly shareRepeated?: boolean;
}

/**
 * What a tool set costs in one provider's request: each tool's definition and the whole `tools` list, in tokens of
 * the JSON the format writes (compact, as an SDK sends it), and advice on what to trim as issues.
 *
 * @example
 * {
 *   provider: "openai",
 *   total: 1210,
 *   tools: [{ name: "ship_order", tokens: 702 }, ...],
 *   issues: [{ kind: "advice", tool: "ship_order", message: "..." }],
 * }
 */
export interface ToolTokens {
  readonly provider: ToolFormat;
  /** Each tool's definition alone, in the order given. */
  readonly tools: readonly { readonly name: string; readonly tokens: number }[];
  /** The whole list as the request's `tools` holds it. */
  readonly total: number;
  /** Advice: the heaviest tools, parameters without a description, repeated subschemas `$defs` would share. */
  readonly issues: readonly ToolIssue[];
}

/**
 * The tokens each tool's definition costs with a provider, per tool and in total, with advice (as issues) on where
 * they go. Providers turn tool definitions into prompt text their own way and document only the JSON they take, so
 * this counts that JSON; see the README for how close it comes to what a provider bills.
 *
 * @example
 * const { total, tools, issues } = await toolTokens(registry.listTools(), "anthropic");
 * for (const issue of issues) console.log(`${issue.tool}${issue.path}: ${issue.message}`);
 */
export async function toolTokens(
  tools: readonly FormattableTool[],
  provider: ToolFormat,
  options: ToolTokensOptions = {},
): Promise<ToolTokens> {
  if (!Array.isArray(tools))
    throw new TypeError("toolTokens: expects a list of tools (registry.listTools(), or use registry.tokens(provider))");
  if (!TOOL_FORMATS.includes(provider))
    throw new TypeError(`toolTokens: unknown provider ${JSON.stringify(provider)}; known: ${TOOL_FORMATS.join(", ")}`);
  if (options.count !== undefined && typeof options.count !== "function")
    throw new TypeError("toolTokens: count must be a function (text) => number of tokens");
  const count = options.count ?? (await defaultCounter());
  const written = formatted(tools, provider, options);
  const each = written.map((definition, i) => ({ name: tools[i]!.name, tokens: count(JSON.stringify(definition)) }));
  const total = count(JSON.stringify(written));
  const issues = [
    ...heaviest(each, total, provider),
    ...tools.flatMap((tool, i) => toolAdvice(tool, each[i]!.tokens, provider, options, count)),
  ];
  return { provider, tools: each, total, issues };
}

function formatted(tools: readonly FormattableTool[], provider: ToolFormat, options: ToolTokensOptions): unknown[] {
  return formatTools(tools, provider, {
    onIssue: () => {},
    ...(options.strict !== undefined && { strict: options.strict }),
    ...(options.dialect !== undefined && { dialect: options.dialect }),
    ...(options.shareRepeated && { shareRepeated }),
    ...(options.jsonSchema !== undefined && { jsonSchema: options.jsonSchema }),
  });
}

// The tools that cost at least twice the median tool (with three tools or more), heaviest first, five at most.
function heaviest(each: readonly { name: string; tokens: number }[], total: number, provider: ToolFormat): ToolIssue[] {
  if (each.length < 3) return [];
  const sorted = [...each].sort((a, b) => b.tokens - a.tokens);
  const median = sorted[Math.floor(sorted.length / 2)]!.tokens;
  return sorted
    .filter((t) => t.tokens >= 2 * median)
    .slice(0, 5)
    .map((t) => ({
      tool: t.name,
      provider,
      path: "",
      kind: "advice",
      message: `costs ${t.tokens} tokens, ${Math.round((100 * t.tokens) / Math.max(total, 1))}% of the ${total} the tool set costs (the median tool costs ${median}); shorten its description or schema, or send it only when needed (a category)`,
    }));
}

/** The most parameters without a description listed one by one for a tool; the rest are counted in one issue. */
const MAX_UNDESCRIBED = 20;
/** The most places of repeated subschemas named in one piece of advice. */
const MAX_PLACES = 10;

function toolAdvice(
  tool: FormattableTool,
  tokens: number,
  provider: ToolFormat,
  options: ToolTokensOptions,
  count: (text: string) => number,
): ToolIssue[] {
  const advice = (path: string, message: string): ToolIssue => ({
    tool: tool.name,
    provider,
    path,
    kind: "advice",
    message,
  });
  const bare = undescribed(tool.parameters);
  const issues = bare
    .slice(0, MAX_UNDESCRIBED)
    .map((path) =>
      advice(path, "this parameter has no description; models fill parameters better when each says what it holds"),
    );
  if (bare.length > MAX_UNDESCRIBED)
    issues.push(advice("", `and ${bare.length - MAX_UNDESCRIBED} more parameters have no description`));
  if (options.shareRepeated) return issues;
  let repeated: RepeatedSchema[];
  try {
    repeated = repeatedSchemas(tool.parameters);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return [...issues, advice("", `repeated subschemas were not looked for: ${error.message}`)];
  }
  if (!repeated.length) return issues;
  const shared = count(JSON.stringify(formatted([tool], provider, { ...options, shareRepeated: true })[0]));
  if (shared >= tokens) return issues;
  const places = repeated.flatMap((r) => r.paths);
  const where = `${places.slice(0, MAX_PLACES).join(", ")}${places.length > MAX_PLACES ? `, and ${places.length - MAX_PLACES} more places` : ""}`;
  issues.push(
    advice(
      repeated[0]!.paths[0]!,
      `the same subschema is written more than once (${where}); { shareRepeated: true } writes it once under $defs and saves ${tokens - shared} of this tool's ${tokens} tokens`,
    ),
  );
  return issues;
}

// JSON Pointers of the properties, at any depth, that have no description (a $ref's target is checked where it is
// defined), in document order, found without recursion: a schema from a server can nest as deep as it likes.
function undescribed(root: JSONSchema): string[] {
  const out: string[] = [];
  const stack: [schema: JSONSchema, path: string, bare: boolean][] = [[root, "", false]];
  const isObject = (value: unknown): value is JSONSchema =>
    typeof value === "object" && value !== null && !Array.isArray(value);
  while (stack.length) {
    const [schema, path, bare] = stack.pop()!;
    if (bare) out.push(path);
    const inside: [JSONSchema, string, boolean][] = [];
    const properties = schema.properties;
    if (isObject(properties)) {
      for (const [name, value] of Object.entries(properties as Record<string, JSONSchema>)) {
        if (!isObject(value)) continue;
        const at = `${path}/properties/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
        inside.push([value, at, typeof value.description !== "string" && typeof value.$ref !== "string"]);
      }
    }
    for (const key of ["items", "additionalProperties"] as const)
      if (isObject(schema[key])) inside.push([schema[key] as JSONSchema, `${path}/${key}`, false]);
    for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"] as const) {
      const list = schema[key];
      if (Array.isArray(list))
        list.forEach((child, i) => void (isObject(child) && inside.push([child, `${path}/${key}/${i}`, false])));
    }
    const defs = schema.$defs;
    if (path === "" && isObject(defs))
      for (const [name, def] of Object.entries(defs as Record<string, JSONSchema>))
        if (isObject(def)) inside.push([def, `/$defs/${name}`, false]);
    for (let i = inside.length - 1; i >= 0; i--) stack.push(inside[i]!);
  }
  return out;
}

let loaded: Promise<(text: string) => number> | undefined;

// gpt-tokenizer's o200k_base, loaded on first use: an optional peer dependency, so an app that never counts never
// carries it.
function defaultCounter(): Promise<(text: string) => number> {
  const specifier = "gpt-tokenizer/encoding/o200k_base"; // not a literal in import(): bundlers leave it to run time
  loaded ??= import(/* webpackIgnore: true */ /* @vite-ignore */ specifier).then(
    (tokenizer: { countTokens: (text: string) => number }) => (text: string) => tokenizer.countTokens(text),
    (error: unknown) => {
      loaded = undefined;
      throw new Error(
        `toolTokens: counting tokens needs the gpt-tokenizer package (npm install gpt-tokenizer), or pass { count: (text) => tokens }; loading "${specifier}" failed: ${(error as Error)?.message ?? String(error)}`,
      );
    },
  );
  return loaded;
}
