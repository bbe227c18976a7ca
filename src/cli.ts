// `npx tooltype FILE [--provider P] [--out F]`: prints the tool definitions of a module's exported tools and
// documented functions as JSON, for teams that register tools from a build step or from another language.
import { Tool, type AnyTool } from "./tools/tool.js";
import { functionToTool } from "./source/function-to-tool.js";
import { ToolRegistry } from "./tools/registry.js";
import {
  toAnthropicFormat,
  toGeminiFormat,
  toMCPFormat,
  toOpenAIFormat,
  toResponsesFormat,
} from "./tools/named-rules.js"; // the root's: each format's strict rules given, as a tool's own strict asks
import { guardModule } from "./build/guard-code.js";

// The parts of Node used here (the package has no @types/node; the CLI runs only in Node).
declare const process: {
  argv: string[];
  exitCode?: number;
  stdout: { write(text: string): void };
  stderr: { write(text: string): void };
};
interface NodeModules {
  fs: {
    existsSync(path: string): boolean;
    writeFileSync(path: string, text: string): void;
    readFileSync(path: string | URL, encoding: "utf8"): string;
  };
  path: { resolve(path: string): string };
  url: { pathToFileURL(path: string): { href: string } };
}
const node = <K extends keyof NodeModules>(name: K): Promise<NodeModules[K]> => import(`node:${name}`);

const PROVIDERS = ["openai", "openai-strict", "responses", "anthropic", "gemini", "mcp"] as const;
type CliProvider = (typeof PROVIDERS)[number];

const USAGE = `usage: tooltype FILE [--provider ${PROVIDERS.join("|")}] [--out FILE]
       tooltype compile SCHEMA.json [--out GUARD.js] [--from MODULE]

Imports the JavaScript module FILE and prints the definitions of its exported tools (made with tool(),
functionToTool() or toolsFrom(), or a ToolRegistry) and of its exported documented functions, as JSON.

options:
  -p, --provider P   the format to print (default openai): ${PROVIDERS.join(", ")}
  -o, --out FILE     write the JSON to FILE instead of standard output
  -v, --version      print tooltype's version
  -h, --help         print this help

compile: writes a guard module for the JSON Schema in SCHEMA.json, compiled ahead of time: no eval or
Function at run time, so it runs at generated-code speed under a CSP without 'unsafe-eval' and in Workers.
Its default export is the guard; it imports "tooltype/aot" (--from names another specifier).`;

/** Asked for the version: not a failure, printed to standard output. */
class VersionRequest extends Error {}

/** What the command line asked for. */
interface Options {
  readonly file: string;
  readonly provider: CliProvider;
  readonly out: string | undefined;
}

/** A failure the user can fix: printed without a stack, exit code 1 (2 for usage). */
class CliError extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

/** The options one command takes besides -h/--help; each is a long and maybe a short spelling followed by a value. */
interface CommandSyntax<Name extends string> {
  /** What its one operand is called in messages: FILE, SCHEMA. */
  readonly operand: string;
  readonly options: Readonly<
    Record<Name, { readonly spellings: readonly string[]; readonly check?: (value: string) => void }>
  >;
  /** Whether -v/--version asks for tooltype's version. */
  readonly version?: boolean;
}

/**
 * Reads a command's words in order, so the first wrong one is the one reported: its operand and the last value of each
 * option.
 */
function readCommand<Name extends string>(
  argv: readonly string[],
  syntax: CommandSyntax<Name>,
): { operand: string | undefined; values: Partial<Record<Name, string>> } {
  let operand: string | undefined;
  const values: Partial<Record<Name, string>> = {};
  const options = Object.entries(syntax.options) as [Name, CommandSyntax<Name>["options"][Name]][];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const option = options.find(([, { spellings }]) => spellings.includes(arg));
    if (arg === "--help" || arg === "-h") throw new CliError(USAGE, 0);
    else if (syntax.version && (arg === "--version" || arg === "-v")) throw new VersionRequest();
    else if (option) {
      const [name, { check }] = option;
      const value = argv[++i];
      if (value === undefined) throw new CliError(`${arg} needs a value\n\n${USAGE}`, 2);
      check?.(value);
      values[name] = value;
    } else if (arg.startsWith("-")) throw new CliError(`unknown option ${arg}\n\n${USAGE}`, 2);
    else if (operand === undefined) operand = arg;
    else throw new CliError(`one ${syntax.operand} at a time (got ${operand} and ${arg})`, 2);
  }
  return { operand, values };
}

function checkProvider(value: string): void {
  if (!(PROVIDERS as readonly string[]).includes(value))
    throw new CliError(`unknown provider "${value}"; use one of ${PROVIDERS.join(", ")}`, 2);
}

function parseArgs(argv: readonly string[]): Options {
  const { operand: file, values } = readCommand(argv, {
    operand: "FILE",
    version: true,
    options: {
      provider: { spellings: ["--provider", "-p"], check: checkProvider },
      out: { spellings: ["--out", "-o"] },
    },
  });
  if (file === undefined) throw new CliError(USAGE, 2);
  return { file, provider: (values.provider as CliProvider | undefined) ?? "openai", out: values.out };
}

// Tools may come from another copy of tooltype (the module's own dependency), lean or the root entry's, so they
// are recognised by shape: what the format functions read, and execute.
function isTool(value: unknown): value is AnyTool {
  if (value instanceof Tool) return true;
  if (typeof value !== "object" || value === null) return false;
  const tool = value as Partial<Record<keyof AnyTool, unknown>>;
  return (
    typeof tool.name === "string" &&
    typeof tool.description === "string" &&
    typeof tool.parameters === "object" &&
    tool.parameters !== null &&
    typeof tool.execute === "function"
  );
}

function isClass(fn: Function): boolean {
  return /^class\b/.test(Function.prototype.toString.call(fn));
}

/**
 * The tools a module exports: tools, lists of tools, registries, and documented functions (undocumented ones are an
 * error).
 */
function toolsOf(exports: Record<string, unknown>): AnyTool[] {
  const tools: AnyTool[] = [];
  const undocumented: string[] = [];
  for (const [exportName, value] of Object.entries(exports)) {
    if (isTool(value)) tools.push(value);
    else if (
      value instanceof ToolRegistry ||
      (typeof value === "object" && value !== null && typeof (value as ToolRegistry).listTools === "function")
    )
      tools.push(...(value as ToolRegistry).listTools());
    else if (Array.isArray(value) && value.length && value.every(isTool)) tools.push(...value);
    else if (typeof value === "function" && !isClass(value)) {
      try {
        tools.push(
          functionToTool(value as () => unknown, exportName === "default" || value.name ? {} : { name: exportName }),
        );
      } catch (error) {
        undocumented.push(`${exportName}: ${(error as Error).message}`);
      }
    }
  }
  if (undocumented.length) {
    throw new CliError(
      `these exports cannot be made into tools:\n${undocumented.map((u) => `  - ${u}`).join("\n")}\nDocument them (a docstring or a comment opening the body), or do not export them from this module.`,
    );
  }
  // One tool object reached twice (exported itself and inside an exported registry or list) is one tool;
  // two different tools with one name are an error.
  const unique = [...new Set(tools)];
  const seen = new Set<string>();
  for (const t of unique) {
    if (seen.has(t.name)) throw new CliError(`two different exported tools are named "${t.name}"`);
    seen.add(t.name);
  }
  if (!unique.length) throw new CliError("the module exports no tools and no functions");
  return unique;
}

function definition(tool: AnyTool, provider: CliProvider): unknown {
  const quiet = {
    onIssue: (w: { path: string; message: string }) =>
      process.stderr.write(`warning: ${tool.name}${w.path ? ` at ${w.path}` : ""}: ${w.message}\n`),
  };
  switch (provider) {
    case "openai":
      return toOpenAIFormat(tool, quiet);
    case "openai-strict":
      return toOpenAIFormat(tool, { ...quiet, strict: true });
    case "responses":
      return toResponsesFormat(tool, quiet);
    case "anthropic":
      return toAnthropicFormat(tool, quiet);
    case "gemini":
      return toGeminiFormat(tool, quiet);
    case "mcp":
      return toMCPFormat(tool, quiet);
  }
}

/** `tooltype compile SCHEMA.json [--out GUARD.js] [--from MODULE]`: a guard module compiled ahead of time. */
async function compileCommand(argv: readonly string[]): Promise<number> {
  const { existsSync, readFileSync, writeFileSync } = await node("fs");
  const { resolve } = await node("path");
  const {
    operand: file,
    values: { out, from },
  } = readCommand(argv, {
    operand: "SCHEMA",
    options: { out: { spellings: ["--out", "-o"] }, from: { spellings: ["--from"] } },
  });
  if (file === undefined) throw new CliError(`compile needs a JSON Schema file\n\n${USAGE}`, 2);
  const path = resolve(file);
  if (!existsSync(path)) throw new CliError(`cannot find ${file} (looked at ${path})`);
  let schema: unknown;
  try {
    schema = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new CliError(`${file} is not JSON: ${(error as Error).message}`);
  }
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    throw new CliError(`${file} holds no JSON Schema object`);
  let code: string;
  try {
    code = guardModule(schema, from === undefined ? {} : { from });
  } catch (error) {
    throw new CliError(`${file}: ${(error as Error).message}`);
  }
  if (out) writeFileSync(out, code);
  else process.stdout.write(code);
  return 0;
}

/** Runs the command line; resolves to the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const { existsSync, writeFileSync, readFileSync } = await node("fs");
  const { resolve } = await node("path");
  const { pathToFileURL } = await node("url");
  try {
    if (argv[0] === "compile") return await compileCommand(argv.slice(1));
    const options = parseArgs(argv);
    const path = resolve(options.file);
    if (!existsSync(path)) throw new CliError(`cannot find ${options.file} (looked at ${path})`);
    let exports: Record<string, unknown>;
    try {
      exports = await import(pathToFileURL(path).href);
    } catch (error) {
      throw new CliError(
        `${options.file} threw while loading: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      );
    }
    const json =
      JSON.stringify(
        toolsOf(exports).map((t) => definition(t, options.provider)),
        null,
        2,
      ) + "\n";
    if (options.out) writeFileSync(options.out, json);
    else process.stdout.write(json);
    return 0;
  } catch (error) {
    if (error instanceof VersionRequest) {
      // dist/cli.js sits beside the package's package.json, one folder up.
      process.stdout.write(
        `${(JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version}\n`,
      );
      return 0;
    }
    if (error instanceof CliError) {
      (error.code === 0 ? process.stdout : process.stderr).write(
        `${error.code === 0 ? "" : "tooltype: "}${error.message}\n`,
      );
      return error.code;
    }
    process.stderr.write(`tooltype: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
