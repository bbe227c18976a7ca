/**
 * Where in a source file something was found (1-based line and column).
 *
 * @example
 * { file: "/app/tools.ts", line: 12, column: 3, lineText: "export function add(a: number, b: number) {" }
 */
export interface BuildLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The text of that line, for bundlers that print it under the message. */
  readonly lineText: string;
}

/**
 * A build error of `tooltype/build`: a function it cannot turn into a tool exactly, a type JSON Schema cannot
 * express, a schema `compile` refuses. The message starts with `file:line:column`, names the function, the
 * parameter and the type, and says what to do; the plugins hand `location` to esbuild, Vite and Bun.
 *
 * @example
 * try { transform(code, "src/tools.ts") } catch (e) { if (e instanceof BuildError) console.error(e.location.line) }
 */
export class BuildError extends Error {
  override readonly name = "BuildError";
  constructor(
    readonly text: string,
    readonly location: BuildLocation,
  ) {
    super(`${location.file}:${location.line}:${location.column}: ${text}`);
  }
}
