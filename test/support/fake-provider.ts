// A fake model API per provider that speaks its wire format: requests to the provider's own path (OpenAI
// `/v1/chat/completions` and `/v1/responses`, Anthropic `/v1/messages`, Gemini
// `/v1beta/models/{model}:streamGenerateContent?alt=sse`), answered in order from a script of server-sent event
// texts (or JSON), each cut into small pieces at odd places as a network may. Two ways to reach it, answering
// alike: a `fetch` function (every runtime: Node, Deno, Bun, browsers under a CSP), and in Node a real HTTP
// server on 127.0.0.1 (no other network). Every request is kept, parsed, for the tests to check.
import { inNode } from "./replay.js";
import type { StreamProvider } from "./provider-streams.js";
import { importNodeHttp, listenLocally } from "./listen.js";

/** One scripted answer: SSE text (with `hang`, the stream stays open after it, as a slow model's would), or JSON. */
export type Answer =
  | { readonly sse: string; readonly hang?: boolean }
  | { readonly json: unknown; readonly status?: number };

export interface Received {
  readonly path: string;
  readonly search: string;
  readonly headers: Record<string, string>;
  readonly body: any;
}

export interface FakeProvider {
  /** The base URL to give `httpChat` (`.../v1`, or `.../v1beta` for Gemini). */
  readonly baseURL: string;
  /** Set for the fetch way: pass it as `httpChat`'s `fetch`. */
  readonly fetch?: (input: string, init: RequestInit) => Promise<Response>;
  readonly requests: Received[];
  readonly remaining: number;
  /** Streams that are still open (an aborted one must close). */
  readonly open: number;
  close(): Promise<void>;
}

export type Way = "fetch" | "http";
/** The ways this runtime can reach a fake provider. */
export const ways = (): Way[] => (inNode() ? ["fetch", "http"] : ["fetch"]);

const PATHS: Record<StreamProvider, RegExp> = {
  openai: /^\/v1\/chat\/completions$/,
  responses: /^\/v1\/responses$/,
  anthropic: /^\/v1\/messages$/,
  gemini: /^\/v1beta\/models\/[\w.-]+:streamGenerateContent$/,
};

const PIECE = 97;
// A macrotask between every few pieces, so other work runs while a stream arrives, as with a network.
const PACE = 4;
const pieces = (text: string): string[] => {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += PIECE) out.push(text.slice(i, i + PIECE));
  return out;
};

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly chunks: readonly string[];
  readonly hang: boolean;
}

class Script {
  readonly requests: Received[] = [];
  open = 0;
  readonly #answers: Answer[];
  constructor(
    readonly provider: StreamProvider,
    answers: readonly Answer[],
  ) {
    this.#answers = [...answers];
  }
  get remaining(): number {
    return this.#answers.length;
  }
  reply(method: string, url: string, headers: Record<string, string>, bodyText: string): Reply {
    const { pathname, search } = new URL(url, "http://fake.invalid");
    let body: unknown;
    try {
      body = bodyText ? JSON.parse(bodyText) : undefined;
    } catch {
      body = bodyText;
    }
    this.requests.push({ path: pathname, search, headers, body });
    const json = (status: number, value: unknown): Reply => ({
      status,
      headers: { "content-type": "application/json" },
      chunks: [JSON.stringify(value)],
      hang: false,
    });
    if (method !== "POST" || !PATHS[this.provider].test(pathname))
      return json(404, { error: { message: `fake ${this.provider}: no route ${method} ${pathname}` } });
    if (this.provider === "gemini" && search !== "?alt=sse")
      return json(400, { error: { message: "fake gemini: this fake streams only with alt=sse" } });
    const next = this.#answers.shift();
    if (!next)
      return json(400, {
        error: {
          type: "invalid_request_error",
          message: `fake ${this.provider}: no answer left for request ${this.requests.length}`,
        },
      });
    if ("json" in next) return json(next.status ?? 200, next.json);
    return {
      status: 200,
      headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" },
      chunks: pieces(next.sse),
      hang: next.hang ?? false,
    };
  }
}

/**
 * A fake provider reached by `way`; resolves once it listens.
 *
 * @example
 * const fake = await fakeProvider("anthropic", [{ sse: turnText("anthropic", turn) }], "http");
 * const chat = httpChat("anthropic", { apiKey: "test", baseURL: fake.baseURL, fetch: fake.fetch });
 */
export async function fakeProvider(
  provider: StreamProvider,
  answers: readonly Answer[],
  way: Way,
): Promise<FakeProvider> {
  const script = new Script(provider, answers);
  const version = provider === "gemini" ? "/v1beta" : "/v1";
  if (way === "fetch") {
    const encoder = new TextEncoder();
    const fetch = async (input: string, init: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, key) => void (headers[key] = value));
      const reply = script.reply(request.method, request.url, headers, await request.text());
      const signal = init.signal;
      signal?.throwIfAborted();
      let i = 0;
      let closed = false;
      script.open++;
      const done = () => {
        if (!closed) script.open--;
        closed = true;
      };
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (i < reply.chunks.length) {
            if (i % PACE === 0) await new Promise((r) => setTimeout(r, 0));
            controller.enqueue(encoder.encode(reply.chunks[i++]));
          } else if (!reply.hang) {
            done();
            controller.close();
          } else
            await new Promise<void>((resolve) => signal?.addEventListener("abort", () => resolve(), { once: true })); // a model still thinking
        },
        cancel() {
          done();
        },
      });
      signal?.addEventListener("abort", () => done(), { once: true });
      return new Response(body, { status: reply.status, headers: reply.headers });
    };
    return {
      baseURL: `https://fake.invalid${version}`,
      fetch,
      requests: script.requests,
      get remaining() {
        return script.remaining;
      },
      get open() {
        return script.open;
      },
      close: async () => {},
    };
  }
  const http = await importNodeHttp();
  const server = http.createServer((req, res) => {
    const parts: Uint8Array[] = [];
    req.on("data", (part: Uint8Array) => parts.push(part));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers))
        if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(", ") : String(value);
      const total = parts.reduce((n, p) => n + p.length, 0);
      const joined = new Uint8Array(total);
      let at = 0;
      for (const p of parts) {
        joined.set(p, at);
        at += p.length;
      }
      const reply = script.reply(req.method ?? "GET", req.url ?? "/", headers, new TextDecoder().decode(joined));
      res.writeHead(reply.status, reply.headers);
      script.open++;
      let closed = false;
      const done = () => {
        if (!closed) script.open--;
        closed = true;
      };
      res.on("close", done);
      let i = 0;
      const write = (): void => {
        if (closed) return;
        if (i < reply.chunks.length)
          res.write(reply.chunks[i++]!, () => (i % PACE === 0 ? setTimeout(write, 0) : write()));
        else if (!reply.hang) res.end();
      };
      write();
    });
  });
  const { origin, close } = await listenLocally(server);
  return {
    baseURL: `${origin}${version}`,
    requests: script.requests,
    get remaining() {
      return script.remaining;
    },
    get open() {
      return script.open;
    },
    close,
  };
}
