// Hostile Responses API responses in the loop: an output that is no list of items, and items only the client can
// answer with ids or counts no message can hold. Each gives a short error saying what is wrong, never an answer
// without text, another kind of error, or a message as large as the response.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { runTools } from "tooltype/agent";
import { responses } from "tooltype/providers/responses";

const hostile = suite("hostile Responses API responses in the loop");

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
    assert.match(error.message, /^runTools: what chat returned: .*"output" .*a list of items/, error.message);
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
