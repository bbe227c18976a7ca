// Responses recorded from the real OpenAI API (test/fixtures/recorded/responses/, sources in its SOURCES.md) whose
// output asks the client to run a provider-defined tool (apply_patch, a custom tool, the local shell, a client-run
// tool search) or to approve a hosted MCP call: items no tool of the loop answers. The loop stops with an error
// naming each item, whole or streamed, instead of reading the turn as an answer without text.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readStreams, runTools } from "tooltype/agent";
import { responses } from "tooltype/providers/responses";
import { FILES } from "./recorded-corpus.files.js";

const items = suite("recorded responses asking the client to run what no tool answers");

// Each file, and the items it holds as the API sent them (type and call_id, or id for an approval request).
const ASKING: Record<string, string[]> = {
  "responses/openai-apply-patch-tool.1.json": ['apply_patch_call "call_CdXiGtcRl49Q6Ek20tG9lYOr"'],
  "responses/openai-custom-tool.1.json": ['custom_tool_call "call_custom_sql_001"'],
  "responses/openai-local-shell-tool.1.json": ['local_shell_call "call_XWgeTylovOiS8xLNz2TONOgO"'],
  "responses/openai-shell-tool.1.json": ['shell_call "call_udkLUvR8lWvG8cDO2B6GNpvZ"'],
  "responses/openai-client-tool-search.1.json": ['tool_search_call "call_AEvXZ1rvYpxHh8QZb7wGlTGH"'],
  "responses/openai-mcp-tool-approval.1.json": [
    'mcp_approval_request "mcpr_04f6b17429cf2b02006949a6712b1081968b3c7a72dec695d8"',
  ],
};

const request = { model: "gpt-5", input: [{ role: "user", content: "Go." }] };

async function rejection(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    return (error as Error).message;
  }
  assert.unreachable("the loop ended without an error");
  return "";
}

for (const [path, asked] of Object.entries(ASKING)) {
  items(`${path}: the whole response`, async () => {
    const message = await rejection(() => runTools({ provider: responses, chat: async () => FILES[path], request }));
    for (const item of asked) assert.ok(message.includes(item), `${message} names ${item}`);
    assert.match(message, /^The responses response asks the client to run /);
  });
  const chunks = path.replace(/\.json$/, ".chunks.txt");
  if (typeof FILES[chunks] !== "string") continue;
  const events = String(FILES[chunks])
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { type?: string });
  // A recording of several responses: the first one, up to its response.completed.
  events.splice(events.findIndex((e) => e.type === "response.completed") + 1);
  // The stream is another recording of the same kind of turn: its items are named by type (their ids differ).
  const type = asked[0]!.split(" ")[0]!;
  if (!events.some((e) => JSON.stringify(e).includes(`"type":"${type}"`))) continue;
  items(`${chunks}: the streamed response`, async () => {
    const chat = () =>
      (async function* () {
        yield* events;
      })() as never;
    const message = await rejection(() => runTools({ provider: responses, chat, request, readStreams }));
    assert.match(message, new RegExp(`^The responses response asks the client to run ${type} "`));
  });
}

items("a shell call OpenAI ran (its output in the same response) is no item to answer", async () => {
  const out = await runTools({
    provider: responses,
    chat: async () => FILES["responses/openai-shell-container.1.json"],
    request,
  });
  assert.is(out.finishReason, "stop");
  assert.ok(out.text);
});

items.run();
