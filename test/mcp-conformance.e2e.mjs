// The official MCP conformance suite (@modelcontextprotocol/conformance) against mcpHttpHandler with sessions, on
// loopback: every server scenario in a tool library's scope, each a run of the suite's CLI (on Node 22, which it
// needs), failing on any scenario that does not pass. The tools are the ones the suite names, written with
// tooltype (dist/: run `node esbuild.config.mjs` first). Out of scope: resources, prompts and completions
// (docs/mcp.md lists them). Prints `N passed, N failed`; exit 1 when anything failed.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fromJSONSchema, ToolRegistry, t, tool } from "../dist/index.js";
import { mcpHttpHandler } from "../dist/mcp/index.js";
import { createChecks } from "./support/checks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SCENARIOS = [
  "server-initialize",
  "logging-set-level",
  "ping",
  "tools-list",
  "tools-call-simple-text",
  "tools-call-image",
  "tools-call-audio",
  "tools-call-embedded-resource",
  "tools-call-mixed-content",
  "tools-call-with-logging",
  "tools-call-error",
  "tools-call-with-progress",
  "tools-call-sampling",
  "tools-call-elicitation",
  "json-schema-2020-12",
  "elicitation-sep1034-defaults",
  "elicitation-sep1330-enums",
  "server-sse-polling",
  "server-sse-multiple-streams",
  "dns-rebinding-protection",
];

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=";
const base64 = (text) => btoa(text);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const none = t.object({});

const tools = [
  tool({
    name: "test_simple_text",
    description: "Simple text.",
    parameters: none,
    execute: () => "This is a simple text response for testing.",
  }),
  tool({
    name: "test_image_content",
    description: "An image.",
    parameters: none,
    execute: () => "",
    toModelOutput: () => ({ type: "image", data: PNG, mediaType: "image/png" }),
  }),
  tool({
    name: "test_audio_content",
    description: "A sound.",
    parameters: none,
    execute: () => "",
    toModelOutput: () => ({ type: "file", data: WAV, mediaType: "audio/wav" }),
  }),
  tool({
    name: "test_embedded_resource",
    description: "A file.",
    parameters: none,
    execute: () => "",
    toModelOutput: () => ({
      type: "file",
      data: base64("This is an embedded resource content."),
      mediaType: "text/plain",
      filename: "embedded-resource.txt",
    }),
  }),
  tool({
    name: "test_multiple_content_types",
    description: "Text, an image and a file.",
    parameters: none,
    execute: () => "",
    toModelOutput: () => [
      { type: "text", text: "Multiple content types test:" },
      { type: "image", data: PNG, mediaType: "image/png" },
      { type: "file", data: base64('{"test":"data","value":123}'), mediaType: "application/json" },
    ],
  }),
  tool({
    name: "test_tool_with_logging",
    description: "Logs three times.",
    parameters: none,
    execute: async (_args, _context, { log }) => {
      log?.("info", "Tool execution started");
      await pause(50);
      log?.("info", "Tool processing data");
      await pause(50);
      log?.("info", "Tool execution completed");
      return "Logged three messages.";
    },
  }),
  tool({
    name: "test_error_handling",
    description: "Fails.",
    parameters: none,
    execute: () => {
      throw new Error("This tool intentionally returns an error for testing");
    },
  }),
  tool({
    name: "test_tool_with_progress",
    description: "Reports progress.",
    parameters: none,
    execute: async (_args, _context, { progress }) => {
      for (const done of [0, 50, 100]) {
        progress?.(done, 100);
        if (done < 100) await pause(50);
      }
      return "Progress reported.";
    },
  }),
  tool({
    name: "test_sampling",
    description: "Asks the client's model.",
    parameters: t.object({ prompt: t.string() }),
    execute: async ({ prompt }, _context, { sample }) => {
      const answer = await sample({
        messages: [{ role: "user", content: { type: "text", text: prompt } }],
        maxTokens: 100,
      });
      return `LLM response: ${answer.content.text}`;
    },
  }),
  tool({
    name: "test_elicitation",
    description: "Asks the person.",
    parameters: t.object({ message: t.string() }),
    execute: async ({ message }, _context, { elicit }) => {
      const answer = await elicit(
        message,
        t.object({
          username: t.string({ description: "User's response" }),
          email: t.string({ description: "User's email address" }),
        }),
      );
      return `User response: ${JSON.stringify(answer)}`;
    },
  }),
  tool({
    name: "test_elicitation_sep1034_defaults",
    description: "Asks with defaults.",
    parameters: none,
    execute: async (_args, _context, { elicit }) => {
      const answer = await elicit(
        "Please check these values",
        t.object({
          name: t.string({ default: "John Doe" }),
          age: t.integer({ default: 30 }),
          score: t.number({ default: 95.5 }),
          status: t.enum(["active", "inactive", "pending"], { default: "active" }),
          verified: t.boolean({ default: true }),
        }),
      );
      return `Elicitation completed: ${JSON.stringify(answer)}`;
    },
  }),
  tool({
    name: "test_elicitation_sep1330_enums",
    description: "Asks with every kind of enum.",
    parameters: none,
    execute: async (_args, _context, { elicit }) => {
      const titled = (values, titles) => values.map((value, i) => ({ const: value, title: titles[i] }));
      const answer = await elicit(
        "Pick some",
        t.object({
          untitledSingle: t.enum(["option1", "option2", "option3"]),
          titledSingle: fromJSONSchema({
            type: "string",
            oneOf: titled(["value1", "value2", "value3"], ["First Option", "Second Option", "Third Option"]),
          }),
          legacyEnum: fromJSONSchema({
            type: "string",
            enum: ["opt1", "opt2", "opt3"],
            enumNames: ["Option One", "Option Two", "Option Three"],
          }),
          untitledMulti: t.array(t.enum(["option1", "option2", "option3"])),
          titledMulti: fromJSONSchema({
            type: "array",
            items: { anyOf: titled(["value1", "value2", "value3"], ["First Choice", "Second Choice", "Third Choice"]) },
          }),
        }),
      );
      return `Elicitation completed: ${JSON.stringify(answer)}`;
    },
  }),
  tool({
    name: "json_schema_2020_12_tool",
    description: "Tool with JSON Schema 2020-12 features",
    parameters: fromJSONSchema({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      $defs: {
        address: { type: "object", properties: { street: { type: "string" }, city: { type: "string" } } },
      },
      properties: { name: { type: "string" }, address: { $ref: "#/$defs/address" } },
      additionalProperties: false,
    }),
    execute: () => "ok",
  }),
];

const quiet = { error() {}, warn() {} };
const handler = mcpHttpHandler(new ToolRegistry({ logger: quiet }).register(...tools), { sessions: true });

// The handler behind node:http, every response written as it comes (an event stream's events one by one).
const server = createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
  const abort = new AbortController();
  res.on("close", () => abort.abort());
  const response = await handler(
    new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
      signal: abort.signal,
    }),
  );
  res.writeHead(response.status, Object.fromEntries(response.headers));
  const reader = response.body?.getReader();
  res.on("close", () => reader?.cancel().catch(() => {}));
  try {
    for (let part = await reader?.read(); part && !part.done; part = await reader.read()) res.write(part.value);
  } catch {}
  res.end();
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://localhost:${server.address().port}/mcp`;

const node22 = join(root, "node_modules/node22/bin/node");
const cli = join(root, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const run = (scenario, out) =>
  new Promise((resolve) => {
    const child = spawn(
      existsSync(node22) ? node22 : process.execPath,
      [cli, "server", "--url", url, "--scenario", scenario, "-o", out],
      {
        cwd: out,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let text = "";
    child.stdout.on("data", (d) => (text += d));
    child.stderr.on("data", (d) => (text += d));
    child.on("close", (code) => resolve({ code, text }));
  });

// A scenario's checks that failed, from the checks.json the CLI wrote.
function failures(out) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === "checks.json")
        for (const check of JSON.parse(readFileSync(path, "utf8")))
          if (check.status === "FAILURE") found.push(`${check.id}: ${check.errorMessage ?? ""}`);
    }
  };
  walk(out);
  return found;
}

const { check, expect, finish } = createChecks();
const out = mkdtempSync(join(tmpdir(), "tooltype-conformance-"));
try {
  for (const scenario of SCENARIOS) {
    await check(`conformance: ${scenario}`, async () => {
      const dir = mkdtempSync(join(out, `${scenario}-`));
      const { code, text } = await run(scenario, dir);
      const failed = failures(dir);
      expect(code === 0 && !failed.length, `exit ${code}; ${failed.join("; ") || text.slice(-1500)}`);
    });
  }
} finally {
  server.closeAllConnections?.();
  server.close();
  rmSync(out, { recursive: true, force: true });
}
finish();
