#!/usr/bin/env node
// The official MCP conformance suite (@modelcontextprotocol/conformance) against tooltype's MCP client: each client
// scenario in scope starts the suite's server on loopback and runs test/fixtures/mcp/conformance-client.mjs
// (connectMCP from dist/: `node esbuild.config.mjs` first) against it; a scenario passes when every check of the
// suite does. The suite's own list of client scenarios is read too: one this file names neither in scope nor out
// of scope (a newer suite's) fails the run, so the lists in docs/mcp.md stay whole. The suite needs Node 22 or
// later (it imports fs.globSync): under an older Node it runs on the node22 dev dependency's binary. Prints
// `N passed, N failed`; exit 1 when anything failed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createChecks } from "./support/checks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { check, expect, finish } = createChecks({ traceLines: 12 });

/** Every client scenario of the suite tooltype's client is held to. */
export const IN_SCOPE = [
  "initialize",
  "tools_call",
  "elicitation-sep1034-client-defaults",
  "sse-retry",
  "auth/metadata-default",
  "auth/metadata-var1",
  "auth/metadata-var2",
  "auth/metadata-var3",
  "auth/basic-cimd",
  "auth/scope-from-www-authenticate",
  "auth/scope-from-scopes-supported",
  "auth/scope-omitted-when-undefined",
  "auth/scope-step-up",
  "auth/scope-retry-limit",
  "auth/token-endpoint-auth-basic",
  "auth/token-endpoint-auth-post",
  "auth/token-endpoint-auth-none",
  "auth/pre-registration",
  "auth/2025-03-26-oauth-metadata-backcompat",
  "auth/2025-03-26-oauth-endpoint-fallback",
  "auth/resource-mismatch",
  "auth/offline-access-scope",
  "auth/offline-access-not-supported",
  "auth/client-credentials-jwt",
  "auth/client-credentials-basic",
  "auth/cross-app-access-complete-flow",
];
/** Client scenarios left out, each with the reason (docs/mcp.md lists them). */
export const OUT_OF_SCOPE = {};

const node22 = join(root, "node_modules/node22/bin/node");
const nodeMajor = Number(process.versions.node.split(".")[0]);
const node = nodeMajor >= 22 ? process.execPath : node22;
const cli = join(root, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const client = join(root, "test/fixtures/mcp/conformance-client.mjs");

// The suite writes results/ into its working directory: a fresh one per run, removed after.
const work = mkdtempSync(join(tmpdir(), "tooltype-mcp-conformance-"));
const suite = (args) =>
  spawnSync(node, [cli, ...args], {
    cwd: work,
    encoding: "utf8",
    timeout: 180_000,
    env: { ...process.env, NO_COLOR: "1" },
  });

await check("the suite, its Node and tooltype's build are there", async () => {
  expect(existsSync(cli), `${cli} is missing: npm install`);
  expect(existsSync(node), `Node 22 or later is needed for the suite; ${node22} is missing: npm install`);
  expect(existsSync(join(root, "dist/index.js")), "dist/index.js is missing: run `node esbuild.config.mjs`");
});

await check("every client scenario of the suite is in scope or listed out of scope", async () => {
  const listed = suite(["list"]);
  expect(listed.status === 0, `conformance list failed: ${listed.stderr}`);
  const clientPart = listed.stdout.split(/Client scenarios/)[1] ?? "";
  const names = [...clientPart.matchAll(/^\s*- (\S+)/gm)].map((m) => m[1]);
  expect(names.length > 0, `no client scenarios read from:\n${listed.stdout}`);
  const unknown = names.filter((name) => !IN_SCOPE.includes(name) && !(name in OUT_OF_SCOPE));
  expect(!unknown.length, `scenarios neither in scope nor out of scope: ${unknown.join(", ")}`);
  const gone = [...IN_SCOPE, ...Object.keys(OUT_OF_SCOPE)].filter((name) => !names.includes(name));
  expect(!gone.length, `scenarios the suite no longer has: ${gone.join(", ")}`);
});

for (const scenario of IN_SCOPE) {
  await check(`conformance: ${scenario}`, async () => {
    const run = suite([
      "client",
      "--command",
      `${JSON.stringify(process.execPath)} ${JSON.stringify(client)}`,
      "--scenario",
      scenario,
    ]);
    const output = `${run.stdout}\n${run.stderr}`;
    const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(output);
    const failures = output
      .split("\n")
      .filter((line) => /FAILURE|Error|error:/.test(line))
      .slice(0, 8)
      .join("\n");
    expect(
      run.status === 0 && summary !== null && summary[3] === "0",
      `exit ${run.status ?? run.signal}; ${summary?.[0] ?? "no summary"}\n${failures || output.slice(-2000)}`,
    );
  });
}

rmSync(work, { recursive: true, force: true });
finish();
