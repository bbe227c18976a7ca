// An MCP server's audio result, read by mcpTools, as each provider's answer writer sends it: OpenAI's chat
// completions as `input_audio` (WAV, MP3), Responses as `input_file`, Gemini as `inlineData`; Anthropic, which reads
// no audio in a tool result, and the text-only providers get a note, reported.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mcpTools, toToolMessages, type CallResult, type MCPClientLike, type ResultIssue } from "tooltype";

const WAV = "UklGRg==";
const MP3 = "SUQz";

function clientAnswering(content: unknown[]): MCPClientLike {
  return {
    listTools: async () => ({ tools: [{ name: "speak", inputSchema: { type: "object" } }] }),
    callTool: async () => ({ content }),
  };
}

async function spoken(content: unknown[]): Promise<CallResult> {
  const { tools } = await mcpTools(clientAnswering(content));
  return { id: "call_1", name: "speak", result: await tools[0]!.execute({}) };
}

const audio = suite("audio from an MCP server, through each provider's answer writer");

audio("the tool's result holds the audio as a part with its media type", async () => {
  const call = await spoken([
    { type: "text", text: "Here it is." },
    { type: "audio", data: WAV, mimeType: "audio/wav" },
  ]);
  assert.ok(call.result.success);
  assert.equal(call.result.output, [
    { type: "text", text: "Here it is." },
    { type: "file", data: WAV, mediaType: "audio/wav" },
  ]);
});

audio("openai: WAV and MP3 as input_audio parts in the user message after the tool message", async () => {
  const call = await spoken([
    { type: "audio", data: WAV, mimeType: "audio/wav" },
    { type: "audio", data: MP3, mimeType: "audio/mpeg" },
  ]);
  const [, user] = toToolMessages([call], "openai") as unknown as [unknown, { content: unknown[] }];
  assert.equal(user.content, [
    { type: "text", text: "file 1, returned by speak (call call_1):" },
    { type: "input_audio", input_audio: { data: WAV, format: "wav" } },
    { type: "text", text: "file 2, returned by speak (call call_1):" },
    { type: "input_audio", input_audio: { data: MP3, format: "mp3" } },
  ]);
});

audio("responses and gemini carry the bytes with their media type", async () => {
  const call = await spoken([{ type: "audio", data: WAV, mimeType: "audio/wav" }]);
  assert.equal(toToolMessages([call], "responses"), [
    {
      type: "function_call_output",
      call_id: "call_1",
      output: [{ type: "input_file", file_data: `data:audio/wav;base64,${WAV}` }],
    },
  ]);
  const [gemini] = toToolMessages([call], "gemini");
  assert.equal(gemini!.parts[0]!.functionResponse.parts, [{ inlineData: { mimeType: "audio/wav", data: WAV } }]);
});

audio("anthropic and the text-only providers: a note in place of the audio, reported", async () => {
  const call = await spoken([{ type: "audio", data: WAV, mimeType: "audio/wav" }]);
  for (const provider of ["anthropic", "bedrock", "mistral"] as const) {
    const issues: ResultIssue[] = [];
    const written = JSON.stringify(toToolMessages([call], provider, { onIssue: (issue) => issues.push(issue) }));
    assert.match(written, /audio\/wav file of 4 bytes, not shown/, provider);
    assert.equal(
      issues.map((issue) => issue.path),
      ["/output/0"],
      provider,
    );
  }
});

audio.run();
