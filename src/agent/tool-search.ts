import { Tool, type AnyTool } from "../tools/tool.js";
import { failure, type ToolResult } from "../tools/result.js";
import type { ProviderAdapter } from "../calls/types.js";

/**
 * The name of the search tool the agent loop offers when some tools are deferred (`defer: true`) and the provider
 * has no tool search of its own (`ProviderAdapter.nativeToolSearch`: every provider but Anthropic and OpenAI Responses).
 *
 * @example
 * FIND_TOOLS; // "find_tools"
 */
const FIND_TOOLS = "find_tools";

const DEFAULT_LIMIT = 5;

// Lower-case words: `getWeather`, `get_weather` and "get weather" all give ["get", "weather"].
const wordsOf = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

// Words that would match nearly every description.
const COMMON = /* @__PURE__ */ new Set([
  "a",
  "an",
  "the",
  "to",
  "of",
  "for",
  "and",
  "or",
  "in",
  "on",
  "at",
  "by",
  "with",
  "from",
  "is",
  "it",
  "my",
  "me",
  "i",
]);

const matches = (term: string, words: readonly string[]): boolean =>
  words.some((word) => word === term || (term.length >= 3 && word.startsWith(term)));

/**
 * How well a tool fits a query: each query word found among the words of the tool's name scores 2, among the
 * words of its description 1 (a word of 3 letters or more also matches the words it begins; common words such as
 * "a", "the", "to" are skipped); the whole name as the query scores 10 more. 0: no match.
 *
 * @example
 * toolScore("weather", weather); // 3: "weather" is in the name (2) and in the description (1)
 */
function toolScore(query: string, tool: Pick<AnyTool, "name" | "description">): number {
  const name = wordsOf(tool.name);
  const description = wordsOf(tool.description);
  let score = query.trim().toLowerCase() === tool.name.toLowerCase() ? 10 : 0;
  for (const term of new Set(wordsOf(query)))
    if (!COMMON.has(term)) score += (matches(term, name) ? 2 : 0) + (matches(term, description) ? 1 : 0);
  return score;
}

/**
 * The tools that fit a query best, best first (ties keep the tools' order), at most `limit`; none scores 0.
 *
 * @example
 * rankTools("send email", deferred, 3).map((t) => t.name); // ["send_email", "list_emails"]
 */
function rankTools(query: string, tools: readonly AnyTool[], limit = DEFAULT_LIMIT): AnyTool[] {
  return tools
    .map((tool, index) => ({ tool, index, score: toolScore(query, tool) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.tool);
}

/**
 * The portable search tool: finds deferred tools by their names and descriptions, and adds the new ones to
 * `discovered` (in the order found), which the loop sends from its next turn on.
 *
 * @example
 * const discovered: string[] = [];
 * const search = findToolsTool(deferredTools, discovered);
 */
function findToolsTool(deferred: readonly AnyTool[], discovered: string[]): AnyTool {
  return new Tool<{ query: string; limit?: number }, unknown, unknown>({
    name: FIND_TOOLS,
    description: `Finds tools that are loaded on demand (${deferred.length} of them), by words of their names and descriptions. The tools found can be called from your next turn.`,
    parameters: {
      type: "object",
      properties: {
        query: { type: "string", description: "Words describing what the tool should do, e.g. 'send email'" },
        limit: {
          type: "integer",
          minimum: 1,
          maximum: 20,
          description: `How many tools at most (default ${DEFAULT_LIMIT})`,
        },
      },
      required: ["query"],
    },
    run: ({ query, limit }) => {
      const found = rankTools(query, deferred, limit);
      for (const tool of found) if (!discovered.includes(tool.name)) discovered.push(tool.name);
      if (!found.length) return { found: [], note: "No tool matched; try other words." };
      return {
        found: found.map(({ name, description }) => ({ name, description })),
        note: "These tools can be called from your next turn.",
      };
    },
  });
}

/**
 * The answer to a call of a deferred tool the model has not found yet: the model has not seen its parameters.
 *
 * @example
 * notFoundYet("send_email"); // a failure telling the model to call find_tools first
 */
export function notFoundYet(name: string): ToolResult {
  return failure(
    `Tool "${name}" is loaded on demand and has not been found yet, so you have not seen its parameters. Call ${FIND_TOOLS} with words describing what you need first; the tools it finds can be called from your next turn.`,
  );
}

/**
 * The loop's view of deferred tools where it searches them itself: what a turn offers (the tools that are not
 * deferred, then `find_tools`, then the tools found, in the order found, so the list only grows at its end) and
 * what a call to a tool not found yet is answered with. Undefined where nothing is deferred or the provider
 * searches itself.
 *
 * @example
 * const deferral = toolDeferral(openai, tools, state?.discovered);
 * const offered = deferral ? [...deferral.base(tools), ...deferral.found(tools)] : tools;
 */
export interface ToolDeferral {
  /** The names found so far, in the order found (what a state keeps). */
  readonly discovered: string[];
  readonly search: AnyTool;
  /** The tools offered every turn: those of `chosen` that are not deferred, then the search tool. */
  base(chosen: readonly AnyTool[]): AnyTool[];
  /** The tools of `chosen` found so far, in the order found. */
  found(chosen: readonly AnyTool[]): AnyTool[];
  /** Whether `name` is a deferred tool not found yet. */
  hidden(name: string): boolean;
}

/**
 * Sets up the portable tool search for a run: `discovered` (from a resumed state) keeps the names of deferred tools
 * among `tools`; other names are dropped (the tools given to `resume` changed).
 *
 * @example
 * toolDeferral(gemini, [weather, sendEmail], ["send_email"])?.found([weather, sendEmail]); // [sendEmail]
 */
export function toolDeferral(
  provider: ProviderAdapter,
  tools: readonly AnyTool[],
  discovered: readonly string[] = [],
): ToolDeferral | undefined {
  const deferred = tools.filter((t) => t.defer);
  if (!deferred.length || provider.nativeToolSearch) return undefined;
  if (tools.some((t) => t.name === FIND_TOOLS)) {
    throw new TypeError(
      `runTools: a tool is named "${FIND_TOOLS}", the name of the search the loop offers for deferred tools (defer: true); rename it`,
    );
  }
  const names = new Set(deferred.map((t) => t.name));
  const found = discovered.filter((name, i) => names.has(name) && discovered.indexOf(name) === i);
  const search = findToolsTool(deferred, found);
  return {
    discovered: found,
    search,
    base: (chosen) => [...chosen.filter((t) => !t.defer), search],
    found: (chosen) => found.flatMap((name) => chosen.filter((t) => t.name === name)),
    hidden: (name) => names.has(name) && !found.includes(name),
  };
}
