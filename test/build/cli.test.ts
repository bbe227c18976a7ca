// The `tooltype` command (Node only): definitions of a module's tools as JSON, and clear errors.
import { suite } from "uvu";
import * as assert from "uvu/assert";

const inNode = String((globalThis as { __TOOLTYPE_ENV__?: string }).__TOOLTYPE_ENV__).startsWith("node");
const cli = suite("tooltype CLI (Node only)");
/** Each test runs a Node process: elsewhere it is reported skipped, not counted as passed. */
const nodeOnly = inNode ? cli : cli.skip;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function run(...args: string[]): Promise<Ran> {
  const { spawnSync } = await import(["node", "child_process"].join(":"));
  const result = spawnSync(process.execPath, ["dist/cli.js", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

nodeOnly("prints OpenAI definitions of exported documented functions and tools", async () => {
  const { code, stdout, stderr } = await run("test/fixtures/cli/tools.mjs");
  assert.is(code, 0, stderr);
  const tools = JSON.parse(stdout) as { function: { name: string; parameters: object } }[];
  assert.equal(
    tools.map((x) => x.function.name),
    ["add", "get_weather"],
  ); // a module namespace lists exports by name
  assert.equal(tools.find((x) => x.function.name === "get_weather")!.function.parameters, {
    type: "object",
    properties: {
      location: { type: "string", description: "Parameter location of type string" },
      unit: {
        type: "string",
        enum: ["celsius", "fahrenheit"],
        description: 'Parameter unit of type "celsius" | "fahrenheit"',
      },
    },
    required: ["location"],
  });
});

nodeOnly("--provider picks the format; --out writes a file", async () => {
  const mcp = await run("test/fixtures/cli/tools.mjs", "--provider", "mcp");
  assert.equal(
    (JSON.parse(mcp.stdout) as { name: string; inputSchema: object }[]).map((x) => Object.keys(x)),
    [
      ["name", "description", "inputSchema"],
      ["name", "description", "inputSchema"],
    ],
  );
  const strict = await run("test/fixtures/cli/tools.mjs", "-p", "openai-strict");
  assert.ok((JSON.parse(strict.stdout) as { function: { strict: boolean } }[]).every((x) => x.function.strict));
  const { mkdtempSync, readFileSync } = await import(["node", "fs"].join(":"));
  const { tmpdir } = await import(["node", "os"].join(":"));
  const out = `${mkdtempSync(`${tmpdir()}/tooltype-cli-`)}/tools.json`;
  const written = await run("test/fixtures/cli/tools.mjs", "--provider", "anthropic", "--out", out);
  assert.is(written.code, 0);
  assert.is(written.stdout, "");
  assert.equal(
    (JSON.parse(readFileSync(out, "utf8")) as { name: string }[]).map((x) => x.name),
    ["add", "get_weather"],
  );
});

nodeOnly("clear errors: a missing file, a module that throws, undocumented functions, bad options", async () => {
  const missing = await run("test/fixtures/cli/nope.mjs");
  assert.is(missing.code, 1);
  assert.match(missing.stderr, /^tooltype: cannot find test\/fixtures\/cli\/nope\.mjs/);
  const throws = await run("test/fixtures/cli/throws.mjs");
  assert.is(throws.code, 1);
  assert.match(throws.stderr, /throws\.mjs threw while loading: Error: missing API key/);
  const undocumented = await run("test/fixtures/cli/undocumented.mjs");
  assert.is(undocumented.code, 1);
  assert.match(
    undocumented.stderr,
    /cannot be made into tools:\n {2}- helper: functionToTool: "helper" has no documentation/,
  );
  const provider = await run("test/fixtures/cli/tools.mjs", "--provider", "palm");
  assert.is(provider.code, 2);
  assert.match(provider.stderr, /unknown provider "palm"/);
  const usage = await run();
  assert.is(usage.code, 2);
  assert.match(usage.stderr, /usage: tooltype FILE/);
  const help = await run("--help");
  assert.is(help.code, 0);
  assert.match(help.stdout, /^usage: tooltype FILE/);
  for (const option of ["--provider", "--out", "--version", "--help"])
    assert.ok(help.stdout.includes(option), `--help lists ${option}`);
  assert.is(help.stderr, "");
  const duplicate = await run("test/fixtures/cli/duplicate.mjs");
  assert.is(duplicate.code, 1);
  assert.match(duplicate.stderr, /two different exported tools are named "add"/);
});

nodeOnly(
  "both commands read their words alike: a missing value, an unknown option, a second operand, the first wrong word",
  async () => {
    const expectations: [string[], RegExp][] = [
      [["test/fixtures/cli/tools.mjs", "--out"], /^tooltype: --out needs a value\n\nusage: tooltype FILE/],
      [["compile", "schema.json", "--from"], /^tooltype: --from needs a value\n\nusage: tooltype FILE/],
      [["test/fixtures/cli/tools.mjs", "--from", "x"], /^tooltype: unknown option --from\n/],
      [["compile", "--version"], /^tooltype: unknown option --version\n/],
      [
        ["test/fixtures/cli/tools.mjs", "other.mjs"],
        /^tooltype: one FILE at a time \(got test\/fixtures\/cli\/tools\.mjs and other\.mjs\)\n$/,
      ],
      [["compile", "a.json", "b.json"], /^tooltype: one SCHEMA at a time \(got a\.json and b\.json\)\n$/],
      [["test/fixtures/cli/tools.mjs", "-p", "palm", "--bogus"], /^tooltype: unknown provider "palm"/],
      [["compile"], /^tooltype: compile needs a JSON Schema file\n/],
    ];
    for (const [args, stderr] of expectations) {
      const ran = await run(...args);
      assert.is(ran.code, 2, args.join(" "));
      assert.match(ran.stderr, stderr, args.join(" "));
      assert.is(ran.stdout, "");
    }
    assert.match((await run("compile", "-h")).stdout, /^usage: tooltype FILE/);
  },
);

nodeOnly("--version prints the package's version", async () => {
  const { readFileSync } = await import(["node", "fs"].join(":"));
  const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
  for (const flag of ["--version", "-v"]) {
    const ran = await run(flag);
    assert.is(ran.code, 0);
    assert.is(ran.stdout, `${version}\n`);
    assert.is(ran.stderr, "");
  }
});

nodeOnly("one tool object exported itself, in a registry and in a list is one tool", async () => {
  const { code, stdout, stderr } = await run("test/fixtures/cli/registry.mjs");
  assert.is(code, 0, stderr);
  assert.equal(
    (JSON.parse(stdout) as { function: { name: string } }[]).map((x) => x.function.name),
    ["add", "negate"],
  );
});

nodeOnly("tools and registries of the lean entries, which have no format methods, are read too", async () => {
  const { code, stdout, stderr } = await run("test/fixtures/cli/lean.mjs", "--provider", "anthropic");
  assert.is(code, 0, stderr);
  assert.equal(
    (JSON.parse(stdout) as { name: string }[]).map((x) => x.name),
    ["add", "negate"],
  );
});

cli.run();
