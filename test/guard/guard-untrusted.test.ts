// compile(s, { untrusted }): a schema from elsewhere is checked without the keywords the guard does not know, each
// one listed in guard.ignored; a schema of one's own still refuses them. mcpTools takes such a tool and says so.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { compile, mcpTools, SchemaError, tool, untrusted } from "tooltype";
import { check } from "../support/guards.js";

const schema = {
  type: "object",
  markdownDescription: "Finds **files**",
  properties: {
    path: { type: "string", minLength: 1, errorMessage: "path, please" },
    depth: { type: "integer", maximum: 3 },
  },
  required: ["path"],
};

const others = suite("compile: an untrusted schema's unknown keywords");

others("are left out of the check and listed with where they are, on every guard path", () => {
  check(schema, [{ path: "a" }, { path: "a", depth: 3 }], [{}, { path: "" }, { path: "a", depth: 4 }], { untrusted });
  for (const eval_ of [false, "auto"] as const) {
    assert.equal(compile(schema, { untrusted, eval: eval_ }).ignored, [
      { keyword: "markdownDescription", at: "#" },
      { keyword: "errorMessage", at: "#/properties/path" },
    ]);
  }
});

others(
  "a schema of one's own, or a descriptor, still refuses them (usually a typo); known keywords and formats list nothing",
  () => {
    assert.throws(
      () => compile(schema),
      (e: Error) => e instanceof SchemaError && /unsupported keyword "markdownDescription" at #/.test(e.message),
    );
    assert.throws(() => compile({ type: "string", minLenght: 2 }), /unsupported keyword "minLenght"/);
    assert.equal(
      compile({ type: "string", minLength: 1, format: "my-own-format", "x-note": 1 }, { untrusted }).ignored,
      [],
    );
    assert.equal(compile({ type: "string" }).ignored, []);
  },
);

others("an unknown keyword inside a $ref target is listed once, where it is", () => {
  const shared = {
    $defs: { name: { type: "string", deprecatedReason: "old" } },
    properties: { a: { $ref: "#/$defs/name" }, b: { $ref: "#/$defs/name" } },
  };
  const guard = compile(shared, { untrusted });
  assert.equal(guard.ignored, [{ keyword: "deprecatedReason", at: "#/$defs/name" }]);
  assert.is(guard({ a: 1 }), false);
});

const mcp = suite("mcpTools: a server's schema with keywords the guard does not know");

mcp("the tool is taken, checked without them, and each is reported in ignored", async () => {
  const server = new Server({ name: "files", version: "1" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: "find", description: "Finds files.", inputSchema: schema as { type: "object" } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => ({
    content: [{ type: "text" as const, text: `found ${(params.arguments as { path: string }).path}` }],
  }));
  const client = new Client({ name: "c", version: "1" });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  try {
    const { tools, skipped, ignored } = await mcpTools(client);
    assert.equal(skipped, []);
    assert.equal(ignored, [
      { name: "find", keyword: "markdownDescription", at: "#" },
      { name: "find", keyword: "errorMessage", at: "#/properties/path" },
    ]);
    const find = tools[0]!;
    assert.equal(await find.execute({ path: "src" }), { success: true, value: "found src" });
    assert.is((await find.execute({ path: "src", depth: 9 })).success, false);
  } finally {
    await client.close();
    await server.close();
  }
});

mcp("a local tool with the same schema is refused: the keyword is probably a typo there", () => {
  assert.throws(
    () => tool({ name: "find", description: "Finds files.", parameters: schema, execute: () => "" }),
    /unsupported keyword "markdownDescription"/,
  );
});

others.run();
mcp.run();
