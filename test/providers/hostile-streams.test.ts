// Stream readers and the call tracker against hostile or odd streams: what a model or a gateway may send.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { ADAPTERS, createCallTracker, createToolCallStream } from "tooltype/calls";

/** A provider's reader fed `events`, and its rebuilt response. */
function rebuilt(provider: keyof typeof ADAPTERS, events: unknown[]): unknown {
  const reader = ADAPTERS[provider].stream!.reader(createCallTracker());
  for (const event of events) reader.push(event);
  return reader.response();
}

const usage = suite("streamed usage reported more than once");

usage("Anthropic: message_delta's null counts keep what message_start said", () => {
  const response = rebuilt("anthropic", [
    {
      type: "message_start",
      message: { id: "msg_1", role: "assistant", content: [], usage: { input_tokens: 50, output_tokens: 1, cache_read_input_tokens: 7 } },
    },
    {
      type: "message_delta",
      delta: { stop_reason: "end_turn" },
      usage: { input_tokens: null, cache_read_input_tokens: null, output_tokens: 20 },
    },
  ]);
  const counted = ADAPTERS.anthropic.usage!(response);
  assert.equal(counted?.outputTokens, 20);
  assert.equal((counted?.raw as { cache_read_input_tokens?: number }).cache_read_input_tokens, 7);
  assert.equal(counted?.inputTokens, 57); // input_tokens plus the cache read, as for a whole response
});

usage.run();
