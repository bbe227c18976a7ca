#!/usr/bin/env node
// The agent loop end to end, across processes (issue 19): an MCP server spawned over stdio and one reached over
// streamable HTTP, as tools; and an approval paused in one process, its state serialized, and the run resumed
// in a fresh process (with a shared stateKey), and a run killed with SIGKILL mid-turn and resumed from its last
// checkpoint in a fresh process, all talking to a fake OpenAI server on 127.0.0.1 that streams hand-written SSE. Uses the
// built dist/ (`node esbuild.config.mjs` first). Prints `N passed, N failed`; exit 1 when anything failed.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer as createHttpServer, request as httpRequest } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { connectMCP, runTools, ToolRegistry, t, tool } from "../dist/index.js";
import { createServer as createMCPServer } from "./fixtures/mcp/server.mjs";
import { createChecks } from "./support/checks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const fixture = (path) => join(root, "test/fixtures", path);
const { check, expect, finish } = createChecks({ traceLines: 6 });
const quiet = { error: () => {}, warn: () => {} };
const listen = (server) =>
  new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${server.address().port}`)));
const bodyOf = async (req) => {
  let text = "";
  for await (const piece of req) text += piece;
  return text ? JSON.parse(text) : undefined;
};
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

await check(
  "an MCP server spawned over stdio: its tools, checked by the guard, called, and the process ended on close",
  async () => {
    const dictionary = await connectMCP(
      { command: process.execPath, args: [fixture("mcp/server.mjs")], stderr: "ignore" },
      { prefix: "dict_", logger: quiet },
    );
    const pid = dictionary.client.transport?.pid;
    try {
      expect(
        JSON.stringify(dictionary.tools.map((x) => x.name)) === '["dict_lookup","dict_flaky"]',
        `tools: ${dictionary.tools.map((x) => x.name)}`,
      );
      expect(typeof pid === "number" && alive(pid), "the server runs as its own process");
      const lookup = dictionary.tools[0];
      const bad = await lookup.execute({ word: "" });
      expect(
        !bad.success && /at \/word: .*at least 1/.test(bad.error),
        `the guard answers first: ${JSON.stringify(bad)}`,
      );
      const good = await lookup.execute('{"word":"petrichor"}');
      expect(good.success && good.value === "petrichor: the smell of rain on dry earth", JSON.stringify(good));
      const missing = await lookup.execute({ word: "zzz" });
      expect(
        !missing.success && missing.error === 'Tool "dict_lookup" failed: No entry for "zzz".',
        JSON.stringify(missing),
      );
      // One loop with a local tool and the server's tool.
      const local = tool({
        name: "get_time",
        description: "The time.",
        parameters: t.object({}),
        execute: () => "12:00",
      });
      const answers = [
        {
          choices: [
            {
              message: {
                role: "assistant",
                content: null,
                tool_calls: [
                  { id: "a", type: "function", function: { name: "dict_lookup", arguments: '{"word":"serendipity"}' } },
                  { id: "b", type: "function", function: { name: "get_time", arguments: "{}" } },
                ],
              },
            },
          ],
        },
        { choices: [{ message: { role: "assistant", content: "done" } }] },
      ];
      const sent = [];
      const out = await runTools({
        provider: "openai",
        chat: (r) => (sent.push(r), answers[sent.length - 1]),
        request: { model: "m", messages: [] },
        registry: new ToolRegistry().register(local, dictionary.tools),
      });
      const replies = sent[1].messages.slice(-2).map((m) => m.content);
      expect(
        out.text === "done" && replies[0] === "serendipity: a happy accident" && replies[1] === "12:00",
        JSON.stringify(replies),
      );
    } finally {
      await dictionary.close();
    }
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
    expect(!alive(pid), `the server process ${pid} still runs after close()`);
  },
);

await check("an MCP server over streamable HTTP on 127.0.0.1: connectMCP({ url })", async () => {
  const calls = [];
  const allowedHosts = [];
  const http = createHttpServer(async (req, res) => {
    // Stateless: a server and a transport per request, as the MCP SDK's examples do; with the SDK's DNS-rebinding
    // protection on (off by default there): a Host other than this server's loopback names is refused.
    const server = createMCPServer(calls);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableDnsRebindingProtection: true,
      allowedHosts,
    });
    res.on("close", () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, req.method === "POST" ? await bodyOf(req) : undefined);
  });
  const origin = await listen(http);
  const { port } = new URL(origin);
  allowedHosts.push(`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`);
  // fetch cannot set Host: a raw request, as a browser would send it after rebinding attacker.example to 127.0.0.1.
  const rebound = await new Promise((resolve, reject) => {
    const headers = {
      host: `attacker.example:${port}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };
    const req = httpRequest({ host: "127.0.0.1", port, path: "/mcp", method: "POST", headers }, (res) =>
      resolve((res.resume(), res.statusCode)),
    );
    req.on("error", reject);
    req.end('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
  });
  expect(rebound === 403, `a rebinding Host got ${rebound}`);
  const remote = await connectMCP({ url: `${origin}/mcp` }, { include: ["lookup"], logger: quiet });
  try {
    expect(remote.tools.length === 1 && remote.tools[0].name === "lookup", `tools: ${remote.tools.map((x) => x.name)}`);
    const result = await remote.tools[0].execute({ word: "serendipity" });
    expect(result.success && result.value === "serendipity: a happy accident", JSON.stringify(result));
    expect(calls.join() === "serendipity", `the server saw ${calls}`);
  } finally {
    await remote.close();
    http.closeAllConnections();
    await new Promise((r) => http.close(r));
  }
});

await check("connectMCP without a command or url is a clear error", async () => {
  const error = await connectMCP({}).then(
    () => undefined,
    (e) => e,
  );
  expect(error instanceof TypeError && /give \{ command, args \}/.test(error.message), String(error));
});

// A fake OpenAI chat server on 127.0.0.1 streaming hand-written turns, one per request, whoever asks.
async function scriptedModel(turnFiles) {
  const turns = turnFiles.map((path) => readFileSync(fixture(path), "utf8"));
  const requests = [];
  const http = createHttpServer(async (req, res) => {
    const body = await bodyOf(req);
    requests.push({ path: req.url, body });
    const text = turns[requests.length - 1];
    if (req.url !== "/v1/chat/completions" || !text) {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end('{"error":{"message":"no route or no turn left"}}');
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (let i = 0; i < text.length; i += 41) res.write(text.slice(i, i + 41));
    res.end();
  });
  const origin = await listen(http);
  const close = async () => {
    http.closeAllConnections();
    await new Promise((r) => http.close(r));
  };
  return { baseURL: `${origin}/v1`, requests, close };
}

// Runs a fixture as its own process; resolves with what it printed (as JSON) once it exits with 0.
const STATE_KEY = "e2e-shared-state-key-of-32-bytes-or-more";
function runFixture(script, args, { input, key = STATE_KEY, onSpawn } = {}) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, TOOLTYPE_STATE_KEY: key ?? "" };
    const child = spawn(process.execPath, [fixture(script), ...args], { stdio: ["pipe", "pipe", "pipe"], env });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0
        ? resolve(out ? JSON.parse(out) : undefined)
        : reject(new Error(`${script} ${args[0]} exited ${code ?? signal}: ${err}`)),
    );
    child.stdin.end(input ?? "");
    onSpawn?.(child);
  });
}

await check(
  "approval: paused in one process, the state serialized, resumed in a fresh process with the shared stateKey; without it, refused",
  async () => {
    const model = await scriptedModel([1, 2].map((n) => `streams/approval/${n}.txt`));
    const run = (mode, input, key) => runFixture("agent-restart.mjs", [mode, model.baseURL], { input, key });
    try {
      const first = await run("start");
      expect(first.finishReason === "approval", `first process: ${JSON.stringify(first).slice(0, 300)}`);
      const { state } = first;
      expect(
        state.pending.length === 1 && state.pending[0].name === "send_email",
        `pending: ${JSON.stringify(state.pending)}`,
      );
      expect(state.results[1]?.result.value === "serendipity: a happy accident", "the MCP call ran before the pause");
      const id = state.pending[0].id;
      const input = JSON.stringify({
        state,
        decisions: { [id]: { approved: false, reason: "Ann asked not to be emailed" } },
      });
      const keyless = await run("resume", input, null);
      expect(
        keyless.error?.code === "other-key" && /signed with another key/.test(keyless.error.message),
        `without the key: ${JSON.stringify(keyless)}`,
      );
      const second = await run("resume", input);
      expect(second.pid !== first.pid, "two processes");
      expect(
        second.finishReason === "stop" &&
          second.text === "Ann was not emailed, as you asked. Serendipity: a happy accident.",
        JSON.stringify(second),
      );
      expect(second.sent.length === 0 && first.sent.length === 0, "nothing was sent");
      expect(JSON.stringify(second.steps) === "[1,2]", `steps ${second.steps}`);
      expect(model.requests.length === 2, `${model.requests.length} requests`);
      const answers = model.requests[1].body.messages.filter((m) => m.role === "tool").map((m) => m.content);
      expect(
        /refused the call of tool "send_email"; it did not run\. Reason: Ann asked not to be emailed/.test(
          answers[0],
        ) && answers[1] === "serendipity: a happy accident",
        JSON.stringify(answers),
      );
      expect(
        model.requests[1].body.stream === undefined && model.requests[1].body.model === "gpt-4o-mini",
        "the stored request settings were sent again",
      );
    } finally {
      await model.close();
    }
  },
);

await check(
  "a run killed mid-turn (SIGKILL, one call finished, one running) resumes in a fresh process from its last checkpoint: the finished call does not run again",
  async () => {
    const model = await scriptedModel([1, 2, 3].map((n) => `streams/openai-chat/${n}.txt`));
    const dir = mkdtempSync(join(tmpdir(), "tooltype-killed-"));
    const lines = () =>
      existsSync(join(dir, "calls.log")) ? readFileSync(join(dir, "calls.log"), "utf8").trim().split("\n") : [];
    const checkpoint = () =>
      existsSync(join(dir, "state.json")) ? JSON.parse(readFileSync(join(dir, "state.json"), "utf8")) : undefined;
    try {
      let killed;
      const first = runFixture("agent-killed.mjs", ["start", model.baseURL, dir], {
        onSpawn: (child) => (killed = child),
      }).then(
        () => "exited",
        (e) => String(e),
      );
      // Wait (by polling, at most about 20 s) until get_weather's result is checkpointed while get_time runs.
      let ready = false;
      for (let i = 0; i < 1000 && !ready; i++) {
        await new Promise((r) => setTimeout(r, 20));
        const state = checkpoint();
        ready = Boolean(
          state?.results.some((r) => r?.name === "get_weather") && lines().some((l) => l.startsWith("start get_time")),
        );
      }
      expect(ready, `never reached: one call finished, one running (log: ${lines()})`);
      killed.kill("SIGKILL");
      expect(/exited SIGKILL/.test(await first), "the first process was killed");
      const before = lines();
      expect(
        before
          .filter((l) => l.startsWith("finish"))
          .map((l) => l.split(" ")[1])
          .join() === "get_weather",
        `before the kill: ${before}`,
      );
      const out = await runFixture("agent-killed.mjs", ["resume", model.baseURL, dir]);
      expect(
        out.finishReason === "stop" && out.text === "In Paris it is 21 °C (69.8 °F), and the local time is 12:00.",
        JSON.stringify(out),
      );
      const all = lines();
      const count = (prefix) => all.filter((l) => l.startsWith(prefix)).length;
      expect(count("start get_weather") === 1 && count("finish get_weather") === 1, `get_weather ran again: ${all}`);
      const timeKeys = all.filter((l) => l.startsWith("start get_time")).map((l) => l.split(" ")[2]);
      expect(
        timeKeys.length === 2 && timeKeys[0] === timeKeys[1],
        `get_time kept its idempotency key over the restart: ${timeKeys}`,
      );
      expect(count("finish get_time") === 1 && count("finish convert_temperature") === 1, `after resuming: ${all}`);
      expect(JSON.stringify(out.steps) === "[1,2,3]", `steps ${out.steps}`);
      expect(model.requests.length === 3, `${model.requests.length} requests: the first turn was not asked again`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await model.close();
    }
  },
);

finish();
