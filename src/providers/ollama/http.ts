import type { ProviderHTTP } from "../../calls/types.js";
import { bearerHTTP, ProviderError } from "../../calls/common.js";
import { firstEnv } from "../../calls/env.js";
import { preview } from "../../util/text.js";

/**
 * Ollama's own chat API over HTTP: `POST {host}/api/chat`, no key (a key given is sent as `authorization: Bearer`,
 * for a server behind a proxy or Ollama's cloud). The host is `OLLAMA_HOST` read as the `ollama` Python library
 * reads it (`0.0.0.0`, `:8080`, `https://example.com`: no scheme means `http` and port 11434), else
 * `http://127.0.0.1:11434`. The stream is newline-delimited JSON (`application/x-ndjson`), one chunk a line.
 *
 * @example
 * ollamaHTTP.request(ollamaHTTP.baseURL, { model: "llama3.2", messages }, undefined).url;
 * // "http://127.0.0.1:11434/api/chat"
 */
export const ollamaHTTP: ProviderHTTP = {
  // Ollama streams unless told not to: a request that does not ask for a stream says `stream: false`.
  .../* @__PURE__ */ bearerHTTP("http://127.0.0.1:11434", "api/chat", undefined, (request) =>
    "stream" in request ? request : { ...request, stream: false },
  ),
  env: (read) => {
    const host = firstEnv(read, ["OLLAMA_HOST"]);
    return { baseURL: host === undefined ? undefined : ollamaHost(host) };
  },
  events: readJSONLines,
};

/**
 * `OLLAMA_HOST` as a base URL: a scheme when it has none (`http`, port 11434 unless given), `127.0.0.1` when it
 * names a port alone; a value that is no host is a TypeError naming it.
 *
 * @example
 * ollamaHost("0.0.0.0"); // "http://0.0.0.0:11434"
 * ollamaHost("https://ollama.example.com/"); // "https://ollama.example.com"
 */
export function ollamaHost(host: string): string {
  const schemed = /^[a-z][a-z\d+.-]*:\/\//i.test(host);
  let url: URL;
  try {
    url = new URL(schemed ? host : `http://${host.startsWith(":") ? "127.0.0.1" : ""}${host}`);
  } catch {
    throw new TypeError(
      `httpChat: OLLAMA_HOST must be a host such as 127.0.0.1:11434 or https://host, received ${preview(host)}`,
    );
  }
  if (!schemed && url.port === "" && !/:\d+(\/|$)/.test(host)) url.port = "11434";
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** The longest stream line read (16 Mi characters): a line that never ends must not hold memory without bound. */
const MAX_LINE_CHARS = 16 * 1024 * 1024;

/**
 * A body of newline-delimited JSON (Ollama's stream) as its objects, read as the lines arrive; blank lines are
 * skipped, a line that is not JSON, or longer than 16 Mi characters, is a ProviderError. The signal cancels the
 * body.
 *
 * @example
 * for await (const chunk of readJSONLines(response.body!)) console.log(chunk);
 * // { message: { role: "assistant", content: "Hi" }, done: false }
 */
export async function* readJSONLines(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const cancel = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener("abort", cancel, { once: true });
  let rest = "";
  let finished = false;
  try {
    while (!finished) {
      const { done, value } = await reader.read();
      finished = done;
      const piece = done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (!done && !piece.includes("\n")) {
        rest = held(rest + piece); // a long line in many pieces is split once, when it ends
        continue;
      }
      const lines = (rest + piece).split("\n");
      rest = done ? "" : held(lines.pop() ?? "");
      for (const line of lines) if (line.trim()) yield jsonLine(held(line));
    }
  } finally {
    signal?.removeEventListener("abort", cancel);
    if (!finished)
      void reader.cancel().catch(() => {}); // the reader stopped early: the body is not needed
    else reader.releaseLock();
  }
}

function held(line: string): string {
  if (line.length > MAX_LINE_CHARS)
    throw new ProviderError(`ollama sent a stream line longer than ${MAX_LINE_CHARS} characters`, undefined, undefined);
  return line;
}

function jsonLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new ProviderError(`ollama sent a stream line that is not JSON: ${preview(line, 300)}`, undefined, line);
  }
}
