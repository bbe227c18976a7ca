// Hostile responses in the loop: a Responses output (or another provider's choices, candidates, content) that is no
// list, and Responses items only the client can answer with ids or counts no message can hold. Each gives a short error saying what is wrong, never an answer
// without text, another kind of error, or a message as large as the response.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { runTools } from "tooltype/agent";
import type { ProviderAdapter } from "tooltype/calls";
import { anthropic } from "tooltype/providers/anthropic";
import { gemini } from "tooltype/providers/gemini";
import { mistral } from "tooltype/providers/mistral";
import { openai } from "tooltype/providers/openai";
import { responses } from "tooltype/providers/responses";

const hostile = suite("hostile responses in the loop");

const request = { model: "gpt-5", input: [{ role: "user", content: "Go." }] };

async function rejection(response: unknown): Promise<Error> {
  try {
    await runTools({ provider: responses, chat: async () => response, request });
  } catch (error) {
    return error as Error;
  }
  assert.unreachable("the loop ended without an error");
  return new Error();
}

hostile("an output that is not a list of items is a TypeError naming it", async () => {
  for (const output of ["abc", null, 5, { type: "function_call", call_id: "c", name: "w", arguments: "{}" }]) {
    const error = await rejection({ object: "response", output });
    assert.instance(error, TypeError);
    assert.match(error.message, /^runTools: what chat returned: received a response whose "output" is .* a list/);
  }
});

hostile("every provider's list of choices, candidates or content blocks that is no list is a TypeError", async () => {
  const cases: [ProviderAdapter, string][] = [
    [openai, "choices"],
    [mistral, "choices"],
    [anthropic, "content"],
    [gemini, "candidates"],
  ];
  for (const [provider, key] of cases)
    for (const given of ["abc", null, { x: 1 }]) {
      let message = "no error";
      try {
        await runTools({ provider, chat: async () => ({ [key]: given }), request: { model: "m", messages: [] } });
      } catch (error) {
        message = (error as Error).message;
      }
      assert.match(
        message,
        new RegExp(`received a response whose "${key}" is .*, where the ${provider.name} provider`),
      );
    }
});

hostile("items only the client answers: ids shown short, at most a few named, never another error", async () => {
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  for (const id of [1n, cycle, "x".repeat(1_000_000)]) {
    const error = await rejection({ output: [{ type: "computer_call", call_id: id }] });
    assert.match(error.message, /^The responses response asks the client to run computer_call /, error.message);
    assert.ok(error.message.length < 400, `${error.message.length} characters`);
  }
  const many = Array.from({ length: 100_000 }, (_, i) => ({ type: "local_shell_call", call_id: `c${i}` }));
  const error = await rejection({ output: many });
  assert.match(error.message, /local_shell_call "c0", .* and 99,?99\d more, which no tool of the loop answers/);
  assert.ok(error.message.length < 600, `${error.message.length} characters`);
  // An item whose type is no string is no item the client answers: read past, as any unknown item is.
  const odd = await runTools({
    provider: responses,
    chat: async () => ({ output: [{ type: Object.create(null) }, { type: ["computer_call"] }], output_text: "done" }),
    request,
  });
  assert.is(odd.text, "done");
});

hostile.run();
