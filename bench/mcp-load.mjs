// Load test of mcpHttpHandler: `node bench/mcp-load.mjs` (after `node esbuild.config.mjs`; it serves dist/).
// A registry served by mcpHttpHandler behind Node's http server on 127.0.0.1, as 1 process and as 4 processes
// sharing one port through node:cluster; a client in another process sends a bounded number of tools/call
// requests over keep-alive connections, some at once, checks every answer (its id and its sum) and reports
// requests per second and p50/p99 latency. Each setup runs several rounds; the medians go to bench/MCP-LOAD.md.
// `--quick` (the smoke run of `npm test`): one short round of each setup, checked the same way, nothing written.
// Every loop is bounded in count and in time; the server and the client stop by themselves.
import { spawn } from "node:child_process";
import cluster from "node:cluster";
import { writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { fileURLToPath } from "node:url";

const SELF = fileURLToPath(import.meta.url);
const HOST = "127.0.0.1";
const SERVER_LIFETIME_MS = 180_000; // a server left behind by a crashed run stops by itself
const CLIENT_DEADLINE_MS = 60_000; // a round's requests all sent and answered within this, or the round fails

const [role, ...rest] = process.argv.slice(2);
if (role === "--server") await serve(Number(rest[0]));
else if (role === "--client") await load(JSON.parse(rest[0]));
else await main(process.argv.includes("--quick"));

// ---- the server: mcpHttpHandler behind node:http, in one process or several through node:cluster -----------

async function serve(processes) {
  if (processes > 1 && cluster.isPrimary) {
    let ready = 0;
    let port;
    for (let i = 0; i < processes; i++) {
      cluster.fork().on("message", (message) => {
        port = message.port;
        if (++ready === processes) console.log(JSON.stringify({ port }));
      });
    }
    stopWhenTold(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    });
    return;
  }
  const { t, tool, ToolRegistry } = await import("../dist/index.js");
  const { mcpHttpHandler } = await import("../dist/mcp/index.js");
  const registry = new ToolRegistry().register(
    tool({
      name: "add",
      description: "Adds two numbers.",
      parameters: t.object({ a: t.number(), b: t.number() }),
      returns: t.number(),
      execute: ({ a, b }) => a + b,
    }),
  );
  const handler = mcpHttpHandler(registry);
  const server = http.createServer((req, res) => void answer(handler, req, res));
  server.keepAliveTimeout = 10_000;
  // In a cluster worker, port 0 is the same port in every worker: the primary picks it once.
  server.listen(0, HOST, () => {
    const { port } = server.address();
    if (cluster.isWorker) process.send({ port });
    else console.log(JSON.stringify({ port }));
  });
  if (cluster.isWorker) process.on("disconnect", () => process.exit(0));
  else stopWhenTold(() => server.close());
}

/** One request through the fetch-style handler: the body read, a Request made, the Response written back. */
async function answer(handler, req, res) {
  const parts = [];
  for await (const part of req) parts.push(part);
  const request = new Request(`http://${req.headers.host}${req.url}`, {
    method: req.method,
    headers: req.headers,
    body: req.method === "POST" ? Buffer.concat(parts) : undefined,
  });
  const response = await handler(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

// The server stops when its stdin ends (the bench is done with it) or after its lifetime, whichever is first.
function stopWhenTold(stop) {
  const timer = setTimeout(finish, SERVER_LIFETIME_MS);
  timer.unref();
  process.stdin.on("end", finish).on("error", finish).resume();
  function finish() {
    stop();
    setTimeout(() => process.exit(0), 200).unref();
  }
}

// ---- the client: a bounded number of calls over keep-alive connections, every answer checked -----------------

async function load({ port, requests, concurrency }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let right = 0;
  const wrong = [];
  let next = 0;
  const deadline = Date.now() + CLIENT_DEADLINE_MS;
  const started = performance.now();
  const worker = async () => {
    while (next < requests && Date.now() < deadline) {
      const id = next++;
      const begun = performance.now();
      try {
        const reply = await call(agent, port, id);
        latencies.push(performance.now() - begun);
        if (reply.id === id && reply.result?.structuredContent?.result === id * 3) right++;
        else wrong.push({ id, reply });
      } catch (error) {
        wrong.push({ id, error: String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  console.log(
    JSON.stringify({
      sent: next,
      right,
      wrong: wrong.slice(0, 3),
      wrongCount: wrong.length,
      rps: right / seconds,
      p50: at(0.5),
      p99: at(0.99),
    }),
  );
}

function call(agent, port, id) {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "add", arguments: { a: id, b: id * 2 } },
  });
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2025-06-18",
    "content-length": Buffer.byteLength(body),
  };
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: HOST, port, path: "/mcp", method: "POST", agent, headers, timeout: 10_000 },
      (res) => {
        let text = "";
        res
          .setEncoding("utf8")
          .on("data", (d) => (text += d))
          .on("end", () => {
            try {
              resolve(JSON.parse(text));
            } catch (error) {
              reject(new Error(`status ${res.statusCode}, not JSON: ${text.slice(0, 200)} (${error.message})`));
            }
          });
      },
    );
    req
      .on("timeout", () => req.destroy(new Error("no answer within 10 s")))
      .on("error", reject)
      .end(body);
  });
}

// ---- the bench: each setup in rounds, medians, every request checked ----------------------------------------

async function main(quick) {
  const setups = [1, 4];
  const rounds = quick ? 1 : 7;
  const requests = quick ? 300 : 5_000;
  const concurrency = 16;
  // Both servers up at once and their rounds interleaved, so the machine's drift falls on both alike.
  const servers = [];
  const results = setups.map((processes) => ({ processes, runs: [] }));
  try {
    for (const processes of setups) servers.push(await startServer(processes));
    for (const server of servers)
      await runClient({ port: server.port, requests: Math.min(200, requests), concurrency }); // warm-up, checked too
    for (let round = 0; round < rounds; round++) {
      for (const [i, server] of servers.entries())
        results[i].runs.push(await runClient({ port: server.port, requests, concurrency }));
    }
  } finally {
    for (const server of servers) server.stop();
    await Promise.all(servers.map((server) => server.exited));
  }
  const rows = results.map(({ processes, runs }) => ({
    processes,
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    answered: runs.reduce((n, r) => n + r.right, 0),
    sent: runs.reduce((n, r) => n + r.sent, 0),
  }));
  const table = [
    "| server | requests/s | p50 | p99 | answered right |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${r.processes === 1 ? "1 process" : `${r.processes} processes (node:cluster, one port)`} | ${Math.round(r.rps).toLocaleString("en-US")} | ${r.p50.toFixed(2)} ms | ${r.p99.toFixed(2)} ms | ${r.answered.toLocaleString("en-US")} of ${r.sent.toLocaleString("en-US")} |`,
    ),
  ].join("\n");
  const machine = `Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "unknown CPU"}), shared with the client process and whatever else the machine runs`;
  const method = `${rounds} round(s) of ${requests.toLocaleString("en-US")} \`tools/call\` requests per setup after a warm-up, the setups' rounds interleaved, ${concurrency} at once over keep-alive connections from a client in another process, to 127.0.0.1; medians over the rounds. Every answer is checked: its id and its sum.`;
  console.log(`${method}\n${machine}\n\n${table}`);
  if (!quick) {
    const out = `# MCP over streamable HTTP under load\n\nWritten by \`node bench/mcp-load.mjs\` (after \`node esbuild.config.mjs\`). ${method} The server is \`mcpHttpHandler\` (stateless) behind Node's \`http\` server.\n\n${machine}. With 2 cores, 4 processes compete with each other and with the client for them: the row shows what \`node:cluster\` costs or gains on such a machine, not what it gains with a core a process.\n\n${table}\n`;
    writeFileSync(new URL("./MCP-LOAD.md", import.meta.url), out);
    const { writeReadmeBlock } = await import("./sizes.mjs");
    writeReadmeBlock(
      "mcp-load",
      [
        "| server | requests/s | p50 | p99 |",
        "| --- | --- | --- | --- |",
        ...rows.map(
          (r) =>
            `| ${r.processes} process${r.processes > 1 ? "es" : ""} | ${Math.round(r.rps).toLocaleString("en-US")} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms |`,
        ),
      ].join("\n"),
    );
    console.log("bench/MCP-LOAD.md and docs/performance.md written");
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function startServer(processes) {
  const child = spawn(process.execPath, [SELF, "--server", String(processes)], { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(
      () => fail(new Error(`the ${processes}-process server did not start within 30 s`)),
      30_000,
    );
    const fail = (error) => {
      clearTimeout(timer);
      child.kill();
      reject(error);
    };
    child.stdout.setEncoding("utf8").on("data", (d) => {
      out += d;
      if (!out.includes("\n")) return;
      clearTimeout(timer);
      resolve({ port: JSON.parse(out.split("\n")[0]).port, stop: () => child.stdin.end(), exited });
    });
    child.on("exit", (code) => fail(new Error(`the ${processes}-process server exited (${code}) before it listened`)));
  });
}

async function runClient(options) {
  const child = spawn(process.execPath, [SELF, "--client", JSON.stringify(options)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (d) => (out += d));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`the client exited with ${code}`);
  const result = JSON.parse(out);
  if (result.right !== options.requests || result.wrongCount) {
    console.error(
      `mcp-load: ${options.requests} requests sent, ${result.right} answered right, ${result.wrongCount} wrong or failed: ${JSON.stringify(result.wrong)}`,
    );
    process.exit(1);
  }
  return result;
}
