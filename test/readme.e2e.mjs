#!/usr/bin/env node
// Every TypeScript block of README.md (and of docs/**/*.md, when there are any) as a user would take it: each block
// is written to its own module, type-checked by tsc with --strict against the published types ("tooltype" resolves
// to this package through its own "exports", so dist/ must be built), then compiled by esbuild and run in Node with
// the model APIs answered on this machine (test/support/fake-providers.mjs: shapes of the hand-written responses in
// test/fixtures/sdk/). A block fails when tsc reports an error in it, when it throws or exits non-zero, or when it
// calls an API the fake does not answer, or when it logs nothing or prints `undefined`, `NaN` or `[object Object]`.
// An info string `ts no-run` type-checks a block without running it; `ts fragment` skips it (for an illustration that is not a program). The quick start must print the model's answer.
// Prints `N passed, N failed` and exits 1 when anything failed.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { transform } from "esbuild";
import { createChecks } from "./support/checks.mjs";
import { markdownFiles, readmeBlocks } from "./support/readme-blocks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { check, expect, finish } = createChecks();

// ---- the blocks --------------------------------------------------------------------------------------------------
const named = readmeBlocks(root);
const work = join(root, ".test-build", `readme-${process.pid}`);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const checked = named.filter((b) => !b.words.includes("fragment"));
for (const b of checked) writeFileSync(join(work, `${b.name}.ts`), b.code);

const run = (command, args, options = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, ...options });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeout ?? 60_000);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });

await check(
  `README.md has TypeScript blocks, a quick start first among them, and none skipped without saying so (${named.length} blocks, ${named.filter((b) => b.words.includes("no-run")).length} no-run, ${named.length - checked.length} fragment)`,
  () => {
    expect(named.length >= 10, `only ${named.length} blocks found`);
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const quick = readme.indexOf("## Quick start");
    expect(
      quick >= 0 && readme.indexOf("```ts", quick) < readme.indexOf("## ", quick + 5),
      "a ```ts block under ## Quick start",
    );
    expect(
      readme.indexOf("npm install tooltype") >= 0 && readme.indexOf("npm install tooltype") < quick,
      "npm install tooltype before the quick start",
    );
    const unknownWords = named.flatMap((b) =>
      b.words.filter((w) => w !== "no-run" && w !== "fragment").map((w) => `${b.label}: ${w}`),
    );
    expect(!unknownWords.length, `unknown info words: ${unknownWords.join(", ")}`);
  },
);

// ---- the pages themselves: a short README, links that resolve, words that speak to users ------------------------
/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
/** Each page's prose (code fences removed), for links and words. */
const prose = new Map(
  markdownFiles(root).map((file) => [file, readFileSync(file, "utf8").replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "")]),
);
const anchorsOf = (file) =>
  new Set([...prose.get(file).matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1].replace(/`/g, ""))));

await check("README.md is under 15 kB", () => {
  const size = readFileSync(join(root, "README.md")).length;
  expect(size < 15_000, `README.md is ${size} bytes`);
});
await check("every link between README.md and docs/ resolves, anchors included", () => {
  const broken = [];
  for (const [file, text] of prose) {
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
      const [path, anchor] = target.split("#");
      const resolved = path ? join(dirname(file), path) : file;
      if (!existsSync(resolved)) broken.push(`${relative(root, file)}: ${target} (no such file)`);
      else if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor))
        broken.push(`${relative(root, file)}: ${target} (no such heading)`);
    }
  }
  expect(!broken.length, broken.join("\n"));
});
await check("README.md and docs/ speak to users (no tracker or requirement numbers)", () => {
  const internal = [...prose].flatMap(([file, text]) =>
    [...text.matchAll(/\b(?:issues? \d+|seed \d{3})(?![.\d])/gi)].map((m) => `${relative(root, file)}: "${m[0]}"`),
  );
  expect(!internal.length, internal.join("\n"));
});

// ---- type-check: tsc --strict over every block, against the package's published types -------------------------
writeFileSync(
  join(work, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: {
      strict: true,
      moduleDetection: "force",
      target: "ES2022",
      module: "ESNext",
      moduleResolution: "Bundler",
      lib: ["ES2022", "DOM"],
      types: [],
      skipLibCheck: true,
      noEmit: true,
      isolatedModules: true,
    },
    include: ["./*.ts"],
  }),
);
const tsc = await run(
  process.execPath,
  [join(root, "node_modules/typescript/bin/tsc"), "-p", join(work, "tsconfig.json"), "--pretty", "false"],
  { timeout: 180_000 },
);
const tscErrors = `${tsc.stdout}${tsc.stderr}`.split("\n").filter((l) => /error TS\d+/.test(l));
for (const b of checked) {
  await check(`${b.label}: type-checks with tsc --strict`, () => {
    const mine = tscErrors.filter((l) => l.includes(`${b.name}.ts(`));
    expect(
      !mine.length,
      mine
        .map((l) =>
          l.replace(
            /^.*?block-\d+\.ts\((\d+),(\d+)\)/,
            (_, line, col) => `line ${b.line + Number(line) - 1}, col ${col}`,
          ),
        )
        .join("\n"),
    );
  });
}
await check("tsc reports nothing outside the blocks", () => {
  const elsewhere = tscErrors.filter((l) => !/block-\d+\.ts\(/.test(l));
  expect(
    !elsewhere.length && (tsc.code === 0 || tscErrors.length),
    elsewhere.join("\n") || `tsc exited ${tsc.code}: ${tsc.stdout}${tsc.stderr}`.slice(0, 2000),
  );
});

// ---- run: each block in Node, the model APIs answered by the fake ----------------------------------------------
const preload = pathToFileURL(join(root, "test/support/fake-providers.mjs")).href;
const runnable = checked.filter((b) => !b.words.includes("no-run"));
const outcomes = new Map();
let next = 0;
await Promise.all(
  Array.from({ length: 3 }, async () => {
    while (next < runnable.length) {
      const b = runnable[next++];
      let code;
      try {
        ({ code } = await transform(b.code, {
          loader: "ts",
          format: "esm",
          target: "es2022",
          sourcefile: `${b.name}.ts`,
        }));
      } catch (error) {
        outcomes.set(b.name, { code: 1, stdout: "", stderr: `esbuild could not compile the block: ${error.message}` });
        continue;
      }
      const file = join(work, `${b.name}.mjs`);
      writeFileSync(file, code);
      const env = {
        ...process.env,
        OPENAI_API_KEY: "test-key",
        ANTHROPIC_API_KEY: "test-key",
        GEMINI_API_KEY: "test-key",
        OPENAI_AGENTS_DISABLE_TRACING: "1",
      };
      outcomes.set(b.name, await run(process.execPath, ["--import", preload, file], { env, timeout: 60_000 }));
    }
  }),
);
for (const b of runnable) {
  await check(`${b.label}: runs against the scripted provider answers`, () => {
    const r = outcomes.get(b.name);
    const fake = JSON.parse(/^##FAKE (.*)$/m.exec(r.stdout)?.[1] ?? "null");
    expect(r.code === 0, `exited ${r.code ?? r.signal}:\n${r.stderr.slice(-3000)}`);
    expect(fake, "the fake providers were not loaded");
    expect(!fake.unknown.length, `called what the fake does not answer: ${fake.unknown.join(", ")}`);
    // What it printed, not only its exit code: a block that logs prints something, and nothing a bug prints.
    const printed = r.stdout.split("\n").filter((line) => line && !line.startsWith("##FAKE "));
    expect(!/console\.log\(/.test(b.code) || printed.length, "it calls console.log but printed nothing");
    const wrong = printed.filter((line) => /^(undefined|NaN|\[object Object\])$|\[object Object\]/.test(line.trim()));
    expect(!wrong.length, `printed what only a bug prints: ${wrong.join(" | ")}`);
  });
}
await check("the quick start prints the model's answer after one tool call", () => {
  const quick = runnable.find((b) => b.code.includes("// 1. A tool"));
  expect(quick, "the quick start block");
  const r = outcomes.get(quick.name);
  expect(r.stdout.includes("It is 21 °C in Paris."), `printed: ${r.stdout}`);
  const fake = JSON.parse(/^##FAKE (.*)$/m.exec(r.stdout)?.[1] ?? "{}");
  expect(fake.answered?.length === 2, `two model requests (the call, the answer): ${JSON.stringify(fake.answered)}`);
});

if (!process.argv.includes("--keep")) rmSync(work, { recursive: true, force: true });
finish();
