// Tools the provider's server runs (Bedrock: a toolUse of type server_tool_use, e.g. a model's built-in code
// interpreter; its result comes from the server in the same turn) are kept in the response and never offered as a
// call to run. Hand-written in the shape of the Converse API reference (ToolUseBlock's `type`), whole and streamed.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createToolCallStream, parseToolCalls } from "tooltype/calls";
import { streamTools } from "tooltype/agent";
import { bedrock, bedrockStream } from "tooltype/providers/bedrock";
import { t, tool } from "tooltype";

const server = suite("server-run tools are no calls to run");

const SERVER_USE = { toolUseId: "tooluse_srv", name: "code_interpreter", type: "server_tool_use" };
const CLIENT_USE = { toolUseId: "tooluse_1", name: "lookup", input: { id: "c1" } };

server("Bedrock, whole: only the client toolUse is a call", () => {
  const response = {
    output: {
      message: {
        role: "assistant",
        content: [
          { toolUse: { ...SERVER_USE, input: { code: "print(1)" } } },
          { toolResult: { toolUseId: "tooluse_srv", content: [{ text: "1" }], type: "server_tool_result" } },
          { toolUse: CLIENT_USE },
        ],
      },
    },
    stopReason: "tool_use",
  };
  assert.equal(parseToolCalls(response, bedrock), [{ id: "tooluse_1", name: "lookup", arguments: { id: "c1" } }]);
});

const streamed = [
  { messageStart: { role: "assistant" } },
  { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: SERVER_USE } } },
  { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '{"code":' } } } },
  { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '"print(1)"}' } } } },
  { contentBlockStop: { contentBlockIndex: 0 } },
  { contentBlockStart: { contentBlockIndex: 1, start: { toolUse: { toolUseId: "tooluse_1", name: "lookup" } } } },
  { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: '{"id":"c1"}' } } } },
  { contentBlockStop: { contentBlockIndex: 1 } },
  { messageStop: { stopReason: "tool_use" } },
];

server("Bedrock, streamed: createToolCallStream gives the client call only", () => {
  const stream = createToolCallStream(bedrockStream);
  for (const event of streamed) stream.push(event);
  assert.equal(stream.calls(), [{ id: "tooluse_1", name: "lookup", arguments: { id: "c1" } }]);
});

server("Bedrock, the loop: the client call runs, the server block goes back with its input", async () => {
  const ran: string[] = [];
  const lookup = tool({
    name: "lookup",
    description: "Looks up a customer.",
    parameters: t.object({ id: t.string() }),
    execute: ({ id }) => {
      ran.push(id);
      return "found";
    },
  });
  const turns = [
    streamed,
    [
      { contentBlockDelta: { contentBlockIndex: 0, delta: { text: "Done." } } },
      { messageStop: { stopReason: "end_turn" } },
    ],
  ];
  let turn = 0;
  const requests: {
    messages: { role: string; content: { toolUse?: { input: unknown }; toolResult?: unknown }[] }[];
  }[] = [];
  for await (const _ of streamTools({
    provider: bedrock,
    chat: (request) => {
      requests.push(structuredClone(request) as never);
      const events = turns[turn++]!;
      return (async function* () {
        yield* events;
      })();
    },
    request: { modelId: "m", messages: [{ role: "user", content: [{ text: "Find c1." }] }] },
    tools: [lookup],
  }));
  assert.equal(ran, ["c1"]);
  const assistant = requests[1]!.messages[1]!.content;
  assert.equal(assistant[0]!.toolUse, { ...SERVER_USE, input: { code: "print(1)" } });
  const answers = requests[1]!.messages[2]!.content;
  assert.is(answers.length, 1, "one answer: to the client call only");
});

server.run();
