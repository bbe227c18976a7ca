// A replay of scripted (hand-written) model API responses, for driving the official SDKs (openai, @anthropic-ai/sdk)
// without a network: each request gets the next recorded response (JSON, or an SSE stream), and every
// request is kept, parsed, so tests can check what the SDK sent.
//
// Two ways to reach it, answering alike:
// - `replayFetch(recorded)`: a `fetch` function to pass as the SDKs' `fetch` option; runs everywhere
//   (Node, Deno, Bun, browsers under a CSP).
// - `replayServer(recorded)`: a real HTTP server on 127.0.0.1 at a random port, for the SDKs' `baseURL`;
//   Node only (it imports node:http at run time, so the browser bundles never see it).

import { importNodeHttp, listenLocally } from "./listen.js";

/** One recorded answer: a JSON body, or server-sent events (each `data` JSON-encoded unless a string). */
export type Recorded =
  | { readonly json: unknown; readonly status?: number }
  | { readonly sse: readonly SSEEvent[]; readonly status?: number };

/** One server-sent event: `event:` line when given, then `data:` (objects as JSON, strings as they are). */
export interface SSEEvent {
  readonly event?: string;
  readonly data: unknown;
}

/** What the replay received. */
export interface Received {
  readonly method: string;
  /** The URL's path, query left out. */
  readonly path: string;
  readonly headers: Record<string, string>;
  /** The body parsed as JSON (undefined when empty). */
  readonly body: any;
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** The body in pieces, so a stream reaches the SDK in several reads. */
  readonly chunks: readonly string[];
}

/** Splits SSE text at odd places (inside lines and JSON), as a network may: the SDK's line decoder must cope. */
const PIECE = 53;

/** SSE text of events, as the APIs write it. */
export function sseText(events: readonly SSEEvent[]): string {
  return events
    .map(
      (e) =>
        `${e.event ? `event: ${e.event}\n` : ""}data: ${typeof e.data === "string" ? e.data : JSON.stringify(e.data)}\n\n`,
    )
    .join("");
}

function pieces(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += PIECE) out.push(text.slice(i, i + PIECE));
  return out;
}

/** The shared core: takes requests, gives answers in order, keeps what it got. */
class Replay {
  readonly requests: Received[] = [];
  readonly #queue: Recorded[];

  constructor(recorded: readonly Recorded[]) {
    this.#queue = [...recorded];
  }

  /** Recorded answers not asked for yet. */
  get remaining(): number {
    return this.#queue.length;
  }

  answer(method: string, url: string, headers: Record<string, string>, bodyText: string): Answer {
    let body: unknown;
    try {
      body = bodyText ? JSON.parse(bodyText) : undefined;
    } catch {
      body = bodyText;
    }
    this.requests.push({ method, path: new URL(url, "http://replay.invalid").pathname, headers, body });
    const next = this.#queue.shift();
    if (!next) {
      // 400: the SDKs do not retry it, and its message says what went wrong.
      const error = {
        type: "error",
        error: {
          type: "invalid_request_error",
          message: `replay: no recorded response left for request ${this.requests.length}`,
        },
      };
      return { status: 400, headers: { "content-type": "application/json" }, chunks: [JSON.stringify(error)] };
    }
    const ids = {
      "x-request-id": `req_replay_${this.requests.length}`,
      "request-id": `req_replay_${this.requests.length}`,
    };
    if ("sse" in next) {
      return {
        status: next.status ?? 200,
        headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", ...ids },
        chunks: pieces(sseText(next.sse)),
      };
    }
    return {
      status: next.status ?? 200,
      headers: { "content-type": "application/json", ...ids },
      chunks: [JSON.stringify(next.json)],
    };
  }
}

/** A replay reached through a `fetch` function. */
export interface ReplayFetch {
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  readonly requests: Received[];
  readonly remaining: number;
}

/**
 * A `fetch` that answers from the recording: pass it as the SDK's `fetch` option (any `baseURL` works).
 *
 * @example
 * const replay = replayFetch([{ json: completion }]);
 * const client = new OpenAI({ apiKey: "test", fetch: replay.fetch, maxRetries: 0, dangerouslyAllowBrowser: true });
 */
export function replayFetch(recorded: readonly Recorded[]): ReplayFetch {
  const replay = new Replay(recorded);
  return {
    requests: replay.requests,
    get remaining() {
      return replay.remaining;
    },
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, key) => void (headers[key] = value));
      const answer = replay.answer(request.method, request.url, headers, await request.text());
      const encoder = new TextEncoder();
      let i = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (i < answer.chunks.length) controller.enqueue(encoder.encode(answer.chunks[i++]));
          else controller.close();
        },
      });
      return new Response(body, { status: answer.status, headers: answer.headers });
    },
  };
}

/** A replay reached over HTTP. */
export interface ReplayServer {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly requests: Received[];
  readonly remaining: number;
  close(): Promise<void>;
}

/** Whether this runtime is Node (the bundles set `__TOOLTYPE_ENV__` to "node" or "node-noeval"). */
export const inNode = (): boolean =>
  String((globalThis as { __TOOLTYPE_ENV__?: unknown }).__TOOLTYPE_ENV__ ?? "").startsWith("node");

/**
 * An HTTP server on 127.0.0.1 (random port) answering from the recording; Node only (undefined elsewhere).
 *
 * @example
 * const server = await replayServer([{ json: message }]);
 * const client = new Anthropic({ apiKey: "test", baseURL: server.origin, maxRetries: 0 });
 * ...
 * await server.close();
 */
export async function replayServer(recorded: readonly Recorded[]): Promise<ReplayServer | undefined> {
  if (!inNode()) return undefined;
  const http = await importNodeHttp();
  const replay = new Replay(recorded);
  const server = http.createServer((req, res) => {
    const parts: Uint8Array[] = [];
    req.on("data", (part: Uint8Array) => parts.push(part));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers))
        if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(", ") : String(value);
      const answer = replay.answer(
        req.method ?? "GET",
        req.url ?? "/",
        headers,
        new TextDecoder().decode(concat(parts)),
      );
      res.writeHead(answer.status, answer.headers);
      // Each piece once the previous one is flushed, so the client reads the stream in several parts.
      let i = 0;
      const write = (): void => {
        if (i < answer.chunks.length) res.write(answer.chunks[i++]!, write);
        else res.end();
      };
      write();
    });
  });
  const { origin, close } = await listenLocally(server);
  return {
    origin,
    requests: replay.requests,
    get remaining() {
      return replay.remaining;
    },
    close,
  };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
