import type { StreamSupport } from "../../calls/types.js";
import { field, list, record } from "../../calls/wire.js";
import { readChatDeltas } from "./chat-deltas.js";

/**
 * OpenAI Chat Completions streams: `chat.completion.chunk` objects, calls in `choices[i].delta.tool_calls`
 * (the quirks of servers that copy the API included: see `readChatDeltas`); asked for with `stream: true` and
 * `stream_options.include_usage`. The rebuilt response is a `chat.completion` of choice 0.
 *
 * @example
 * createToolCallStream("openai").push(chunk);
 */
export const openaiStream: StreamSupport = {
  request: (request) => ({
    ...request,
    stream: true,
    stream_options: { ...(request.stream_options as object | undefined), include_usage: true },
  }),
  read: (chunk, calls) => readChatDeltas(chunk, calls, "tool_calls"),
  reader(calls) {
    let base: Record<string, unknown> = {};
    const text: string[] = [];
    const refusal: string[] = [];
    let finish: unknown = null;
    let usage: unknown;
    return {
      push(chunk) {
        const c = record(chunk);
        if (!base.id && c.id)
          base = {
            id: c.id,
            object: "chat.completion",
            created: c.created,
            model: c.model,
            ...(c.system_fingerprint !== undefined && { system_fingerprint: c.system_fingerprint }),
          };
        if (c.usage) usage = c.usage;
        for (const choice of list(c, "choices")) {
          if ((field(choice, "index") ?? 0) !== 0) continue; // the loop asks for one choice
          const delta = record(field(choice, "delta"));
          if (typeof delta.content === "string" && delta.content) {
            text.push(delta.content);
            calls.text(delta.content);
          }
          if (typeof delta.refusal === "string") refusal.push(delta.refusal);
          const reason = field(choice, "finish_reason");
          if (reason !== undefined && reason !== null) finish = reason;
        }
        readChatDeltas(c, calls, "tool_calls");
      },
      response() {
        const message: Record<string, unknown> = { role: "assistant", content: text.length ? text.join("") : null };
        if (refusal.length) message.refusal = refusal.join("");
        if (calls.list.length)
          message.tool_calls = calls.list.map((call) => ({
            id: call.id,
            type: "function",
            function: { name: call.name, arguments: call.argumentText() },
          }));
        return {
          ...base,
          choices: [{ index: 0, message, finish_reason: finish }],
          ...(usage !== undefined && { usage }),
        };
      },
    };
  },
};
