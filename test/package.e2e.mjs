#!/usr/bin/env node
// What `npm publish` would ship (`npm pack --dry-run`): its size under a ceiling, the code once (dist/: one readable,
// unminified ESM module per source module, with its .d.ts; no second copy as src/ or as source maps), and
// tooltype/build naming the install of `typescript` when that optional peer dependency is missing (a copy of the
// package where no node_modules can be found). Prints `N passed, N failed` and exits 1 when anything failed.
// Needs dist/ built (`node esbuild.config.mjs`).
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createChecks } from "./support/checks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// The packed (gzipped) size: 600 kB at most. Shipping src/ and the source maps too took it to 734 kB (src/ about
// 310 kB, the maps 100 kB gzipped) for no gain a user can see: dist/ keeps every module apart, unminified, with
// its names, so a stack trace already points at readable code. Measured without them: about 330 kB.
const PACKED_CEILING = 600_000;
const { check, expect, finish } = createChecks();

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const [pack] = JSON.parse(
  execFileSync(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  }),
);
const shipped = new Set(pack.files.map((f) => f.path));
const kB = (n) => `${(n / 1000).toFixed(0)} kB`;

await check(
  `the package packs to ${kB(pack.size)} (${kB(pack.unpackedSize)} unpacked, ${pack.entryCount} files), under ${kB(PACKED_CEILING)}`,
  () => {
    expect(pack.size < PACKED_CEILING, `${pack.size} bytes packed`);
  },
);
await check("the code ships once: dist/ modules and their types, no src/ and no source maps", () => {
  expect(
    shipped.has("dist/index.js") && shipped.has("dist/types/index.d.ts"),
    "dist/index.js or its types are not in the package",
  );
  const second = [...shipped].filter((p) => p.startsWith("src/") || p.endsWith(".map"));
  expect(!second.length, `a second copy of the code: ${second.slice(0, 10).join(", ")}`);
});
await check("nothing but what a user needs: no test, script, demo or packed archive", () => {
  const extra = [...shipped].filter((p) => /^(test|scripts|demo|bench)\//.test(p) || p.endsWith(".tgz"));
  expect(!extra.length, extra.join(", "));
  expect(
    readFileSync(join(root, ".gitignore"), "utf8").split("\n").includes("*.tgz"),
    ".gitignore does not name *.tgz (what npm pack writes)",
  );
});
await check("the published tooltype/build modules load typescript through build/typescript.js", () => {
  const direct = [...shipped].filter(
    (p) => /^dist\/build\/[^/]+\.js$/.test(p) && /from "typescript"/.test(readFileSync(join(root, p), "utf8")),
  );
  expect(!direct.length, `import "typescript" directly: ${direct.join(", ")}`);
});
await check("tooltype/build without typescript installed: the error names `npm install -D typescript`", async () => {
  const { loadTypeScript } = await import(pathToFileURL(join(root, "dist/build/typescript.js")).href);
  const missing = Object.assign(new Error("Cannot find module 'typescript'"), { code: "MODULE_NOT_FOUND" });
  const thrown = (require) => {
    try {
      loadTypeScript(require);
    } catch (error) {
      return error;
    }
    return undefined;
  };
  const error = thrown(() => {
    throw missing;
  });
  expect(
    /npm install -D typescript@6/.test(error?.message) && error.cause === missing,
    `the error was: ${error?.message}`,
  );
  const other = new Error("typescript is broken");
  expect(
    thrown(() => {
      throw other;
    }) === other,
    "an error other than a missing package is not passed on as it is",
  );
  // The real thing: a copy of the package where no node_modules is found, imported as an app would.
  const copy = mkdtempSync(join(tmpdir(), "tooltype-no-typescript-"));
  try {
    for (const part of ["dist", "package.json"]) cpSync(join(root, part), join(copy, part), { recursive: true });
    expect(
      !existsSync(join(dirname(copy), "node_modules")),
      `a node_modules folder beside ${copy} would find typescript`,
    );
    const failure = await import(pathToFileURL(join(copy, "dist/build/index.js")).href).then(
      () => undefined,
      (e) => e,
    );
    expect(
      /^tooltype\/build reads TypeScript with the typescript package, which is not installed here\. Install it: npm install -D typescript@6 \(or, to keep TypeScript 7's tsc, npm install -D "@typescript\/native@npm:typescript@\^7" "typescript@npm:@typescript\/typescript6@\^6"\)$/.test(
        failure?.message,
      ),
      `importing tooltype/build gave: ${failure?.message ?? "no error"}`,
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
// TypeScript 7 (what `npm install -D typescript` gives) is the native compiler, without the JavaScript API
// tooltype/build reads code with. A copy of the package whose node_modules holds TypeScript 7 (the typescript7
// devDependency) as "typescript": alone, importing tooltype/build says what to install and why; with TypeScript's
// side-by-side package "@typescript/typescript6" (here TypeScript 5's API stands in for it), it transforms code.
const withTypeScripts = async (packages, body) => {
  const copy = mkdtempSync(join(tmpdir(), "tooltype-typescript-"));
  try {
    for (const part of ["dist", "package.json"]) cpSync(join(root, part), join(copy, part), { recursive: true });
    for (const [name, target] of Object.entries(packages)) {
      mkdirSync(dirname(join(copy, "node_modules", name)), { recursive: true });
      symlinkSync(join(root, "node_modules", target), join(copy, "node_modules", name), "dir");
    }
    return await body(await import(pathToFileURL(join(copy, "dist/build/index.js")).href).catch((e) => e));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
};
await check("tooltype/build with TypeScript 7 alone: the error names the version, why, and the install", () =>
  withTypeScripts({ typescript: "typescript7" }, (failure) => {
    const message = failure instanceof Error ? failure.message : "no error";
    expect(
      message.startsWith(
        "tooltype/build reads your code with TypeScript's JavaScript compiler API, which typescript 7.0.2 does not have",
      ) &&
        message.includes(
          'npm install -D "@typescript/native@npm:typescript@^7" "typescript@npm:@typescript/typescript6@^6"',
        ),
      `importing tooltype/build gave: ${message}`,
    );
  }),
);
await check(
  "tooltype/build with TypeScript 7 and @typescript/typescript6 beside it: the compat API transforms code",
  () =>
    withTypeScripts({ typescript: "typescript7", "@typescript/typescript6": "typescript" }, (build) => {
      expect(
        typeof build.createTransform === "function",
        `importing tooltype/build gave: ${build instanceof Error ? build.message : "no createTransform"}`,
      );
      const code = `import { functionToTool } from "tooltype";
/** Adds two numbers. @param a The first. @param b The second. */
export function add(a: number, b: number) { return a + b; }
export const adder = functionToTool(add);
`;
      const out = build.createTransform()(code, join(tmpdir(), "tooltype-ts7-app", "tools.ts"));
      const text = typeof out === "string" ? out : out?.code;
      expect(
        /declared/.test(text ?? "") && /The first\./.test(text ?? ""),
        `transform gave: ${String(text).slice(0, 400)}`,
      );
    }),
);
await check("both majors are devDependencies, so the checks above run against the real packages", () => {
  const { devDependencies } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  expect(
    /^5\./.test(devDependencies.typescript) && /typescript@7\./.test(devDependencies.typescript7),
    JSON.stringify(devDependencies.typescript7),
  );
});
finish();
