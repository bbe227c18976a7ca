import { compile } from "../guard/compile.js";
import { untrusted } from "../guard/pattern-safety.js";
import { ToolRegistry } from "../tools/registry.js";
import { Tool, consoleLogger, type AnyTool, type Logger } from "../tools/tool.js";
import { preview } from "../util/text.js";
import { dynamicScope } from "../guard/dynamic-scope.js";
import { mcpValidator } from "./server.js";
import { mcpContentValue } from "./content.js";
import { oauthFetch, type MCPOAuthProvider, type OAuthFlow } from "./oauth.js";
import { clientCapabilities, installHandlers, type MCPClientHandlers } from "./client-handlers.js";

/**
 * A tool as an MCP server lists it (`tools/list`).
 *
 * @example
 * {
 *   name: "search",
 *   description: "Searches.",
 *   inputSchema: { type: "object", properties: { q: { type: "string" } } },
 *   annotations: { readOnlyHint: true },
 * }
 */
export interface MCPListedTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: object;
  readonly outputSchema?: object;
  readonly annotations?: {
    readonly readOnlyHint?: boolean;
    readonly destructiveHint?: boolean;
    readonly [key: string]: unknown;
  };
}

/**
 * What `mcpTools` uses of a connected MCP client: the MCP SDK's `Client` has these two methods (any
 * object that does works too).
 *
 * @example
 * const client = new Client({ name: "app", version: "1.0.0" });
 * await client.connect(transport);
 * await mcpTools(client);
 */
export interface MCPClientLike {
  listTools(params?: { cursor?: string }): Promise<{ tools: readonly MCPListedTool[]; nextCursor?: string }>;
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    resultSchema?: undefined,
    options?: { signal?: AbortSignal; timeout?: number },
  ): Promise<unknown>;
}

/**
 * Options of `mcpTools` and `connectMCP`.
 *
 * @example
 * mcpTools(client, {
 *   prefix: "gh_",
 *   include: ["search_issues"],
 *   needsApproval: (t) => !t.annotations?.readOnlyHint,
 *   timeout: 30_000,
 * });
 */
export interface MCPToolsOptions {
  /** Put before every tool name (`"github_"`), so tools of several servers cannot clash. */
  readonly prefix?: string;
  /** Which of the server's tools to take (by the server's name); all by default. */
  readonly include?: readonly string[] | ((tool: MCPListedTool) => boolean);
  /**
   * Ask a person before the loop runs a call: a boolean, or a function of the server's tool listing (e.g.
   * `(t) => t.annotations?.readOnlyHint !== true`). Default: no.
   */
  readonly needsApproval?: boolean | ((tool: MCPListedTool) => boolean);
  /** Milliseconds a call may take (also the MCP request's own timeout). */
  readonly timeout?: number;
  readonly category?: string;
  /**
   * Where faults of the connection are reported (a tool's own `isError` results are not faults). Default: the console.
   */
  readonly logger?: Logger;
  /**
   * The tools these will sit beside (tools, a registry, or their names). A server's tool whose name is taken
   * by one of them is left out, in `skipped` and `issues`: a server cannot stand in for a local tool (which
   * may ask for approval) by naming one of its tools the same. Give `prefix` to keep both.
   */
  readonly local?: ToolRegistry | readonly (AnyTool | string)[];
  /**
   * On a clash with `local`: `"local"` (default) keeps the local tool; `"server"` takes the server's, still reported in
   * `issues`.
   */
  readonly clash?: "local" | "server";
}

/**
 * Something `mcpTools` noticed about a server's listing, as data: a name that clashes with a local tool
 * (`name_clash`) or with another tool of the same listing (`duplicate_name`), or a listing longer than
 * `mcpTools` reads (`too_many_tools`).
 *
 * @example
 * {
 *   code: "name_clash",
 *   name: "send_email",
 *   message: "the server's tool send_email has the name of a local tool; the local one is kept",
 * }
 */
export interface MCPToolIssue {
  readonly code: "name_clash" | "duplicate_name" | "too_many_tools";
  readonly name: string;
  readonly message: string;
}

/**
 * The tools an MCP server offers, as tooltype `Tool`s, and those left out with the reason.
 *
 * @example
 * const { tools, skipped } = await mcpTools(client); for (const s of skipped) console.warn(s.name, s.reason);
 */
export interface MCPTools {
  readonly tools: AnyTool[];
  /**
   * Tools left out, with the reason: a name or input schema tooltype cannot take (an unsupported keyword, a
   * name providers refuse, a schema too large, too deep or with a pattern that could hang), or a name clash.
   */
  readonly skipped: { readonly name: string; readonly reason: string }[];
  /** Name clashes, as data (a clash that left a tool out is in `skipped` too). */
  readonly issues: MCPToolIssue[];
  /** Keywords of a tool's input schema the guard does not know (`markdownDescription`), left out of its check. */
  readonly ignored: { readonly name: string; readonly keyword: string; readonly at: string }[];
}

/** The most tools `mcpTools` reads from one server. */
const MAX_SERVER_TOOLS = 10_000;

/** A server's tool answered with `isError`: an expected failure, reported to the model, never logged. */
class MCPToolError extends Error {}

/**
 * An MCP server's tools as `Tool`s, for a `ToolRegistry` or the agent loop, beside local tools. Each tool's
 * `inputSchema` is compiled by tooltype's guard as untrusted (`compile(s, { untrusted })`: the interpreter, no
 * code generated from it; more than 100,000 properties and items, deeper than 512 levels, or a `pattern` that
 * could make a check cost more than linear time, and the tool is skipped with the reason), so a model's bad
 * arguments are answered with the precise error before the server sees them. A name already taken (by a tool
 * in `options.local`, or earlier in the listing) is skipped and reported in `issues`. A call goes to the
 * server with `tools/call`; its content when that holds images, audio or files (parts each provider is sent as it
 * can take them), else its `structuredContent`, else its content as text, is the value; an `isError` result is a failed
 * `ToolResult` with the server's text. Pages of `tools/list` are followed, up to
 * 10,000 tools (the rest is reported in `issues`).
 *
 * @example
 * const client = new Client({ name: "app", version: "1.0.0" });
 * await client.connect(new StreamableHTTPClientTransport(new URL("https://example.com/mcp")));
 * const { tools, issues } = await mcpTools(client, { prefix: "docs_", local: [weather] });
 * await runTools({ provider: "openai", chat, request, tools: [...tools, weather] });
 */
export async function mcpTools(client: MCPClientLike, options: MCPToolsOptions = {}): Promise<MCPTools> {
  if (typeof client?.listTools !== "function" || typeof client.callTool !== "function")
    throw new TypeError("mcpTools: expects a connected MCP client (the MCP SDK's Client)");
  const listed: MCPListedTool[] = [];
  const issues: MCPToolIssue[] = [];
  let more = false; // the listing goes on past MAX_SERVER_TOOLS
  let cursor: string | undefined;
  for (let page = 0; page < 1000 && !more; page++) {
    const answer = await client.listTools(cursor === undefined ? undefined : { cursor });
    for (const listing of Array.isArray(answer?.tools) ? answer.tools : []) {
      if (listed.length === MAX_SERVER_TOOLS) more = true;
      else listed.push(listing);
    }
    cursor = typeof answer?.nextCursor === "string" && answer.nextCursor ? answer.nextCursor : undefined;
    if (cursor === undefined) break;
    if (listed.length === MAX_SERVER_TOOLS) more = true;
  }
  if (more)
    issues.push({
      code: "too_many_tools",
      name: "",
      message: `the server lists more than ${MAX_SERVER_TOOLS} tools; the first ${MAX_SERVER_TOOLS} are read`,
    });
  const include = options.include;
  const wanted = listed.filter((t) =>
    include === undefined ? true : typeof include === "function" ? include(t) : include.includes(t.name),
  );
  const logger = options.logger ?? consoleLogger;
  const quietLogger: Logger = {
    error: (message, error) => {
      if (!(error instanceof MCPToolError)) logger.error(message, error);
    },
  };
  const tools: AnyTool[] = [];
  const skipped: { name: string; reason: string }[] = [];
  const ignored: MCPTools["ignored"] = [];
  const localNames = namesOf(options.local);
  const taken = new Set<string>();
  for (const listing of wanted) {
    const name = `${options.prefix ?? ""}${String(listing?.name)}`;
    const clash = nameClash(name, localNames, taken, options.clash ?? "local");
    if (clash) {
      issues.push(clash.issue);
      if (clash.skip) {
        skipped.push({ name, reason: clash.issue.message });
        continue;
      }
    }
    try {
      tools.push(
        serverTool(client, listing, name, options, quietLogger, (keyword, at) => ignored.push({ name, keyword, at })),
      );
      taken.add(name);
    } catch (error) {
      skipped.push({ name, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { tools, skipped, ignored, issues };
}

function namesOf(local: MCPToolsOptions["local"]): Set<string> {
  if (local === undefined) return new Set();
  const list = local instanceof ToolRegistry ? local.listTools() : local;
  return new Set(list.map((item) => (typeof item === "string" ? item : item.name)));
}

// A name already taken: by a local tool (kept unless the caller prefers the server's), or earlier in this listing.
function nameClash(
  name: string,
  local: ReadonlySet<string>,
  taken: ReadonlySet<string>,
  prefer: "local" | "server",
): { issue: MCPToolIssue; skip: boolean } | undefined {
  if (taken.has(name)) {
    return {
      skip: true,
      issue: {
        code: "duplicate_name",
        name,
        message: `the server lists more than one tool named ${name}; only the first is taken`,
      },
    };
  }
  if (!local.has(name)) return undefined;
  const kept =
    prefer === "server"
      ? 'the server\'s is taken (clash: "server"): leave the local one out'
      : "the local one is kept; give a prefix to have both";
  return {
    skip: prefer !== "server",
    issue: { code: "name_clash", name, message: `the server's tool ${name} has the name of a local tool; ${kept}` },
  };
}

// One listed tool as a Tool; throws (and the tool is skipped) when its name or input schema cannot be taken.
// A keyword the guard does not know is left out of the check, and said (`ignore`).
function serverTool(
  client: MCPClientLike,
  listing: MCPListedTool,
  name: string,
  options: MCPToolsOptions,
  logger: Logger,
  ignore: (keyword: string, at: string) => void,
): AnyTool {
  const approval = typeof options.needsApproval === "function" ? options.needsApproval(listing) : options.needsApproval;
  const parameters = compile(schemaOf(listing.inputSchema), { untrusted, dynamicScope }); // limits and patterns checked before anything recurses
  const tool = new Tool<Record<string, unknown>>({
    name,
    description: describe(listing),
    parameters,
    compile, // a union's branches, told apart when strict-mode encodings are undone
    ...(options.category !== undefined && { category: options.category }),
    ...(approval && { needsApproval: true }),
    ...(options.timeout !== undefined && { timeout: options.timeout }),
    logger,
    run: async (args, _context, { signal }) => {
      const result = await client.callTool({ name: listing.name, arguments: args }, undefined, {
        ...(signal && { signal }),
        ...(options.timeout !== undefined && { timeout: options.timeout }),
      });
      return resultValue(result);
    },
  });
  for (const { keyword, at } of parameters.ignored) ignore(keyword, at);
  return tool;
}

function describe(listing: MCPListedTool): string {
  const text =
    typeof listing.description === "string" && listing.description.trim()
      ? listing.description
      : typeof listing.title === "string" && listing.title.trim()
        ? listing.title
        : "";
  return text || `The ${String(listing.name)} tool of an MCP server.`;
}

function schemaOf(schema: unknown): object {
  if (typeof schema !== "object" || schema === null) throw new TypeError("its inputSchema is not an object");
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
}

/**
 * A `tools/call` result as the value the model reads: its content when that holds images, audio or files (sent
 * as parts), else its `structuredContent`, else its content as text; `isError` as a failure with the server's text.
 */
function resultValue(result: unknown): unknown {
  const r = (typeof result === "object" && result !== null ? result : {}) as {
    content?: unknown;
    structuredContent?: unknown;
    isError?: unknown;
    toolResult?: unknown;
  };
  const content = Array.isArray(r.content) ? r.content : [];
  const value = mcpContentValue(content);
  if (r.isError === true)
    throw new MCPToolError(
      (typeof value === "string" ? value : preview(content, 500)) || "the server reported an error without a message",
    );
  if (typeof value !== "string") return value;
  if (r.structuredContent !== undefined) return r.structuredContent;
  if ("toolResult" in r && !("content" in r)) return r.toolResult; // protocol 2024-10-07 servers
  return value;
}

/**
 * How to reach a server: a command to spawn (stdio), or a streamable HTTP endpoint (with `auth` to sign in with
 * OAuth); either with the handlers of what the server may ask during a call (`onElicit`, `onSample`, `onLog`).
 *
 * @example
 * connectMCP({ command: "node", args: ["server.mjs"] });
 * connectMCP({ url: "https://example.com/mcp", headers: { authorization: `Bearer ${token}` } });
 */
export type MCPServer = MCPClientHandlers &
  (
    | {
        readonly command: string;
        readonly args?: readonly string[];
        readonly env?: Readonly<Record<string, string>>;
        readonly cwd?: string;
        readonly stderr?: "inherit" | "ignore" | "pipe";
      }
    | {
        readonly url: string | URL;
        readonly headers?: Readonly<Record<string, string>>;
        readonly fetch?: (input: string | URL, init?: RequestInit) => Promise<Response>;
        /**
         * Signs in with OAuth when the server answers 401: the MCP SDK's `OAuthClientProvider`, or
         * `oauthProvider(...)`.
         */
        readonly auth?: MCPOAuthProvider;
      }
  );
/**
 * A connected server: its tools, the MCP SDK client, and `close()` (which ends a spawned server).
 *
 * @example
 * const server = await connectMCP({ command: "node", args: ["server.mjs"] });
 * try {
 *   use(server.tools);
 * } finally {
 *   await server.close();
 * }
 */
export interface MCPConnection extends MCPTools {
  readonly client: MCPClientLike & { close(): Promise<void> };
  close(): Promise<void>;
}

// Specifiers built at run time, so bundlers leave the optional peer dependency alone.
const load = (path: string): Promise<Record<string, unknown>> =>
  import(/* @vite-ignore */ ["@modelcontextprotocol", "sdk", path].join("/"));

/**
 * Connects to an MCP server with the official MCP SDK (`@modelcontextprotocol/sdk`, an optional peer
 * dependency, imported when this is called) over stdio (a command tooltype spawns) or streamable HTTP,
 * and lists its tools as `mcpTools` does. Node, Deno and Bun; in a browser, connect the SDK's client
 * yourself and call `mcpTools(client)`.
 *
 * @example
 * const fs = await connectMCP(
 *   { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] },
 *   { prefix: "fs_" },
 * );
 * try {
 *   await runTools({ provider: "anthropic", chat, request, tools: [...fs.tools, weather] });
 * } finally {
 *   await fs.close();
 * }
 */
export async function connectMCP(
  server: MCPServer,
  options: MCPToolsOptions & { readonly clientInfo?: { name: string; version: string } } = {},
): Promise<MCPConnection> {
  let sdk: Record<string, unknown>;
  let types: Record<string, unknown>;
  let transport: unknown;
  const capabilities = clientCapabilities(server);
  if ("command" in server && "auth" in server && server.auth !== undefined)
    throw new TypeError(
      "connectMCP: auth (OAuth) is for a server reached by url; a spawned server is not signed in to",
    );
  try {
    sdk = await load("client/index.js");
    if ("command" in server) {
      const { StdioClientTransport } = (await load("client/stdio.js")) as {
        StdioClientTransport: new (p: object) => unknown;
      };
      transport = new StdioClientTransport({
        command: server.command,
        args: [...(server.args ?? [])],
        ...(server.env && { env: { ...server.env } }),
        ...(server.cwd && { cwd: server.cwd }),
        stderr: server.stderr ?? "inherit",
      });
    } else if ("url" in server) {
      const { StreamableHTTPClientTransport } = (await load("client/streamableHttp.js")) as {
        StreamableHTTPClientTransport: new (url: URL, o: object) => unknown;
      };
      const url = new URL(server.url);
      const fetch = server.auth ? await signingIn(server.auth, url, server.fetch) : server.fetch;
      transport = new StreamableHTTPClientTransport(url, {
        ...(server.headers && { requestInit: { headers: { ...server.headers } } }),
        ...(fetch && { fetch }),
      });
    } else
      throw new TypeError(
        "connectMCP: give { command, args } for a server to spawn, or { url } for a streamable HTTP server",
      );
    types = await load("types.js");
  } catch (error) {
    if (error instanceof TypeError && /connectMCP/.test(error.message)) throw error;
    throw new Error(
      `connectMCP needs the MCP SDK: npm install @modelcontextprotocol/sdk (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const Client = sdk.Client as new (
    info: object,
    options: object,
  ) => MCPClientLike & { connect(t: unknown): Promise<void>; close(): Promise<void> } & Parameters<
      typeof installHandlers
    >[0];
  // The server's output schemas are checked by tooltype's guard, as untrusted, not compiled to code by the SDK's
  // default.
  const client = new Client(options.clientInfo ?? { name: "tooltype", version: "0.1.0" }, {
    capabilities,
    jsonSchemaValidator: mcpValidator(),
  });
  installHandlers(client, server, types);
  await client.connect(transport);
  try {
    const listed = await mcpTools(client, options);
    return { ...listed, client, close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

const PROVIDER_METHODS = [
  "tokens",
  "saveTokens",
  "clientInformation",
  "redirectToAuthorization",
  "saveCodeVerifier",
  "codeVerifier",
];

// `fetch` that signs in with the provider, on the MCP SDK's OAuth flow (its client/auth.js).
async function signingIn(
  provider: MCPOAuthProvider,
  url: URL,
  fetch: ((input: string | URL, init?: RequestInit) => Promise<Response>) | undefined,
): Promise<(input: string | URL, init?: RequestInit) => Promise<Response>> {
  const missing = PROVIDER_METHODS.filter(
    (name) => typeof (provider as unknown as Record<string, unknown>)?.[name] !== "function",
  );
  if (missing.length)
    throw new TypeError(
      `connectMCP: auth must be an OAuth client provider (oauthProvider(...) or the MCP SDK's); it has no ${missing.join(", ")}`,
    );
  const flow = (await load("client/auth.js")) as unknown as OAuthFlow;
  return oauthFetch(fetch ?? ((input, init) => globalThis.fetch(input, init)), provider, url, flow);
}
