import { Outgoing } from "./ask.js";
import type { MCPSessionState } from "./serve.js";

/**
 * Where `mcpHttpHandler({ sessions })` keeps sessions by their `Mcp-Session-Id`. The default keeps them in this
 * process (`memorySessions()`); a shared store (Redis, a database) lets any instance behind a load balancer take a
 * session's `tools/list` and calls, but a running call's event stream, its resumption and the answers to its
 * `elicit` and `sample` still reach only the process that runs it: route by session id either way.
 *
 * @example
 * const store: MCPSessionStore = {
 *   get: (id) => cache.get(id),
 *   set: (id, state) => void cache.set(id, state),
 *   delete: (id) => void cache.delete(id),
 * };
 */
export interface MCPSessionStore {
  get(id: string): MCPSessionState | undefined | Promise<MCPSessionState | undefined>;
  set(id: string, state: MCPSessionState): void | Promise<void>;
  delete(id: string): void | Promise<void>;
}

/**
 * Sessions in this process's memory, at most `max` of them (default 1,000): past that, the one used least
 * recently is forgotten, and its client gets 404 and starts a new session, as MCP says it should.
 *
 * @example
 * mcpHttpHandler(registry, { sessions: memorySessions({ max: 100 }) });
 */
export function memorySessions(options: { readonly max?: number } = {}): MCPSessionStore {
  const max = options.max ?? 1000;
  if (!(Number.isSafeInteger(max) && max >= 1))
    throw new TypeError(`memorySessions: max must be a whole number, 1 or more, received ${String(max)}`);
  const held = new Map<string, MCPSessionState>();
  return {
    get(id) {
      const state = held.get(id);
      if (state) held.delete(id), held.set(id, state); // most recently used last
      return state;
    },
    set(id, state) {
      held.delete(id);
      held.set(id, state);
      if (held.size > max) held.delete(held.keys().next().value!);
    },
    delete: (id) => void held.delete(id),
  };
}

/**
 * The events of one call's stream, kept (at most `cap` bytes of them) so that a client whose connection broke can
 * reconnect with `Last-Event-ID` and read what it missed, and the connection reading them now, if any.
 */
export class EventLog {
  readonly #events: { seq: number; text: string }[] = [];
  #held = 0;
  #seq = 0;
  done = false;
  /** The connection reading now: false back when it could not take the event. */
  reader: ((text: string, droppable: boolean) => boolean) | undefined;
  /** Called when the stream ends, so the connection reading it closes. */
  onDone: (() => void) | undefined;

  constructor(
    readonly id: string,
    readonly cap: number,
  ) {}

  /** Adds an event: `data` of an empty priming event, or a message as JSON. */
  add(data: string, droppable: boolean): void {
    const seq = this.#seq++;
    const text = `id: ${this.id}.${seq}\n${seq === 0 ? "retry: 1000\n" : "event: message\n"}data: ${data}\n\n`;
    this.#events.push({ seq, text });
    this.#held += text.length;
    while (this.#held > this.cap && this.#events.length > 1) this.#held -= this.#events.shift()!.text.length;
    this.reader?.(text, droppable);
  }

  end(): void {
    this.done = true;
    this.onDone?.();
  }

  /** The events after `seq` still held. */
  after(seq: number): string[] {
    return this.#events.filter((event) => event.seq > seq).map((event) => event.text);
  }
}

/** One session's live part in this process: its requests to the client, and its calls' event streams. */
export class LiveSession {
  readonly outgoing = new Outgoing();
  readonly streams = new Map<string, EventLog>();
  /** The session's running calls by request id, for `notifications/cancelled`. */
  readonly running = new Map<string, AbortController>();
  /** Aborts when the session ends: its running calls stop. */
  readonly ended = new AbortController();

  /** A new stream's log; the oldest finished ones are let go past `most`. */
  open(id: string, cap: number, most = 16): EventLog {
    const log = new EventLog(id, cap);
    this.streams.set(id, log);
    for (const [key, old] of this.streams) {
      if (this.streams.size <= most) break;
      if (old.done) this.streams.delete(key);
    }
    return log;
  }

  close(): void {
    this.ended.abort(new DOMException("The session ended", "AbortError"));
    this.outgoing.close("The session ended");
    this.streams.clear();
  }
}
