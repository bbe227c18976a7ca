import { checkedLevel, elicitationSchema, elicitedValue, LOG_LEVELS } from "../tools/asks.js";
import type { ElicitSchema, Elicited, LogLevel, RunOptions, SampleRequest, SampleResult } from "../tools/tool.js";
import { preview } from "../util/text.js";

/**
 * What a served call needs to reach its client: where notifications go, how a request is sent and its answer
 * awaited (absent when the transport cannot carry one), what the client declared, and the level it asked for.
 *
 * @example
 * const peer: Peer = { notify: send, ask: (method, params, signal) => outgoing.ask(method, params, signal), session };
 */
export interface Peer {
  readonly notify?: (message: object) => void;
  readonly ask?: (method: string, params: object, signal?: AbortSignal) => Promise<unknown>;
  readonly session: { readonly capabilities?: Record<string, unknown>; readonly logLevel?: LogLevel };
}

/**
 * A call's `log`, `elicit` and `sample` for its function's third argument.
 *
 * @example
 * const { log, elicit, sample } = askExtras(peer, signal);
 */
export function askExtras(peer: Peer, signal: AbortSignal | undefined): Pick<RunOptions, "log" | "elicit" | "sample"> {
  const log = (level: LogLevel, data: unknown) => {
    if (checkedLevel(level) < LOG_LEVELS.indexOf(peer.session.logLevel ?? "debug")) return;
    peer.notify?.({ jsonrpc: "2.0", method: "notifications/message", params: { level, data } });
  };
  const elicit = async <S extends ElicitSchema>(message: string, schema: S) => {
    if (typeof message !== "string" || !message)
      throw new TypeError(`elicit: the message must be a non-empty string; received ${preview(message, 60)}`);
    const requestedSchema = elicitationSchema(schema);
    const answer = await ask(peer, "elicitation", "elicitation/create", { message, requestedSchema }, signal);
    return elicitedValue(answer, requestedSchema) as Elicited<never>;
  };
  const sample = async (request: SampleRequest) => {
    if (typeof request !== "object" || request === null || !Array.isArray(request.messages))
      throw new TypeError('sample: the request must be an object with "messages", an array, and "maxTokens"');
    if (!(Number.isSafeInteger(request.maxTokens) && request.maxTokens > 0))
      throw new TypeError(
        `sample: "maxTokens" must be a whole number, 1 or more; received ${preview(request.maxTokens, 60)}`,
      );
    const answer = await ask(peer, "sampling", "sampling/createMessage", request, signal);
    if (typeof answer !== "object" || answer === null || !("content" in answer))
      throw new Error(`sample: the client answered without "content": ${preview(answer, 200)}`);
    return answer as SampleResult;
  };
  return { log, elicit, sample };
}

// A request to the client, after checking that it declared the capability and that the transport can carry it.
function ask(peer: Peer, capability: string, method: string, params: object, signal?: AbortSignal): Promise<unknown> {
  if (!peer.ask)
    throw new Error(
      `${method} needs a connection that carries requests to the client: over HTTP, give mcpHttpHandler { sessions } (a stateless handler cannot)`,
    );
  const declared = peer.session.capabilities;
  if (!declared || typeof declared[capability] !== "object" || declared[capability] === null)
    throw new Error(
      `The client did not declare the "${capability}" capability in initialize, so it cannot answer ${method}`,
    );
  return peer.ask(method, params, signal);
}

/**
 * The requests a server sent its client and awaits, by id: `send` writes one, `answer` settles it from the
 * client's response, `close` fails every one still waiting (the client went away).
 *
 * @example
 * const outgoing = new Outgoing();
 * const reply = outgoing.send(write, "elicitation/create", params, signal); // later: outgoing.answer(response)
 */
export class Outgoing {
  #next = 0;
  readonly #waiting = new Map<string, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  /**
   * Sends a request through `write` and resolves with the client's result; a client error, or `signal` aborting,
   * rejects.
   */
  send(write: (message: object) => void, method: string, params: object, signal?: AbortSignal): Promise<unknown> {
    const id = `tooltype-${++this.#next}`;
    return new Promise((resolve, reject) => {
      const cancel = () => {
        this.#waiting.delete(id);
        write({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id } });
        reject(signal!.reason instanceof Error ? signal!.reason : new Error(`${method} was cancelled`));
      };
      if (signal?.aborted) return cancel();
      signal?.addEventListener("abort", cancel, { once: true });
      const done = () => signal?.removeEventListener("abort", cancel);
      this.#waiting.set(id, {
        resolve: (value) => (done(), resolve(value)),
        reject: (error) => (done(), reject(error)),
      });
      write({ jsonrpc: "2.0", id, method, params });
    });
  }

  /** Settles the request a client's response answers; false when it answers none (unknown or already settled). */
  answer(message: { id?: unknown; result?: unknown; error?: { message?: unknown } }): boolean {
    const key = typeof message.id === "string" ? message.id : "";
    const waiting = this.#waiting.get(key);
    if (!waiting) return false;
    this.#waiting.delete(key);
    if (message.error !== undefined)
      waiting.reject(
        new Error(`The client answered with an error: ${preview(message.error?.message ?? message.error, 300)}`),
      );
    else waiting.resolve(message.result);
    return true;
  }

  /** Fails every request still waiting. */
  close(reason: string): void {
    for (const waiting of this.#waiting.values()) waiting.reject(new Error(reason));
    this.#waiting.clear();
  }
}
