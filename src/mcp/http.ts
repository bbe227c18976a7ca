import type { ToolRegistry } from "../tools/registry.js";
import {
  ByteBuffer,
  JSONRPC_ERRORS,
  MCP_PROTOCOL_VERSIONS,
  failure,
  handleMessage,
  type Context,
  type MCPProtocolOptions,
  type MCPSessionState,
} from "./serve.js";
import { LiveSession, memorySessions, type MCPSessionStore } from "./sessions.js";

/**
 * Options of `mcpHttpHandler`.
 *
 * @example
 * mcpHttpHandler(registry, {
 *   allowedHosts: ["localhost", "mcp.example.com"],
 *   maxMessageBytes: 1 << 20,
 *   sessions: true,
 * });
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
  /**
   * Sessions (`Mcp-Session-Id`): `true` keeps them in memory (`memorySessions()`), or give a store. With them a
   * call answered as an event stream can `elicit` and `sample`, `logging/setLevel` holds for the session, and a
   * broken stream can be resumed with `Last-Event-ID`. Default: stateless.
   */
  readonly sessions?: boolean | MCPSessionStore;
  /**
   * The most requests read and answered at once (default 32; a call waiting for the client's answer to `elicit` or
   * `sample` does not count). Past it, a request is refused with 503 and `Retry-After`, its body unread.
   */
  readonly maxInFlight?: number;
  /**
   * The most bytes of events one stream holds for a client that does not read them (default 1 MiB): past it,
   * progress and log notifications are dropped (a call's result and its requests to the client never are), and
   * a session keeps that much of each stream for a client that reconnects.
   */
  readonly maxBufferedBytes?: number;
}

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/**
 * Serves a registry's tools over MCP's streamable HTTP transport as a fetch-style handler for Node (through any
 * adapter that makes a `Request`), Deno, Bun and Workers. The protocol is `serveMCP`'s: `initialize`, `ping`,
 * `logging/setLevel`, `tools/list`, `tools/call`, each error a JSON-RPC error. Stateless by default: every POST
 * carries one JSON-RPC message (or a batch under `2025-03-26`) and is answered with JSON; `GET` and `DELETE` get
 * 405. A `Host` or `Origin` outside `allowedHosts` is refused with 403, a body that is not `application/json` with
 * 415, both before the body is read. A `tools/call` that carries `params._meta.progressToken`, from a client that
 * accepts `text/event-stream`, is answered as an SSE stream: the tool's notifications, then the result; a call
 * whose client goes away (the stream is cancelled, or the request's `signal` aborts) is cancelled.
 *
 * With `sessions`, `initialize` starts a session whose id comes back in `Mcp-Session-Id`, which every later
 * request must carry (400 without it, 404 for one unknown or ended); every `tools/call` from a client that accepts
 * `text/event-stream` is answered as a stream whose events have ids, on which the tool's `elicit` and `sample`
 * reach the client (its answers come back as POSTs); a client that loses the stream reconnects with `GET` and
 * `Last-Event-ID` and reads what it missed, the call running on meanwhile (only `notifications/cancelled`, the
 * call's timeout, or `DELETE`, which ends the session, stop it).
 *
 * @example
 * import { mcpHttpHandler } from "tooltype/mcp";
 * const handler = mcpHttpHandler(new ToolRegistry().register(weather), { sessions: true });
 * Deno.serve({ hostname: "127.0.0.1", port: 8787 }, handler);
 * // Bun.serve({ fetch: handler }); export default { fetch: handler }
 */
export function mcpHttpHandler(
  registry: ToolRegistry,
  options: MCPHttpOptions = {},
): (request: Request) => Promise<Response> {
  const hosts = new Set((options.allowedHosts ?? LOOPBACK).map((host) => host.toLowerCase()));
  const origins = new Set(options.allowedOrigins ?? []);
  const store = options.sessions === true ? memorySessions() : options.sessions || undefined;
  const server: Server = { registry, options, limits: limitsOf(options), store, live: new Map(), busy: 0 };
  return async (request) => {
    const refused = refusedHost(request, hosts, origins);
    if (refused) return reply(403, failure(null, -32000, refused));
    if (store && request.method === "GET") return resume(server, request);
    if (store && request.method === "DELETE") return endSession(server, request);
    return refusedPost(server, request) ?? answerPost(server, request);
  };
}

// The handler's limits, each checked.
function limitsOf(options: MCPHttpOptions): Server["limits"] {
  const limits = {
    max: options.maxMessageBytes ?? 4 * 1024 * 1024,
    inFlight: options.maxInFlight ?? 32,
    buffered: options.maxBufferedBytes ?? 1024 * 1024,
  };
  for (const [name, value, least, unit] of [
    ["maxMessageBytes", limits.max, 64, " of bytes"],
    ["maxInFlight", limits.inFlight, 1, ""],
    ["maxBufferedBytes", limits.buffered, 1024, " of bytes"],
  ] as const) {
    if (!(Number.isSafeInteger(value) && value >= least))
      throw new TypeError(
        `mcpHttpHandler: ${name} must be a whole number${unit}, ${least} or more, received ${String(value)}`,
      );
  }
  return limits;
}

// What refuses a request before its body is read: its method, its media type, its protocol version, a full server.
function refusedPost(server: Server, request: Request): Response | undefined {
  const { store, limits } = server;
  if (request.method !== "POST") {
    const what = store ? "POST, GET with Last-Event-ID, and DELETE" : "POST only, as a stateless server";
    return reply(
      405,
      failure(null, -32000, `Method not allowed: this MCP server answers ${what} (received ${request.method})`),
      { allow: store ? "POST, GET, DELETE" : "POST" },
    );
  }
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type))
    return reply(
      415,
      failure(
        null,
        JSONRPC_ERRORS.INVALID_REQUEST,
        `Unsupported Media Type: the body must be application/json (received ${JSON.stringify(type).slice(0, 100)})`,
      ),
    );
  const version = request.headers.get("mcp-protocol-version");
  if (version !== null && !(MCP_PROTOCOL_VERSIONS as readonly string[]).includes(version))
    return reply(
      400,
      failure(
        null,
        JSONRPC_ERRORS.INVALID_REQUEST,
        `Bad Request: unsupported MCP-Protocol-Version ${JSON.stringify(version).slice(0, 100)}; this server speaks ${MCP_PROTOCOL_VERSIONS.join(", ")}`,
      ),
    );
  if (server.busy >= limits.inFlight)
    return reply(
      503,
      failure(
        null,
        -32000,
        `Service Unavailable: ${limits.inFlight} requests are being answered (maxInFlight); try again shortly`,
      ),
      { "retry-after": "1" },
    );
  return undefined;
}

// A POST the server takes: its body read within the limit, parsed, and answered; it counts as in flight until its
// answer is whole (an event stream holds the count until it ends).
async function answerPost(server: Server, request: Request): Promise<Response> {
  const version = request.headers.get("mcp-protocol-version");
  server.busy++;
  let held = false;
  const hold = () => {
    held = true;
    return () => void server.busy--;
  };
  try {
    const body = await readBody(request, server.limits.max);
    if (body === undefined)
      return reply(
        413,
        failure(
          null,
          JSONRPC_ERRORS.INVALID_REQUEST,
          `Invalid Request: a body longer than ${server.limits.max} bytes was refused`,
        ),
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
    return await (server.store ? postInSession : postStateless)(server, request, message, version, hold);
  } finally {
    if (!held) server.busy--;
  }
}

/** The handler's settings and state: its sessions' store, their live parts in this process, the requests in flight. */
interface Server {
  readonly registry: ToolRegistry;
  readonly options: MCPHttpOptions;
  readonly limits: { readonly max: number; readonly inFlight: number; readonly buffered: number };
  readonly store: MCPSessionStore | undefined;
  readonly live: Map<string, LiveSession>;
  busy: number;
}

// A streamed call stays in flight after the handler returns its Response: it takes over the release.
type Keep = () => () => void;

async function postStateless(server: Server, request: Request, message: unknown, version: string | null, keep: Keep) {
  // The version is the one the client sends on each request (2025-03-26 when it sends none, as the transport says).
  const session: MCPSessionState = { version: version ?? (isInitialize(message) ? undefined : "2025-03-26") };
  const context: Context = { registry: server.registry, options: server.options, session, signal: request.signal };
  if (wantsProgress(message) && acceptsEvents(request)) return streamed(server, context, message, keep);
  const answer = await handleMessage(context, message);
  return answer === undefined ? new Response(null, { status: 202 }) : reply(200, answer);
}

async function postInSession(server: Server, request: Request, message: unknown, _version: string | null, keep: Keep) {
  const store = server.store!;
  const id = request.headers.get("mcp-session-id");
  if (id === null) {
    if (!isInitialize(message))
      return reply(
        400,
        failure(
          null,
          -32000,
          "Bad Request: no Mcp-Session-Id; start a session with initialize, then send its id with every request",
        ),
      );
    const session: MCPSessionState = { version: undefined };
    const answer = await handleMessage({ registry: server.registry, options: server.options, session }, message);
    const created = crypto.randomUUID();
    await store.set(created, session);
    return reply(200, answer, { "mcp-session-id": created });
  }
  const session = await store.get(id);
  if (!session)
    return reply(
      404,
      failure(null, -32001, "Not Found: this session is unknown or has ended; start a new one with initialize"),
    );
  const here = liveSession(server, id);
  const context: Context = {
    registry: server.registry,
    options: server.options,
    session,
    signal: here.ended.signal,
    running: here.running,
    answer: (response) => here.outgoing.answer(response),
  };
  if (isCall(message) && acceptsEvents(request)) return streamed(server, context, message, keep, here);
  const answer = await handleMessage(context, message);
  await store.set(id, session); // logging/setLevel, or a version agreed on
  return answer === undefined ? new Response(null, { status: 202 }) : reply(200, answer);
}

function liveSession(server: Server, id: string): LiveSession {
  let here = server.live.get(id);
  if (!here) {
    here = new LiveSession();
    server.live.set(id, here);
    // Bounded as the default store is: the oldest let go (its calls end, its stream cannot be resumed here).
    if (server.live.size > 1000) {
      const [oldest, gone] = server.live.entries().next().value!;
      gone.close();
      server.live.delete(oldest);
    }
  }
  return here;
}

// A session's stream resumed: `GET` with `Last-Event-ID` reads the events after it, then the rest as they come.
async function resume(server: Server, request: Request): Promise<Response> {
  const id = request.headers.get("mcp-session-id");
  if (id === null || !(await server.store!.get(id)))
    return reply(
      id === null ? 400 : 404,
      failure(null, -32001, "A GET needs the Mcp-Session-Id of a session that has not ended"),
    );
  const last = request.headers.get("last-event-id");
  if (last === null)
    return reply(
      405,
      failure(
        null,
        -32000,
        "Method not allowed: this server opens no stream of its own; a GET with Last-Event-ID resumes a call's stream",
      ),
      { allow: "POST, GET, DELETE" },
    );
  const dot = last.lastIndexOf(".");
  const log = server.live.get(id)?.streams.get(last.slice(0, dot));
  const seq = Number(last.slice(dot + 1));
  if (dot < 0 || !log || !Number.isSafeInteger(seq))
    return reply(
      404,
      failure(null, -32001, `Not Found: no stream holds the event ${JSON.stringify(last).slice(0, 100)}`),
    );
  const { stream, write, close } = eventSink(server.limits.buffered, () => {
    if (log.reader === write) log.reader = undefined;
  });
  for (const text of log.after(seq)) write(text, false);
  if (log.done) close();
  else {
    log.reader = write;
    log.onDone = close;
  }
  return sse(stream);
}

async function endSession(server: Server, request: Request): Promise<Response> {
  const id = request.headers.get("mcp-session-id");
  if (id === null || !(await server.store!.get(id)))
    return reply(
      id === null ? 400 : 404,
      failure(null, -32001, "A DELETE needs the Mcp-Session-Id of a session that has not ended"),
    );
  await server.store!.delete(id);
  server.live.get(id)?.close();
  server.live.delete(id);
  return new Response(null, { status: 204 });
}

function isCall(message: unknown): boolean {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { method?: unknown }).method === "tools/call" &&
    Object.hasOwn(message, "id")
  );
}

function acceptsEvents(request: Request): boolean {
  return /\btext\/event-stream\b/i.test(request.headers.get("accept") ?? "");
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

// A readable byte stream of events holding at most `cap` unread bytes: past that, a droppable event is dropped.
function eventSink(cap: number, onCancel: (reason: unknown) => void) {
  const encoder = new TextEncoder();
  let open = true;
  let sink!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>(
    {
      start: (controller) => void (sink = controller),
      cancel: (reason) => {
        open = false;
        onCancel(reason);
      },
    },
    { highWaterMark: cap, size: (chunk) => chunk.byteLength },
  );
  const write = (text: string, droppable: boolean): boolean => {
    if (!open || (droppable && (sink.desiredSize ?? 0) <= 0)) return false;
    sink.enqueue(encoder.encode(text));
    return true;
  };
  const close = () => {
    if (open) sink.close();
    open = false;
  };
  return { stream, write, close };
}

// One call answered as server-sent events: its notifications and requests to the client as they come, then its
// reply. Stateless, the client going away cancels the call; in a session the events are kept for a resume, and
// the call runs on.
function streamed(server: Server, context: Context, message: unknown, keep: Keep, here?: LiveSession): Response {
  const gone = new AbortController();
  if (!here) context.signal?.addEventListener("abort", () => gone.abort(context.signal!.reason), { once: true });
  const log = here?.open(crypto.randomUUID(), server.limits.buffered);
  const { stream, write, close } = eventSink(server.limits.buffered, (reason) => {
    if (log) {
      if (log.reader === write) log.reader = undefined;
    } else gone.abort(reason ?? new DOMException("The client closed the event stream", "AbortError"));
  });
  const emit = (event: unknown, droppable: boolean) =>
    log ? log.add(json(event), droppable) : write(`event: message\ndata: ${json(event)}\n\n`, droppable);
  if (log) {
    log.reader = write;
    log.onDone = close;
    log.add("", false); // a priming event: its id lets the client resume before the first message
  }
  const ask = here
    ? async (method: string, params: object, signal?: AbortSignal) => {
        server.busy--; // waiting for the client is not work in flight
        try {
          return await here.outgoing.send((request) => emit(request, false), method, params, signal);
        } finally {
          server.busy++;
        }
      }
    : undefined;
  const finish = (answer: unknown) => {
    if (answer !== undefined) emit(answer, false);
    if (log) log.end();
    else close();
  };
  const settled = keep();
  handleMessage(
    { ...context, notify: (event) => emit(event, true), ask, signal: here ? context.signal : gone.signal },
    message,
  )!
    .then(finish, (error: unknown) =>
      finish(
        failure(
          null,
          JSONRPC_ERRORS.INTERNAL_ERROR,
          `Internal error: ${error instanceof Error ? error.message : String(error)}`,
        ),
      ),
    )
    .finally(() => settled());
  return sse(stream);
}

function sse(stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, {
    status: 200,
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}

function isInitialize(message: unknown): boolean {
  return typeof message === "object" && message !== null && (message as { method?: unknown }).method === "initialize";
}

// The body as text, read piece by piece into one growing buffer and dropped past `max` bytes (undefined then).
async function readBody(request: Request, max: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > max) return undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const body = new ByteBuffer(max);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!body.append(value)) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
  }
  return new TextDecoder().decode(body.bytes());
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
