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

hostile.run();
