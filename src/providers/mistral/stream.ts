import type { StreamSupport } from "../../calls/types.js";
import { field, list, record } from "../../calls/wire.js";
import { readChatDeltas } from "../openai/chat-deltas.js";

/**
 * Mistral chat streams (the SDK's `chat.stream`, whose events hold the chunk under `data`, and the snake_case
 * wire): OpenAI-style deltas under `toolCalls` or `tool_calls`. The rebuilt response is a chat response of
 * choice 0, in the SDK's camelCase.
 *
 * @example
 * createToolCallStream("mistral").push(event);
 */
export const mistralStream: StreamSupport = {
  request: (request) => ({ ...request, stream: true }),
  read: (event, calls) => readChatDeltas(chunkOf(event), calls, "toolCalls", "tool_calls"),
  reader(calls) {
    let base: Record<string, unknown> = {};
    const said: string[] = [];
    let finish: unknown = null;
    let usage: unknown;
    return {
      push(event) {
        const chunk = record(chunkOf(event));
        if (!base.id && chunk.id) base = { id: chunk.id, object: "chat.completion", model: chunk.model, created: chunk.created };
        if (chunk.usage) usage = chunk.usage;
        for (const choice of list(chunk, "choices")) {
          if ((field(choice, "index") ?? 0) !== 0) continue;
          const content = field(field(choice, "delta"), "content");
          if (typeof content === "string" && content) {
            said.push(content);
            calls.text(content);
          }
          const reason = field(choice, "finishReason", "finish_reason");
          if (reason !== undefined && reason !== null) finish = reason;
        }
        readChatDeltas(chunk, calls, "toolCalls", "tool_calls");
      },
      response: () => ({
        ...base,
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: said.join(""),
              toolCalls: calls.list.map((call) => ({
                id: call.id,
                type: "function",
                function: { name: call.name, arguments: call.argumentText() },
              })),
            },
            finishReason: finish,
          },
        ],
        ...(usage !== undefined && { usage }),
      }),
    };
  },
};

const chunkOf = (event: unknown): unknown => field(event, "data") ?? event;
