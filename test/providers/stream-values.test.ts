// Each provider's subpath exports two values: the provider (`openai`), whose `stream` the loop reads (the request
// asking for a stream, the calls, the reader rebuilding the whole response), and the calls of its stream alone
// (`openaiStream`), all `createToolCallStream` reads, so that it bundles without the rest (test/size.e2e.mjs checks
// the bundles). Both read a stream with the same reader of calls, so they give the same calls on every provider's
// streamed fixture (test/fixtures/providers/<provider>/streamed.json).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createCallTracker, createToolCallStream, type ProviderAdapter, type StreamCalls } from "tooltype/calls";
import { anthropic, anthropicStream } from "tooltype/providers/anthropic";
import { bedrock, bedrockStream } from "tooltype/providers/bedrock";
import { cohere, cohereStream } from "tooltype/providers/cohere";
import { gemini, geminiStream } from "tooltype/providers/gemini";
import { mcp, mcpStream } from "tooltype/providers/mcp";
import { mistral, mistralStream } from "tooltype/providers/mistral";
import { ollama, ollamaStream } from "tooltype/providers/ollama";
import { openai, openaiStream } from "tooltype/providers/openai";
import { responses, responsesStream } from "tooltype/providers/responses";
import { loadFixtures } from "../support/conformance.js";

const PAIRS: readonly [ProviderAdapter, StreamCalls][] = [
  [openai, openaiStream],
  [responses, responsesStream],
  [anthropic, anthropicStream],
  [gemini, geminiStream],
  [bedrock, bedrockStream],
  [mistral, mistralStream],
  [ollama, ollamaStream],
  [cohere, cohereStream],
  [mcp, mcpStream],
];

/** The provider's streamed fixture; MCP sampling does not stream (its fixture says so): its one result streams. */
async function streamOf(provider: ProviderAdapter): Promise<{ chunks: unknown[]; response: unknown }> {
  const f = await loadFixtures(provider.name);
  const response = f["parallel-calls"].response;
  return { chunks: Array.isArray(f.streamed.chunks) ? f.streamed.chunks : [response], response };
}

const s = suite("a provider's stream value: the calls alone");

s("every provider's subpath exports its stream value, and every provider value has a stream", () => {
  assert.equal(
    PAIRS.map(([provider]) => provider.name),
    ["openai", "responses", "anthropic", "gemini", "bedrock", "mistral", "ollama", "cohere", "mcp"],
  );
  for (const [provider] of PAIRS) assert.ok(provider.stream, `${provider.name} has no stream`);
});

for (const [provider, stream] of PAIRS) {
  s(`${provider.name}Stream holds its name and the provider's reader of calls, nothing of the loop's`, () => {
    assert.equal(Object.keys(stream).sort(), ["name", "read"]);
    assert.is(stream.name, provider.name);
    assert.is(stream.read, provider.stream!.read, "one reader of calls for both values");
    for (const key of ["request", "reader"] as const)
      assert.is(typeof provider.stream![key], "function", `${provider.name}.stream.${key}`);
  });

  s(
    `${provider.name}: createToolCallStream(${provider.name}Stream) gives the calls the provider value gives`,
    async () => {
      const { chunks, response } = await streamOf(provider);
      const expected = provider.calls(response);
      assert.ok(expected.length >= 2, "the fixture has parallel calls");
      const alone = createToolCallStream(stream);
      const whole = createToolCallStream(provider);
      for (const chunk of chunks) {
        alone.push(chunk);
        whole.push(chunk);
        assert.equal(alone.partial(), whole.partial());
      }
      assert.equal(alone.calls(), expected);
      assert.equal(whole.calls(), expected);
    },
  );

  s(`${provider.name}: the provider value's stream still rebuilds the whole response (the loop's)`, async () => {
    const { chunks, response } = await streamOf(provider);
    const reader = provider.stream!.reader(createCallTracker());
    for (const chunk of chunks) reader.push(chunk);
    assert.equal(provider.calls(reader.response()), provider.calls(response));
  });
}

s("a stream value's errors name its provider", () => {
  const stream = createToolCallStream(openaiStream);
  const throwing = {
    get choices(): never {
      throw new Error("a getter that throws");
    },
  };
  assert.throws(
    () => stream.push(throwing),
    (error: unknown) =>
      error instanceof TypeError &&
      error.message === "createToolCallStream: openai chunk 1 could not be read: Error: a getter that throws",
  );
  assert.throws(
    () => createToolCallStream({ name: "mine" } as unknown as StreamCalls),
    /createToolCallStream: the mine provider has no stream reader \(stream\)/,
  );
});

s.run();
