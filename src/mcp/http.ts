import type { ToolRegistry } from "../tools/registry.js";
import {
  concat,
  JSONRPC_ERRORS,
  MCP_PROTOCOL_VERSIONS,
  failure,
  handleMessage,
  type Context,
  type MCPProtocolOptions,
} from "./serve.js";

/**
 * Options of `mcpHttpHandler`.
 *
 * @example
 * mcpHttpHandler(registry, { allowedHosts: ["localhost", "mcp.example.com"], maxMessageBytes: 1 << 20 });
 */
export interface MCPHttpOptions extends MCPProtocolOptions {
  /**
   * Host names a request's `Host` (and, when sent, its `Origin`) may name; anything else is refused with 403,
   * so a web page cannot reach a local server by rebinding its own name to 127.0.0.1. Default: the loopback
   * names `localhost`, `127.0.0.1` and `[::1]`, on any port. A server reached by another name lists it here.
   */
  readonly allowedHosts?: readonly string[];
  /** Whole origins (`https://app.example.com`) allowed beside those on `allowedHosts`. */
  readonly allowedOrigins?: readonly string[];
  /** The longest request body read, in bytes (default 4 MiB); a longer one is refused with 413, never held whole. */
  readonly maxMessageBytes?: number;
}

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/**
 * Serves a registry's tools over MCP's streamable HTTP transport as a fetch-style handler, stateless (no
 * session: every POST carries one JSON-RPC message, or a batch under `2025-03-26`, and is answered with JSON),
 * for Node (through any adapter that makes a `Request`), Deno, Bun and Workers. The protocol is `serveMCP`'s:
 * `initialize`, `ping`, `tools/list`, `tools/call`, each error a JSON-RPC error. A notification is answered
 * with 202; `GET` and `DELETE` with 405 (a stateless server opens no stream and has no session to end). A
 * `Host` or `Origin` outside `allowedHosts` is refused with 403 before the body is read. A `tools/call` that
 * carries `params._meta.progressToken`, from a client that accepts `text/event-stream`, is answered as an SSE
 * stream: the tool's `notifications/progress`, then the result. A call whose client goes away (the event stream is
 * cancelled, or the request's `signal` aborts) is cancelled: its function's `signal` aborts.
 *
 * @example
 * import { mcpHttpHandler } from "tooltype/mcp";
 * const handler = mcpHttpHandler(new ToolRegistry().register(weather));
 * Deno.serve({ hostname: "127.0.0.1", port: 8787 }, handler); // Bun.serve({ fetch: handler }); export default { fetch: handler }
 */
export function mcpHttpHandler(
  registry: ToolRegistry,
  options: MCPHttpOptions = {},
): (request: Request) => Promise<Response> {
  const max = options.maxMessageBytes ?? 4 * 1024 * 1024;
  if (!(Number.isSafeInteger(max) && max >= 64))
    throw new TypeError(
      `mcpHttpHandler: maxMessageBytes must be a whole number of bytes, 64 or more, received ${String(max)}`,
    );
  const hosts = new Set((options.allowedHosts ?? LOOPBACK).map((host) => host.toLowerCase()));
  const origins = new Set(options.allowedOrigins ?? []);
  return async (request) => {
    const refused = refusedHost(request, hosts, origins);
    if (refused) return reply(403, failure(null, -32000, refused));
    if (request.method !== "POST") {
      return reply(
        405,
        failure(
          null,
          -32000,
          `Method not allowed: this MCP server is stateless and answers POST only (received ${request.method})`,
        ),
        { allow: "POST" },
      );
    }
    const version = request.headers.get("mcp-protocol-version");
    if (version !== null && !(MCP_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
      return reply(
        400,
        failure(
          null,
          JSONRPC_ERRORS.INVALID_REQUEST,
          `Bad Request: unsupported MCP-Protocol-Version ${JSON.stringify(version).slice(0, 100)}; this server speaks ${MCP_PROTOCOL_VERSIONS.join(", ")}`,
        ),
      );
    }
    const body = await readBody(request, max);
    if (body === undefined)
      return reply(
        413,
        failure(null, JSONRPC_ERRORS.INVALID_REQUEST, `Invalid Request: a body longer than ${max} bytes was refused`),
      );
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch (error) {
      return reply(
        400,
        failure(
          null,
          JSONRPC_ERRORS.PARSE_ERROR,
          `Parse error: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
    // Stateless: the version is the one the client sends on each request (2025-03-26 when it sends none, as the transport says).
    const session = { version: version ?? (isInitialize(message) ? undefined : "2025-03-26") };
    const context: Context = { registry, options, session, signal: request.signal };
    if (wantsProgress(message) && /\btext\/event-stream\b/i.test(request.headers.get("accept") ?? ""))
      return eventStream(context, message);
    const answer = await handleMessage(context, message);
    return answer === undefined ? new Response(null, { status: 202 }) : reply(200, answer);
  };
}

// Why a request's Host or Origin is refused, or undefined when both name an allowed host.
function refusedHost(request: Request, hosts: ReadonlySet<string>, origins: ReadonlySet<string>): string | undefined {
  const host = request.headers.get("host") ?? hostOf(request.url);
  if (!host || !hosts.has(hostName(host)))
    return `Forbidden: the Host ${JSON.stringify(host ?? "").slice(0, 200)} is not one this server answers to (allowedHosts)`;
  const origin = request.headers.get("origin");
  if (origin === null || origins.has(origin)) return undefined;
  const originHost = hostOf(origin);
  if (originHost && hosts.has(hostName(originHost))) return undefined;
  return `Forbidden: the Origin ${JSON.stringify(origin).slice(0, 200)} is not allowed (allowedHosts, allowedOrigins)`;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/** `example.com:8080` → `example.com`, `[::1]:80` → `[::1]`, lowercased. */
function hostName(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith("[")) return lower.slice(0, lower.indexOf("]") + 1);
  const colon = lower.indexOf(":");
  return colon < 0 ? lower : lower.slice(0, colon);
}

function wantsProgress(message: unknown): boolean {
  // A request (it has an id), not a batch or a notification, asking to follow its progress.
  const params =
    typeof message === "object" && message !== null && !Array.isArray(message) && Object.hasOwn(message, "id")
      ? (message as { params?: { _meta?: unknown } }).params
      : undefined;
  const meta = typeof params === "object" && params !== null ? params._meta : undefined;
  return typeof meta === "object" && meta !== null && (meta as { progressToken?: unknown }).progressToken !== undefined;
}

// One request answered as server-sent events: its notifications as they come, then its reply, then the end.
// The client cancelling the stream, or the request's signal aborting, cancels the call.
function eventStream(context: Context, message: unknown): Response {
  const encoder = new TextEncoder();
  const gone = new AbortController();
  context.signal?.addEventListener("abort", () => gone.abort(context.signal!.reason), { once: true });
  let open = true;
  let sink!: ReadableStreamDefaultController<Uint8Array>;
  const cancel = (reason: unknown) => {
    open = false;
    gone.abort(reason);
  };
  const stream = new ReadableStream<Uint8Array>({ start: (controller) => void (sink = controller), cancel });
  const send = (event: unknown) => {
    if (open) sink.enqueue(encoder.encode(`event: message\ndata: ${json(event)}\n\n`));
  };
  const finish = (answer: unknown) => {
    if (answer !== undefined) send(answer);
    if (open) sink.close();
    open = false;
  };
  handleMessage({ ...context, notify: send, signal: gone.signal }, message)!.then(finish, (error: unknown) =>
    finish(
      failure(
        null,
        JSONRPC_ERRORS.INTERNAL_ERROR,
        `Internal error: ${error instanceof Error ? error.message : String(error)}`,
      ),
    ),
  );
  return new Response(stream, {
    status: 200,
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}

function isInitialize(message: unknown): boolean {
  return typeof message === "object" && message !== null && (message as { method?: unknown }).method === "initialize";
}

// The body as text, read piece by piece and dropped past `max` bytes (undefined then).
async function readBody(request: Request, max: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > max) return undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    parts.push(value);
  }
  return new TextDecoder().decode(concat(parts, size));
}

function reply(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(json(body), { status, headers: { "content-type": "application/json", ...headers } });
}

function json(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    return JSON.stringify(
      failure(
        null,
        JSONRPC_ERRORS.INTERNAL_ERROR,
        `The response could not be written as JSON: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
}
