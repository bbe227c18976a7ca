import type { ToolRegistry } from "../tools/registry.js";
import type { AnyTool } from "../tools/tool.js";
import { boundedCall } from "../tools/bounded-call.js";
import type { LogLevel } from "../tools/tool.js";
import { askExtras, Outgoing } from "./ask.js";
import { LOG_LEVELS } from "../tools/asks.js";
import { mcpCallResult, mcpToolList } from "./server.js";

/**
 * The MCP protocol versions `serveMCP` speaks, newest first. Only `2025-03-26` allowed JSON-RPC batches.
 *
 * @example
 * MCP_PROTOCOL_VERSIONS.includes(client.getServerVersion()?.protocolVersion); // what initialize agreed on
 */
export const MCP_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;

/**
 * JSON-RPC 2.0 error codes.
 *
 * @example
 * if (reply.error?.code === JSONRPC_ERRORS.METHOD_NOT_FOUND) console.log("the server has no such method");
 */
export const JSONRPC_ERRORS = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
} as const;

/**
 * Where `serveMCP` reads: a Node stream (`process.stdin`), a web `ReadableStream`, or any async iterable of bytes or
 * text.
 *
 * @example
 * serveMCP(registry, { input: process.stdin, output: process.stdout })
 */
export type MCPInput = AsyncIterable<Uint8Array | string> | ReadableStream<Uint8Array>;

/**
 * Where `serveMCP` writes, one JSON-RPC message a line: a Node stream (`process.stdout`), a web `WritableStream`, or
 * anything with `write(text)`.
 *
 * @example
 * serveMCP(registry, { input, output: { write: (line) => socket.send(line) } })
 */
export type MCPOutput = { write(text: string): unknown } | WritableStream<Uint8Array>;

/**
 * What `serveMCP` and `mcpHttpHandler` answer with beside the tools: the server's name, its instructions, a
 * call's time limit, the longest batch, and what MCP shows of each tool beyond its schema.
 *
 * @example
 * {
 *   serverInfo: { name: "weather", version: "1.2.0" },
 *   timeout: 30_000,
 *   describeTool: (tool) => ({ annotations: { readOnlyHint: true } }),
 * }
 */
export interface MCPProtocolOptions {
  /** The server's name and version in `initialize` (default `{ name: "tooltype", version: "0.1.0" }`). */
  readonly serverInfo?: { readonly name: string; readonly version: string };
  /** Text for the client's model about how to use these tools, sent in `initialize`. */
  readonly instructions?: string;
  /**
   * Milliseconds one `tools/call` may take; a slower one is an `isError` result, and its function's `signal` aborts.
   */
  readonly timeout?: number;
  /**
   * The most messages one batch may hold (default 100; batches exist only under `2025-03-26`). A longer batch is
   * refused whole with -32600, none of it run.
   */
  readonly maxBatch?: number;
  /**
   * What `tools/list` shows of a tool beyond its name, description and schemas: `title`, `annotations` (`readOnlyHint`,
   * ...), `icons`.
   */
  readonly describeTool?: (tool: AnyTool) => MCPToolExtras | undefined;
}

/**
 * A served tool's MCP fields beyond its schema.
 *
 * @example
 * {
 *   title: "Weather",
 *   annotations: { readOnlyHint: true, openWorldHint: true },
 *   icons: [{ src: "https://example.com/sun.png", mimeType: "image/png" }],
 * }
 */
export interface MCPToolExtras {
  readonly title?: string;
  readonly annotations?: {
    readonly title?: string;
    readonly readOnlyHint?: boolean;
    readonly destructiveHint?: boolean;
    readonly idempotentHint?: boolean;
    readonly openWorldHint?: boolean;
  };
  readonly icons?: readonly { readonly src: string; readonly mimeType?: string; readonly sizes?: readonly string[] }[];
}

/**
 * Options of `serveMCP`.
 *
 * @example
 * serveMCP(registry, {
 *   input: process.stdin,
 *   output: process.stdout,
 *   maxMessageBytes: 1 << 20,
 *   maxBatch: 20,
 *   maxInFlight: 8,
 *   timeout: 30_000,
 * });
 */
export interface ServeMCPOptions extends MCPProtocolOptions {
  /** Newline-delimited JSON-RPC messages from the client. */
  readonly input: MCPInput;
  /** Newline-delimited JSON-RPC messages to the client. */
  readonly output: MCPOutput;
  /**
   * The longest message read, in bytes (default 4 MiB). A longer line is skipped without being kept, and answered with
   * -32600.
   */
  readonly maxMessageBytes?: number;
  /**
   * The most requests answered at once (default 32; a batch counts as one, and its messages run one after
   * another). Past it, no more input is read until one is answered: a client cannot queue work faster than
   * it is done.
   */
  readonly maxInFlight?: number;
}

/** A JSON-RPC id. @example 7 */
export type Id = string | number;
/** A JSON-RPC reply. @example { jsonrpc: "2.0", id: 1, result: {} } */
export interface Reply {
  jsonrpc: "2.0";
  id: Id | null;
  result?: unknown;
  error?: { code: number; message: string };
}

/**
 * Serves a registry's tools as an MCP server over newline-delimited JSON-RPC 2.0 (the stdio transport),
 * with no SDK: `initialize`, `notifications/initialized`, `ping`, `tools/list` and `tools/call`. Whatever the
 * client sends, the server answers with JSON-RPC and keeps serving: a line that is not JSON gets -32700, a
 * message that is not a request -32600 (an `id` that is neither a string nor a safe integer included), an
 * unknown method -32601, a call to an unknown tool or with `params` of the wrong shape -32602, a fault of the
 * host -32603. Ids are echoed as they came. A line longer than `maxMessageBytes` is skipped as it streams,
 * never held whole, and answered with -32600. Batches (JSON arrays) are answered one by one when the session
 * speaks `2025-03-26`, the one version that allowed them (at most `maxBatch` messages), and refused with
 * -32600 otherwise. At most `maxInFlight` requests are answered at once; past that, input waits, and so it
 * does while the output is full (a Node stream's `write` returned false, a web stream's writer is not
 * ready). Bad arguments to a known tool are `isError` results the model can act on. A `tools/call` whose
 * `params._meta.progressToken` is a string or an integer gets its tool's `progress` reports as
 * `notifications/progress` lines before its result; `notifications/cancelled` aborts the running call with that
 * `requestId` (its function's `signal` aborts) and no response is sent for it, as the spec asks. Resolves when the
 * input ends and every call has been answered.
 *
 * @example
 * // server.mjs, started by an MCP client (Claude Desktop, the MCP SDK's StdioClientTransport, ...)
 * import { serveMCP } from "tooltype/mcp";
 * await serveMCP(new ToolRegistry().register(weather), { input: process.stdin, output: process.stdout });
 */
export async function serveMCP(registry: ToolRegistry, options: ServeMCPOptions): Promise<void> {
  const max = options.maxMessageBytes ?? 4 * 1024 * 1024;
  if (!(Number.isSafeInteger(max) && max >= 64))
    throw new TypeError(
      `serveMCP: maxMessageBytes must be a whole number of bytes, 64 or more, received ${String(max)}`,
    );
  const maxInFlight = options.maxInFlight ?? 32;
  for (const [name, value] of [
    ["maxBatch", options.maxBatch ?? 100],
    ["maxInFlight", maxInFlight],
  ] as const) {
    if (!(Number.isSafeInteger(value) && value >= 1))
      throw new TypeError(`serveMCP: ${name} must be a whole number, 1 or more, received ${String(value)}`);
  }
  await new LineServer(registry, options, max, maxInFlight).serve(options.input);
}

/** A session over lines of JSON: its output, the requests running, and the requests it sent the client. */
class LineServer {
  private readonly pending = new Set<Promise<void>>();
  private broken = false;
  // Requests to the client (elicit, sample) wait for its answer: a call waiting so does not count as in flight,
  // or calls waiting for answers could stop the input that carries them.
  private readonly outgoing = new Outgoing();
  private asking = 0;
  private wake = () => {};
  private readonly output: ReturnType<typeof writer>;
  private readonly context: Context;
  private readonly decoder = new TextDecoder();

  constructor(
    registry: ToolRegistry,
    options: ServeMCPOptions,
    private readonly max: number,
    private readonly maxInFlight: number,
  ) {
    this.output = writer(options.output);
    this.context = {
      registry,
      options,
      session: { version: undefined },
      notify: (message) => this.send(message),
      running: new Map(),
      ask: (method, params, signal) => this.ask(method, params, signal),
      answer: (message) => this.outgoing.answer(message),
    };
  }

  send(message: unknown): void {
    if (this.broken) return;
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch (error) {
      const id = (message as Reply).id ?? null;
      text = JSON.stringify(
        failure(id, JSONRPC_ERRORS.INTERNAL_ERROR, `The response could not be written as JSON: ${describe(error)}`),
      );
    }
    try {
      this.output.write(text + "\n");
    } catch {
      this.broken = true; // the client is gone: nothing more can be said
    }
  }

  private async ask(method: string, params: object, signal?: AbortSignal): Promise<unknown> {
    this.asking++;
    this.wake();
    try {
      return await this.outgoing.send((message) => this.send(message), method, params, signal);
    } finally {
      this.asking--;
    }
  }

  private onLine(bytes: Uint8Array): void {
    let text = this.decoder.decode(bytes);
    if (text.endsWith("\r")) text = text.slice(0, -1);
    if (!text.trim()) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      this.send(failure(null, JSONRPC_ERRORS.PARSE_ERROR, `Parse error: ${describe(error)}`));
      return;
    }
    const work = handleMessage(this.context, parsed);
    if (!work) return;
    const tracked: Promise<void> = work
      .then(
        (reply) => {
          if (reply !== undefined) this.send(reply);
        },
        (error: unknown) =>
          this.send(failure(null, JSONRPC_ERRORS.INTERNAL_ERROR, `Internal error: ${describe(error)}`)),
      )
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  // Before the next line: wait while too many requests are running, or the client is not reading what was written.
  private async room(): Promise<void> {
    while (this.pending.size - this.asking >= this.maxInFlight)
      await Promise.race([...this.pending, new Promise<void>((resolve) => void (this.wake = resolve))]);
    await this.output.ready();
  }

  private tooLong(): void {
    this.send(
      failure(
        null,
        JSONRPC_ERRORS.INVALID_REQUEST,
        `Invalid Request: a message longer than ${this.max} bytes was skipped`,
      ),
    );
  }

  // Lines are cut from the bytes as they stream into one growing buffer; a line past `max` is dropped piece by
  // piece, never kept whole. Resolves when the input has ended and every call is answered.
  async serve(input: ServeMCPOptions["input"]): Promise<void> {
    const line = new ByteBuffer(this.max);
    let skipping = false;
    const encoder = new TextEncoder();
    for await (const chunk of chunks(input)) {
      const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
      let from = 0;
      while (from < bytes.length) {
        const newline = bytes.indexOf(10, from);
        const end = newline === -1 ? bytes.length : newline;
        if (!skipping && !line.append(bytes.subarray(from, end))) {
          skipping = true;
          line.clear();
        }
        if (newline === -1) break;
        if (skipping) this.tooLong();
        else {
          this.onLine(line.bytes());
          await this.room();
        }
        line.clear();
        skipping = false;
        from = newline + 1;
      }
    }
    if (skipping) this.tooLong();
    else if (line.size) this.onLine(line.bytes());
    this.outgoing.close("The client closed its input before answering");
    while (this.pending.size) await Promise.all(this.pending);
  }
}

/**
 * One growing buffer of at most `max` bytes: memory follows the bytes held, never the number of pieces they
 * came in.
 *
 * @example
 * const body = new ByteBuffer(1 << 20);
 * if (!body.append(chunk)) throw new Error("too long");
 * new TextDecoder().decode(body.bytes());
 */
export class ByteBuffer {
  #bytes = new Uint8Array(0);
  size = 0;
  constructor(readonly max: number) {}

  /** Adds the bytes; false (nothing added) when they would pass `max`. */
  append(piece: Uint8Array): boolean {
    const size = this.size + piece.length;
    if (size > this.max) return false;
    if (size > this.#bytes.length) {
      const grown = new Uint8Array(Math.min(this.max, Math.max(size, this.#bytes.length * 2, 256)));
      grown.set(this.#bytes.subarray(0, this.size));
      this.#bytes = grown;
    }
    this.#bytes.set(piece, this.size);
    this.size = size;
    return true;
  }

  /** The bytes held (a view: read it before the next `append` or `clear`). */
  bytes(): Uint8Array {
    return this.#bytes.subarray(0, this.size);
  }

  /** Empties the buffer, and lets a large one go. */
  clear(): void {
    this.size = 0;
    if (this.#bytes.length > 65_536) this.#bytes = new Uint8Array(0);
  }
}

/**
 * What answering a message needs: the tools, the options, and the protocol version agreed on (undefined before
 * `initialize`).
 *
 * @example
 * const context: Context = { registry, options: { timeout: 10_000 }, session: { version: "2025-06-18" } };
 */
export interface Context {
  readonly registry: ToolRegistry;
  readonly options: MCPProtocolOptions;
  readonly session: MCPSessionState;
  /** Sends a notification to the client while a request runs (`notifications/progress`); without it, none is sent. */
  readonly notify?: (message: object) => void;
  /** Aborts when the client has gone away: a running call is cancelled and its function's `signal` aborts. */
  readonly signal?: AbortSignal;
  /** The session's running `tools/call` requests by id, which `notifications/cancelled` aborts (stdio keeps one). */
  readonly running?: Map<string, AbortController>;
  /**
   * Sends a request to the client and resolves with its answer (elicitation, sampling); absent when the transport
   * cannot.
   */
  readonly ask?: (method: string, params: object, signal?: AbortSignal) => Promise<unknown>;
  /** Settles a request sent with `ask` from the client's response; false when it answers none. */
  readonly answer?: (message: Record<string, unknown>) => boolean;
}

/**
 * What a session remembers: the protocol version agreed on, what the client declared in `initialize`, and the
 * log level it asked for (`logging/setLevel`).
 *
 * @example
 * const session: MCPSessionState = { version: "2025-11-25", capabilities: { elicitation: {} }, logLevel: "info" };
 */
export interface MCPSessionState {
  version: string | undefined;
  capabilities?: Record<string, unknown>;
  logLevel?: LogLevel;
}

/**
 * A parsed message (or a batch): the reply to send, undefined for none, or no promise at all when nothing
 * is to be done. Shared by `serveMCP` and `mcpHttpHandler`.
 *
 * @example
 * await handleMessage(
 *   { registry, options: {}, session: { version: "2025-06-18" } },
 *   { jsonrpc: "2.0", id: 1, method: "ping" },
 * );
 * // { jsonrpc: "2.0", id: 1, result: {} }
 */
export function handleMessage(context: Context, message: unknown): Promise<unknown> | undefined {
  if (Array.isArray(message)) {
    if (context.session.version !== "2025-03-26") {
      return Promise.resolve(
        failure(
          null,
          JSONRPC_ERRORS.INVALID_REQUEST,
          `Invalid Request: JSON-RPC batches are not part of MCP ${context.session.version ?? MCP_PROTOCOL_VERSIONS[0]}; send one message a line`,
        ),
      );
    }
    if (!message.length)
      return Promise.resolve(failure(null, JSONRPC_ERRORS.INVALID_REQUEST, "Invalid Request: an empty batch"));
    const most = context.options.maxBatch ?? 100;
    if (message.length > most) {
      return Promise.resolve(
        failure(
          null,
          JSONRPC_ERRORS.INVALID_REQUEST,
          `Invalid Request: a batch of ${message.length} messages; at most ${most} are taken in one batch, and none of this one was run`,
        ),
      );
    }
    return handleBatch(context, message);
  }
  return handleOne(context, message);
}

// A batch's messages, one after another: a batch is one request in flight, whatever it holds.
async function handleBatch(context: Context, messages: readonly unknown[]): Promise<Reply[] | undefined> {
  const answered: Reply[] = [];
  for (const item of messages) {
    const reply = await handleOne(context, item);
    if (reply !== undefined) answered.push(reply);
  }
  return answered.length ? answered : undefined;
}

async function handleOne(context: Context, message: unknown): Promise<Reply | undefined> {
  if (typeof message !== "object" || message === null || Array.isArray(message)) {
    return failure(null, JSONRPC_ERRORS.INVALID_REQUEST, "Invalid Request: a message must be a JSON object");
  }
  const m = message as Record<string, unknown>;
  const hasId = Object.hasOwn(m, "id");
  const id = m.id;
  const idOk = typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id));
  if (m.jsonrpc !== "2.0")
    return failure(
      hasId && idOk ? (id as Id) : null,
      JSONRPC_ERRORS.INVALID_REQUEST,
      'Invalid Request: "jsonrpc" must be "2.0"',
    );
  if (typeof m.method !== "string") {
    // A response from the client to a request of ours (elicit, sample), or junk.
    if (hasId && (Object.hasOwn(m, "result") || Object.hasOwn(m, "error"))) {
      context.answer?.(m);
      return undefined;
    }
    return failure(
      hasId && idOk ? (id as Id) : null,
      JSONRPC_ERRORS.INVALID_REQUEST,
      'Invalid Request: "method" must be a string',
    );
  }
  if (hasId && !idOk) {
    return failure(
      null,
      JSONRPC_ERRORS.INVALID_REQUEST,
      `Invalid Request: "id" must be a string or an integer within ±2^53 (received ${typeof id === "number" ? String(id) : id === null ? "null" : typeof id})`,
    );
  }
  const params = m.params;
  if (params !== undefined && (typeof params !== "object" || params === null || Array.isArray(params))) {
    return hasId
      ? failure(id as Id, JSONRPC_ERRORS.INVALID_PARAMS, 'Invalid params: "params" must be an object')
      : undefined;
  }
  if (!hasId) {
    if (m.method === "notifications/cancelled")
      cancelRequest(context, (params as { requestId?: unknown } | undefined)?.requestId);
    return undefined; // a notification: nothing to answer
  }
  try {
    return {
      jsonrpc: "2.0",
      id: id as Id,
      result: await request(context, m.method, (params ?? {}) as Record<string, unknown>, id as Id),
    };
  } catch (error) {
    if (error instanceof CancelledRequest) return undefined; // the client asked for no answer
    if (error instanceof RequestError) return failure(id as Id, error.code, error.message);
    return failure(id as Id, JSONRPC_ERRORS.INTERNAL_ERROR, `Internal error: ${describe(error)}`);
  }
}

/** A `tools/call` the client cancelled: the spec asks for no response to it. */
class CancelledRequest extends Error {}

const requestKey = (id: unknown): string => `${typeof id}:${String(id)}`;

// `notifications/cancelled`: aborts the running call with that id, if any (an unknown or finished id is ignored).
function cancelRequest(context: Context, requestId: unknown): void {
  if (typeof requestId !== "string" && typeof requestId !== "number") return;
  context.running
    ?.get(requestKey(requestId))
    ?.abort(new DOMException("The client cancelled the request", "AbortError"));
}

// A signal for one call: aborted by `notifications/cancelled` for its id, or when the client goes away.
function callSignal(
  context: Context,
  id: Id,
): { signal: AbortSignal | undefined; cancelled: () => boolean; done: () => void } {
  const key = requestKey(id);
  const { running, signal: gone } = context;
  if (!running || running.has(key)) return { signal: gone, cancelled: () => false, done: () => {} };
  const own = new AbortController();
  const onGone = () => own.abort(gone!.reason);
  if (gone?.aborted) onGone();
  else gone?.addEventListener("abort", onGone, { once: true });
  running.set(key, own);
  return {
    signal: own.signal,
    cancelled: () => own.signal.aborted && !gone?.aborted,
    done: () => {
      running.delete(key);
      gone?.removeEventListener("abort", onGone);
    },
  };
}

class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

async function request(context: Context, method: string, params: Record<string, unknown>, id: Id): Promise<unknown> {
  const { registry, options, session } = context;
  switch (method) {
    case "initialize": {
      const asked = params.protocolVersion;
      const version = MCP_PROTOCOL_VERSIONS.find((v) => v === asked) ?? MCP_PROTOCOL_VERSIONS[0];
      session.version = version;
      const declared = params.capabilities;
      if (typeof declared === "object" && declared !== null && !Array.isArray(declared))
        session.capabilities = declared as Record<string, unknown>;
      return {
        protocolVersion: version,
        capabilities: { tools: { listChanged: false }, logging: {} },
        serverInfo: options.serverInfo ?? { name: "tooltype", version: "0.1.0" },
        ...(options.instructions ? { instructions: options.instructions } : {}),
      };
    }
    case "ping":
      return {};
    case "logging/setLevel": {
      if (!LOG_LEVELS.includes(params.level as LogLevel))
        throw new RequestError(
          JSONRPC_ERRORS.INVALID_PARAMS,
          `Invalid params: logging/setLevel "level" must be one of ${LOG_LEVELS.join(", ")}`,
        );
      session.logLevel = params.level as LogLevel;
      return {};
    }
    case "tools/list":
      return withExtras(mcpToolList(registry), registry, options.describeTool);
    case "tools/call": {
      const name = params.name;
      if (typeof name !== "string")
        throw new RequestError(JSONRPC_ERRORS.INVALID_PARAMS, 'Invalid params: tools/call needs "name", a string');
      const tool = registry.get(name);
      if (!tool)
        throw new RequestError(JSONRPC_ERRORS.INVALID_PARAMS, `Unknown tool: ${JSON.stringify(name).slice(0, 200)}`);
      const args = params.arguments ?? {};
      if (typeof args !== "object" || args === null || Array.isArray(args)) {
        throw new RequestError(
          JSONRPC_ERRORS.INVALID_PARAMS,
          'Invalid params: tools/call "arguments" must be an object',
        );
      }
      const reporter = progressReporter(params, context.notify);
      const call = callSignal(context, id);
      try {
        const result = await boundedCall(
          name,
          (signal) =>
            tool.execute(args, undefined, {
              signal,
              progress: reporter?.report,
              ...askExtras({ notify: context.notify, ask: context.ask, session }, signal),
            }),
          { timeout: options.timeout, signal: call.signal },
        );
        if (call.cancelled()) throw new CancelledRequest();
        return mcpCallResult(tool, result);
      } finally {
        call.done();
        reporter?.end();
      }
    }
    default:
      throw new RequestError(
        JSONRPC_ERRORS.METHOD_NOT_FOUND,
        `Method not found: ${JSON.stringify(method).slice(0, 200)}`,
      );
  }
}

/**
 * `notifications/progress` for a request whose `params._meta.progressToken` is a string or an integer, as the
 * specification asks: each report's `progress` greater than the last (others dropped), none once the call ended.
 */
function progressReporter(params: Record<string, unknown>, notify: Context["notify"]) {
  const meta = params._meta;
  const token =
    typeof meta === "object" && meta !== null ? (meta as { progressToken?: unknown }).progressToken : undefined;
  if (!notify || !(typeof token === "string" || (typeof token === "number" && Number.isSafeInteger(token))))
    return undefined;
  let last = -Infinity;
  let ended = false;
  const report = (progress: number, total?: number, message?: string) => {
    if (ended || typeof progress !== "number" || !(progress > last) || !Number.isFinite(progress)) return;
    last = progress;
    const extra = {
      ...(typeof total === "number" && Number.isFinite(total) && { total }),
      ...(typeof message === "string" && { message }),
    };
    notify({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: token, progress, ...extra } });
  };
  return { report, end: () => void (ended = true) };
}

// The listing with each tool's title, annotations and icons, where `describeTool` gives them.
function withExtras(
  list: ReturnType<typeof mcpToolList>,
  registry: ToolRegistry,
  describeTool: MCPProtocolOptions["describeTool"],
): ReturnType<typeof mcpToolList> {
  if (!describeTool) return list;
  return {
    tools: list.tools.map((listed) => {
      const tool = registry.get(listed.name);
      const extras = tool ? describeTool(tool) : undefined;
      if (!extras) return listed;
      return {
        ...listed,
        ...(extras.title !== undefined && { title: extras.title }),
        ...(extras.annotations && { annotations: { ...extras.annotations } }),
        ...(extras.icons && { icons: extras.icons.map((icon) => ({ ...icon })) }),
      };
    }),
  };
}

/**
 * A JSON-RPC error reply.
 *
 * @example
 * failure(1, JSONRPC_ERRORS.INVALID_PARAMS, "Invalid params: ...");
 * // { jsonrpc: "2.0", id: 1, error: { code: -32602, message: "Invalid params: ..." } }
 */
export function failure(id: Id | null, code: number, message: string): Reply {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

function describe(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return "an error that could not be read";
  }
}

async function* chunks(input: MCPInput): AsyncIterable<Uint8Array | string> {
  if (typeof (input as ReadableStream<Uint8Array>).getReader === "function" && !(Symbol.asyncIterator in input)) {
    const reader = (input as ReadableStream<Uint8Array>).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  yield* input as AsyncIterable<Uint8Array | string>;
}

/** How to write a line, and a promise for when the output can take more (a full Node or web stream waits). */
function writer(output: MCPOutput): { write: (text: string) => void; ready: () => Promise<void> } {
  if (typeof (output as { write?: unknown }).write === "function") {
    type Emitter = {
      write(text: string): unknown;
      once?: (event: string, listener: () => void) => unknown;
      off?: (event: string, listener: () => void) => unknown;
    };
    const target = output as Emitter;
    let full: Promise<void> | undefined;
    // A Node stream whose write returned false: ready again at "drain", or never needed again at "close" or "error".
    const waitForRoom = () =>
      new Promise<void>((resolve) => {
        const events = ["drain", "close", "error"];
        const done = () => {
          for (const event of events) target.off?.(event, done);
          full = undefined;
          resolve();
        };
        for (const event of events) target.once!(event, done);
      });
    return {
      write: (text) => {
        if (target.write(text) === false && typeof target.once === "function") full ??= waitForRoom();
      },
      ready: () => full ?? Promise.resolve(),
    };
  }
  const streamWriter = (output as WritableStream<Uint8Array>).getWriter();
  const encoder = new TextEncoder();
  return {
    write: (text) => void streamWriter.write(encoder.encode(text)).catch(() => {}),
    ready: () => streamWriter.ready.catch(() => {}),
  };
}
