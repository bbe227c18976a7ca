// An MCP server's tool results as the model receives them: images, audio and binary resources become parts that
// each provider's answer writer sends as it can; text, embedded text resources and resource links become text;
// blocks a server sent wrong become a text part saying so, never a request a provider would refuse.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { adapterOf, mcpTools, type MCPClientLike } from "tooltype";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** A client whose one tool "shot" answers with `content` (and `structuredContent` when given). */
function clientAnswering(content: unknown[], structuredContent?: object, isError?: boolean): MCPClientLike {
  return {
    listTools: async () => ({ tools: [{ name: "shot", inputSchema: { type: "object" } }] }),
    callTool: async () => ({ content, ...(structuredContent && { structuredContent }), ...(isError && { isError }) }),
  };
}

async function run(content: unknown[], structuredContent?: object, isError?: boolean) {
  const { tools } = await mcpTools(clientAnswering(content, structuredContent, isError));
  return tools[0]!.execute({});
}

const content = suite("mcpTools: a result's content blocks as the model receives them");

content("text blocks, embedded text resources and resource links are one text", async () => {
  const result = await run([
    { type: "text", text: "Found 2 files." },
    { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "alpha" } },
    { type: "resource_link", uri: "file:///b.txt", name: "b.txt", description: "the second file" },
  ]);
  assert.equal(result, {
    success: true,
    value: "Found 2 files.\nResource file:///a.txt:\nalpha\nResource link: b.txt (file:///b.txt): the second file",
  });
});

content("an image is an image part, and text beside it stays text; structuredContent does not hide it", async () => {
  const result = await run(
    [
      { type: "text", text: "The page:" },
      { type: "image", data: PNG, mimeType: "image/png" },
    ],
    { width: 1 },
  );
  assert.ok(result.success);
  assert.equal(result.output, [
    { type: "text", text: "The page:" },
    { type: "image", data: PNG, mediaType: "image/png" },
  ]);
});

content("audio and binary resources are file parts; a resource's file is named after its URI", async () => {
  const result = await run([
    { type: "audio", data: "UklGRg==", mimeType: "audio/wav" },
    { type: "resource", resource: { uri: "file:///docs/report.pdf", mimeType: "application/pdf", blob: "JVBERi0=" } },
  ]);
  assert.ok(result.success);
  assert.equal(result.output, [
    { type: "file", data: "UklGRg==", mediaType: "audio/wav" },
    { type: "file", data: "JVBERi0=", mediaType: "application/pdf", filename: "report.pdf" },
  ]);
});

content("bytes that are not base64, a malformed media type, an unknown block: text saying so", async () => {
  const result = await run([
    { type: "image", data: "not base64!", mimeType: "image/png" },
    { type: "image", data: PNG, mimeType: "png; <script>" },
    { type: "hologram", data: 1 },
    { type: "image", data: PNG, mimeType: "image/png" },
  ]);
  assert.ok(result.success);
  const texts = (result.output ?? []).filter((part) => part.type === "text").map((part) => part.text);
  assert.match(texts[0]!, /an image \(image\/png\) from the server whose data is empty or not base64/);
  assert.match(texts[1]!, /an image from the server whose media type "png; <script>" is not valid/);
  assert.match(texts[2]!, /a content block of type "hologram"/);
  assert.is(result.output?.[3]?.type, "image");
});

content(
  "an image, audio or a binary resource with no bytes (empty data) is text saying so, not an empty part",
  async () => {
    const result = await run([
      { type: "image", data: "", mimeType: "image/png" },
      { type: "audio", data: "", mimeType: "audio/wav" },
      { type: "resource", resource: { uri: "file:///empty.pdf", mimeType: "application/pdf", blob: "" } },
      { type: "image", data: PNG, mimeType: "image/png" },
    ]);
    assert.ok(result.success);
    const texts = (result.output ?? []).filter((part) => part.type === "text").map((part) => part.text);
    assert.equal(texts, [
      "[an image (image/png) from the server whose data is empty or not base64]",
      "[a file (audio/wav) from the server whose data is empty or not base64]",
      "[a file (application/pdf) from the server whose data is empty or not base64]",
    ]);
  },
);

content("an error result with an embedded resource reports its text", async () => {
  const result = await run([{ type: "resource", resource: { uri: "log://last", text: "disk full" } }], undefined, true);
  assert.equal(result.success, false);
  assert.match((result as { error: string }).error, /Resource log:\/\/last:\ndisk full/);
});

content("the parts reach each provider's answer: Anthropic takes the image in its tool_result", async () => {
  const result = await run([{ type: "image", data: PNG, mimeType: "image/png" }]);
  const [answer] = adapterOf("anthropic").toolMessages([{ id: "toolu_1", name: "shot", result }]) as {
    content: { type: string; content: { type: string; source?: { data: string } }[] }[];
  }[];
  const block = answer!.content[0]!;
  assert.is(block.type, "tool_result");
  assert.is(block.content[0]!.type, "image");
  assert.is(block.content[0]!.source?.data, PNG);
});

content("through the MCP SDK: a real server's screenshot tool", async () => {
  const server = new Server({ name: "shots", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: "screenshot", inputSchema: { type: "object", properties: {} } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, () => ({
    content: [{ type: "image", data: PNG, mimeType: "image/png" }],
  }));
  const client = new Client({ name: "test", version: "1.0.0" });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  try {
    const { tools } = await mcpTools(client);
    const result = await tools[0]!.execute({});
    assert.ok(result.success);
    assert.equal(result.output, [{ type: "image", data: PNG, mediaType: "image/png" }]);
  } finally {
    await client.close();
  }
});

content.run();
