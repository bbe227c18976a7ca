// An MCP server's audio result, read by mcpTools, kept as a part with its media type, and what each provider's
// answer writer makes of it: the writers send only the media types their provider documents for a tool's result
// (images), so each writes a note naming the audio, reported through onIssue, never the bytes.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mcpTools, toToolMessages, type CallResult, type MCPClientLike, type ResultIssue } from "tooltype";

const WAV = "UklGRg==";

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

audio(
  "every provider's writer: a note in place of the audio, naming its type and size, reported in place of the audio, reported",
  async () => {
    const call = await spoken([{ type: "audio", data: WAV, mimeType: "audio/wav" }]);
    for (const provider of ["openai", "responses", "anthropic", "gemini", "bedrock", "mistral"] as const) {
      const issues: ResultIssue[] = [];
      const written = JSON.stringify(toToolMessages([call], provider, { onIssue: (issue) => issues.push(issue) }));
      assert.match(written, /audio\/wav file of 4 bytes, not shown/, provider);
      assert.equal(
        issues.map((issue) => issue.path),
        ["/output/0"],
        provider,
      );
    }
  },
);

audio.run();
