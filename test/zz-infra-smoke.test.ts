// Checks the test harness itself (scripts/test-all.mjs): that each runtime is the one it claims to be, that
// eval is allowed or blocked as the runtime's name says, and that "tooltype" resolves to the source (node,
// chromium) or to the built dist/index.js (deno, bun).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { allowsEval, compile, t } from "tooltype";
import { compile as compileFromSource } from "../src/batteries.js";

const ENVS = ["node", "node-noeval", "chromium", "chromium-csp", "deno", "bun"];
const env = (globalThis as { __TOOLTYPE_ENV__?: string }).__TOOLTYPE_ENV__;
const g = globalThis as Record<string, unknown>;

const s = suite("harness");

s("__TOOLTYPE_ENV__ names a known runtime", () => {
  assert.ok(env && ENVS.includes(env), `unexpected __TOOLTYPE_ENV__: ${env}`);
});

s("the runtime is the one __TOOLTYPE_ENV__ names", () => {
  const isDeno = typeof g.Deno === "object";
  const isBun = typeof g.Bun === "object";
  const isBrowser = typeof g.document === "object" && typeof g.window === "object";
  assert.is(isDeno, env === "deno", "Deno global");
  assert.is(isBun, env === "bun", "Bun global");
  assert.is(isBrowser, env === "chromium" || env === "chromium-csp", "document/window");
});

s("allowsEval() matches the runtime", () => {
  assert.is(allowsEval(), env !== "node-noeval" && env !== "chromium-csp");
});

s('"tooltype" is the source in node and chromium, dist/index.js in deno and bun', () => {
  const fromDist = env === "deno" || env === "bun";
  assert.is(compile === compileFromSource, !fromDist);
});

s("a guard works in this runtime, in its best mode", () => {
  const guard = compile(t.object({ name: t.string(), tags: t.array(t.string()) }));
  assert.is(guard.mode, allowsEval() ? "eval" : "interpret");
  assert.ok(guard({ name: "x", tags: ["a"] }));
  assert.not.ok(guard({ name: 1, tags: [] }));
  assert.equal(guard.errors({ name: "x", tags: ["a"] }), []);
});

let settled = "";
s("async tests are awaited", async () => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  settled = "after the timer";
});

s("the next test starts only after the async one has settled", () => {
  assert.is(settled, "after the timer");
});

s.run();
