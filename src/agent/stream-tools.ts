import type { ResumeAnswers } from "./approval.js";
import { toolLoop, type RunToolsOptions } from "./loop.js";
import { readStreams } from "./read-streams.js";
import type { ResumeOptions } from "./run-tools.js";
import type { LoopEvent } from "./step.js";

/**
 * The tool loop, streaming: an async iterable of typed events (see `LoopEvent`): text as it arrives, each
 * call as it starts and its arguments as they fill in (parsed so far), each result as its call finishes,
 * each turn's usage and timing, and last a `finish` event with the whole conversation. Requests ask for a
 * stream (`stream: true`; for OpenAI chat also `stream_options.include_usage`); `chat` may return the SDK's
 * stream or a `fetch` `Response` of server-sent events (`httpChat(provider)`). For OpenAI chat, Responses,
 * Anthropic and Gemini. Breaking out of the loop or aborting `signal` stops the request and running calls.
 *
 * @example
 * const chat = httpChat("anthropic", { apiKey });
 * for await (const event of streamTools({ provider: "anthropic", chat, request, tools: [weather] })) {
 *   if (event.type === "text-delta") process.stdout.write(event.text);
 *   if (event.type === "tool-call-delta") render(event.name, event.partial); // { location: "Par" } ...
 *   if (event.type === "finish") messages = event.messages;
 * }
 */
export function streamTools<Request extends object>(options: RunToolsOptions<Request>): AsyncIterable<LoopEvent> {
  return { [Symbol.asyncIterator]: () => toolLoop(options, readStreams) };
}

/**
 * `resume` for the streaming loop: continues a paused run and yields its events, as `streamTools` does.
 *
 * @example
 * for await (const event of resumeStream(JSON.parse(saved), { call_1: true }, options))
 *   if (event.type === "finish") done(event);
 */
export function resumeStream<Request extends object>(
  state: unknown,
  decisions: ResumeAnswers,
  options: ResumeOptions<Request>,
): AsyncIterable<LoopEvent> {
  return {
    [Symbol.asyncIterator]: () =>
      toolLoop(options as RunToolsOptions<Request>, readStreams, {
        state,
        decisions,
      }),
  };
}
