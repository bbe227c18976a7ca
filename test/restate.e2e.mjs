#!/usr/bin/env node
// The loop on a real durable engine: restate-server (from @restatedev/restate-server) started on loopback with a
// temporary base directory and free ports, a service (test/fixtures/restate/service.mjs, run by Node 22: the SDK
// needs Promise.withResolvers) whose handler calls runTools with journal: restateJournal(ctx) and a scripted model.
// 1. The service is killed with SIGKILL while a tool runs, then restarted: the run finishes, no call or model
//    request that finished before the crash runs again, and the interrupted call runs again with the same
//    idempotencyKey (its keyed effect applied once).
// 2. Two calls wait for approval (awakeables) across a restart and are answered from outside: the approved one runs
//    once, the refused one never.
// 3. A tool's elicit waits (an awakeable) across a restart, twice: the call runs again with each answer, its effect
//    applied once.
// 4. Two service processes behind one address share 100 concurrent runs.
// Everything is on 127.0.0.1; every wait is bounded; the server and services are killed at the end, whatever happens.
// Prints `N passed, N failed` and exits 1 when anything failed. Needs dist/ (node esbuild.config.mjs).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createChecks } from "./support/checks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SERVER = join(root, "node_modules/@restatedev/restate-server-linux-x64/bin/restate-server");
const NODE22 = join(root, "node_modules/node22/bin/node");
const SERVICE = join(root, "test/fixtures/restate/service.mjs");
const { check, expect, finish } = createChecks({ traceLines: 8 });

const base = mkdtempSync(join(tmpdir(), "tooltype-restate-"));
const children = new Set();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
// Polls until `ready()` is truthy, at most `tries` times 100 ms apart; then fails naming what it waited for.
async function until(what, ready, tries = 600) {
  for (let i = 0; i < tries; i++) {
    const value = await ready();
    if (value) return value;
    await sleep(100);
  }
  throw new Error(`gave up waiting for ${what}`);
}
function start(command, args, logName) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], cwd: base });
  const out = [];
  child.stdout.on("data", (d) => out.push(d));
  child.stderr.on("data", (d) => out.push(d));
  child.on("exit", () => writeFileSync(join(base, `${logName}-${child.pid}.out`), Buffer.concat(out)));
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}
const stopAll = () => {
  for (const child of children) child.kill("SIGKILL");
};
process.on("exit", stopAll);
const guard = setTimeout(() => {
  console.log("  ✗ the whole test took more than 10 minutes: stopped");
  stopAll();
  process.exit(1);
}, 600_000);
guard.unref();

// A TCP proxy in front of the service processes, one backend a connection in turn: Restate sees one deployment.
const backends = [];
let turn = 0;
const proxy = createServer((client) => {
  if (!backends.length) return client.destroy();
  const port = backends[turn++ % backends.length];
  const server = connect(port, "127.0.0.1");
  client.pipe(server).pipe(client);
  const close = () => (client.destroy(), server.destroy());
  client.on("error", close);
  server.on("error", close);
  client.on("close", close);
  server.on("close", close);
});

const dir = join(base, "effects");
rmSync(dir, { recursive: true, force: true });
await import("node:fs").then((fs) => fs.mkdirSync(dir));
const lines = () => (existsSync(join(dir, "log")) ? readFileSync(join(dir, "log"), "utf8").trim().split("\n") : []);
const count = (prefix) => lines().filter((l) => l.startsWith(prefix)).length;

async function service(port) {
  const child = start(NODE22, [SERVICE, String(port), dir], "service");
  await until(
    `the service on ${port}`,
    () => lines().some((l) => l.startsWith(`listening ${port} `)) || child.exitCode !== null,
  );
  expect(child.exitCode === null, `the service on ${port} exited (${readdirSync(base).join(", ")})`);
  return child;
}
async function kill(child) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

let ingress;
let admin;
try {
  const [fabric, adminPort, ingressPort, proxyPort, a, b] = await Promise.all([1, 2, 3, 4, 5, 6].map(freePort));
  await new Promise((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));
  ingress = `http://127.0.0.1:${ingressPort}`;
  admin = `http://127.0.0.1:${adminPort}`;
  writeFileSync(
    join(base, "restate.toml"),
    `default-num-partitions = 2
disable-telemetry = true
listen-mode = "tcp"
bind-address = "127.0.0.1:${fabric}"
advertised-address = "http://127.0.0.1:${fabric}/"
log-filter = "warn"
[default-retry-policy]
initial-interval = "100ms"
exponentiation-factor = 1.5
max-attempts = 1000
max-interval = "1s"
[admin]
bind-address = "127.0.0.1:${adminPort}"
disable-web-ui = true
[ingress]
bind-address = "127.0.0.1:${ingressPort}"
`,
  );
  const server = start(
    SERVER,
    ["--config-file", join(base, "restate.toml"), "--base-dir", join(base, "data"), "--no-logo"],
    "server",
  );
  await until("restate-server's admin API", () =>
    fetch(`${admin}/health`).then(
      (r) => r.ok,
      () => false,
    ),
  );
  await until("restate-server's ingress", () =>
    fetch(`${ingress}/restate/health`).then(
      (r) => r.ok,
      () => false,
    ),
  );
  let first = await service(a);
  backends.push(a);
  const registered = await fetch(`${admin}/deployments`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ uri: `http://127.0.0.1:${proxyPort}`, use_http_11: true }),
  });
  expect(registered.ok, `registering the service: ${registered.status} ${await registered.text()}`);
  // Answers the wait a service announced in `file` (its awakeable's id), as a person's app would.
  const answer = async (file, value) => {
    const id = readFileSync(join(dir, file), "utf8");
    const r = await fetch(`${ingress}/restate/awakeables/${id}/resolve`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(value),
    });
    expect(r.ok, `resolving ${file}: ${r.status} ${await r.text()}`);
  };
  const invoke = (run, kind) =>
    fetch(`${ingress}/agent/run`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ run, kind }),
      signal: AbortSignal.timeout(300_000),
    }).then(async (r) => ({ status: r.status, body: await r.json().catch(() => undefined) }));

  await check(
    "SIGKILL while a tool runs, restart: the run finishes, nothing finished runs again, the cut call runs again with its idempotencyKey",
    async () => {
      const done = invoke("crash", "crash");
      await until("the slow tool to start", () => count("start slow crash ") === 1);
      await kill(first);
      first = await service(a);
      const out = await done;
      expect(out.status === 200 && out.body?.text === "done", `the run: ${JSON.stringify(out)}`);
      const log = lines();
      const mine = (what) => log.filter((l) => l.startsWith(`${what} crash `));
      expect(
        mine("finish quick").length === 1,
        `the call finished before the crash ran again:\n${mine("finish quick").join("\n")}`,
      );
      expect(
        mine("model")
          .map((l) => l.split(" ")[2])
          .join() === "1,2,3",
        `each model request once: ${mine("model").join("; ")}`,
      );
      const starts = mine("start slow").map((l) => l.split(" ")[3]);
      expect(
        starts.length === 2 && starts[0] === starts[1],
        `the cut call ran again with the same key: ${starts.join(", ")}`,
      );
      expect(mine("effect slow").length === 1 && mine("finish slow").length === 1, "its keyed effect applied once");
      const pids = new Set(mine("start slow").map((l) => l.split(" ").at(-1)));
      expect(pids.size === 2, "the call ran again in the restarted process");
    },
  );

  await check(
    "two approvals wait across a restart and are answered from outside: the approved call runs once, the refused never",
    async () => {
      const done = invoke("approval", "approval");
      const waits = await until("both approvals to be announced", () => {
        const files = readdirSync(dir).filter((f) => f.startsWith("wait-approval-"));
        return files.length === 2 && files;
      });
      await kill(first);
      first = await service(a);
      await answer(
        waits.find((f) => f.includes("e1")),
        true,
      );
      await answer(
        waits.find((f) => f.includes("t1")),
        { approved: false, reason: "Too much" },
      );
      const out = await done;
      expect(out.status === 200 && out.body?.text === "done", `the run: ${JSON.stringify(out)}`);
      expect(count("finish send_email approval ") === 1, "the approved email was sent once");
      expect(count("finish wire_transfer approval ") === 0, "the refused transfer never ran");
      const refusal = out.body.results.find((r) => r.success === false);
      expect(
        /refused.*Too much/.test(refusal?.error ?? ""),
        `the model was told why: ${JSON.stringify(out.body.results)}`,
      );
    },
  );

  await check(
    "a tool's elicit waits across a restart, twice: the call runs again with each answer, its effect once",
    async () => {
      const done = invoke("elicit", "elicit");
      const announced = (n) =>
        until(`elicitation ${n} to be announced`, () =>
          readdirSync(dir).find((f) => f === `wait-elicit-elicit_1_d1_${n}`),
        );
      const firstWait = await announced(1);
      await kill(first);
      first = await service(a);
      await answer(firstWait, { action: "accept", content: { confirm: true } });
      await answer(await announced(2), { action: "accept", content: { reason: "old logs" } });
      const out = await done;
      expect(out.status === 200 && out.body?.text === "done", `the run: ${JSON.stringify(out)}`);
      expect(
        out.body?.results?.[0]?.value === "deleted /tmp: old logs",
        `the model read: ${JSON.stringify(out.body?.results)}`,
      );
      expect(count("finish delete_files elicit ") === 1, "the effect after both answers applied once");
      const starts = lines().filter((l) => l.startsWith("start delete_files elicit ")).length;
      expect(starts >= 3, `the call ran once per answer (and again on replay): ${starts} starts`);
    },
  );

  await check("two service processes behind one address share 100 concurrent runs", async () => {
    const second = await service(b);
    backends.push(b);
    const runs = await Promise.all(Array.from({ length: 100 }, (_, i) => invoke(`many${i}`, "many")));
    const failed = runs.filter((r) => r.status !== 200 || r.body?.text !== "done");
    expect(!failed.length, `${failed.length} runs failed: ${JSON.stringify(failed.slice(0, 3))}`);
    const echoes = lines().filter((l) => l.startsWith("finish echo many"));
    const runsDone = new Set(echoes.map((l) => l.split(" ")[2]));
    expect(runsDone.size === 100, `${runsDone.size} of 100 runs called their tool`);
    const pids = new Set(echoes.map((l) => l.split(" ").at(-1)));
    expect(
      pids.has(String(first.pid)) && pids.has(String(second.pid)),
      `both processes ran calls (${[...pids].join(", ")})`,
    );
    console.log(`    ${echoes.length} tool calls for 100 runs, by ${pids.size} processes`);
  });
  void server;
} catch (error) {
  console.log(`  ✗ setting up: ${error?.stack ?? error}`);
  await check("the set-up", () => {
    throw error;
  });
} finally {
  stopAll();
  proxy.close();
  await sleep(200);
  if (!process.env.KEEP_RESTATE) rmSync(base, { recursive: true, force: true });
  else console.log(`    kept ${base}`);
}
finish();
