import { Tool, type AnyTool } from "../tools/tool.js";
import { compileDescriptor } from "../guard/compile-descriptor.js";
import { failure, type ToolResult } from "../tools/result.js";
import type { ProviderAdapter } from "../calls/types.js";

/**
 * The name of the search tool the agent loop offers when some tools are deferred (`defer: true`) and the provider
 * has no tool search of its own (`ProviderAdapter.nativeToolSearch`: every provider but Anthropic and OpenAI
 * Responses).
 *
 * @example
 * FIND_TOOLS; // "find_tools"
 */
const FIND_TOOLS = "find_tools";

const DEFAULT_LIMIT = 5;
/** The longest query `find_tools` takes, in characters; a longer one is a failed result saying so. */
const MAX_QUERY = 1_000;
/** The query words searched for (the first ones, distinct); a word is read up to its first `WORD_CHARS` letters. */
const MAX_TERMS = 32;
const WORD_CHARS = 16;

// Lower-case words: `getWeather`, `get_weather` and "get weather" all give ["get", "weather"].
const wordsOf = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.slice(0, WORD_CHARS));
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

/**
 * The keys a word is found under: the word itself, and (what a query word of 3 letters or more matches) each of its
 * beginnings of 3 letters or more.
 */
function keysOf(word: string, into: Set<string>): void {
  into.add(word);
  for (let end = 3; end < word.length; end++) into.add(word.slice(0, end));
}

/**
 * The deferred tools indexed by the words of their names and descriptions, built once a run on the first search:
 * a query then costs a lookup a word plus the tools it finds, never a comparison of every word with every word.
 */
interface SearchIndex {
  readonly tools: readonly AnyTool[];
  readonly byName: ReadonlyMap<string, number[]>;
  readonly name: ReadonlyMap<string, number[]>;
  readonly description: ReadonlyMap<string, number[]>;
}

function listed(index: Map<string, number[]>, key: string, tool: number): void {
  const list = index.get(key);
  if (list) list.push(tool);
  else index.set(key, [tool]);
}

/**
 * Indexes tools for `rankTools` (the loop's `find_tools` and code mode's).
 *
 * @example
 * const index = indexTools(deferred); rankTools("send email", index, 3);
 */
export function indexTools(tools: readonly AnyTool[]): SearchIndex {
  const name = new Map<string, number[]>();
  const description = new Map<string, number[]>();
  const byName = new Map<string, number[]>();
  const add = (index: Map<string, number[]>, text: string, tool: number) => {
    const keys = new Set<string>();
    for (const word of wordsOf(text)) keysOf(word, keys);
    for (const key of keys) listed(index, key, tool);
  };
  tools.forEach((tool, i) => {
    add(name, tool.name, i);
    add(description, tool.description, i);
    listed(byName, tool.name.toLowerCase(), i);
  });
  return { tools, byName, name, description };
}

/**
 * The tools that fit a query best, best first (ties keep the tools' order), at most `limit`; none scores 0. Each
 * query word found among the words of a tool's name scores 2, among the words of its description 1 (a word of 3
 * letters or more also matches the words it begins; common words such as "a", "the", "to" are skipped); the whole
 * name as the query scores 10 more. Only the first 32 distinct words of the query are searched for. With
 * `offerable`, only the tools named there (those the turn may offer) are found.
 *
 * @example
 * rankTools("send email", indexTools(deferred), 3).map((t) => t.name); // ["send_email", "list_emails"]
 * rankTools("send email", indexTools(deferred), 3, new Set(["list_emails"])).map((t) => t.name); // ["list_emails"]
 */
export function rankTools(
  query: string,
  index: SearchIndex,
  limit = DEFAULT_LIMIT,
  offerable?: ReadonlySet<string>,
): AnyTool[] {
  const scores = new Map<number, number>();
  const add = (tool: number, points: number) => scores.set(tool, (scores.get(tool) ?? 0) + points);
  for (const tool of index.byName.get(query.trim().toLowerCase()) ?? []) add(tool, 10);
  const terms = [...new Set(wordsOf(query).filter((term) => !COMMON.has(term)))].slice(0, MAX_TERMS);
  for (const term of terms) {
    // Each tool is listed once a key: a word equal to the term, or (3 letters or more) beginning with it.
    for (const tool of index.name.get(term) ?? []) add(tool, 2);
    for (const tool of index.description.get(term) ?? []) add(tool, 1);
  }
  return [...scores]
    .filter(([tool]) => !offerable || offerable.has(index.tools[tool]!.name))
    .sort(([a, x], [b, y]) => y - x || a - b)
    .slice(0, limit)
    .map(([tool]) => index.tools[tool]!);
}

/**
 * The portable search tool: finds deferred tools by their names and descriptions, and adds the new ones to
 * `discovered` (in the order found), which the loop sends from its next turn on.
 *
 * @example
 * const discovered: string[] = [];
 * const search = findToolsTool(deferredTools, discovered);
 */
function findToolsTool(
  deferred: readonly AnyTool[],
  discovered: string[],
  offerable: () => ReadonlySet<string> | undefined,
): AnyTool {
  let index: SearchIndex | undefined;
  return new Tool<{ query: string; limit?: number }, unknown, unknown>({
    name: FIND_TOOLS,
    compile: compileDescriptor,
    description: `Finds tools that are loaded on demand (${deferred.length} of them), by words of their names and descriptions. The tools found can be called from your next turn.`,
    parameters: {
      type: "object",
      properties: {
        query: {
          type: "string",
          maxLength: MAX_QUERY,
          description: "Words describing what the tool should do, e.g. 'send email'",
        },
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
      index ??= indexTools(deferred);
      const turn = offerable();
      const found = rankTools(query, index, limit, turn);
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
  /**
   * The tools offered every turn: those of `chosen` that are not deferred, then the search tool. It also sets what
   * the search finds until the next turn: only the deferred tools among `chosen`, so a tool the turn keeps out
   * (`prepareStep`) is never described to the model.
   */
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
  const found = [...new Set(discovered.filter((name) => names.has(name)))];
  // The deferred tools the current turn may offer (`prepareStep`'s choice); undefined: all of them.
  let offerable: ReadonlySet<string> | undefined;
  const search = findToolsTool(deferred, found, () => offerable);
  return {
    discovered: found,
    search,
    base: (chosen) => {
      offerable = new Set(chosen.filter((t) => t.defer).map((t) => t.name));
      return [...chosen.filter((t) => !t.defer), search];
    },
    found: (chosen) => {
      const byName = new Map(chosen.map((t) => [t.name, t]));
      return found.flatMap((name) => byName.get(name) ?? []);
    },
    hidden: (name) => names.has(name) && !found.includes(name),
  };
}
