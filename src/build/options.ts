import type { BuildLocation } from "./build-error.js";

/**
 * Options of the build transform and of every plugin (`esbuildPlugin(options)`, `bunPlugin`, `vitePlugin`).
 *
 * @example
 * esbuildPlugin({ tsconfig: "tsconfig.app.json", aot: false });
 */
export interface TransformOptions {
  /** The tsconfig.json to read compiler options from; by default the nearest one above the first file read. */
  readonly tsconfig?: string;
  /** Compile `compile(...)` of schemas known at build time into guard code (default true). */
  readonly aot?: boolean;
  /** Which files to read (default: .ts, .tsx, .mts, .cts outside node_modules). */
  readonly include?: RegExp;
  /**
   * Told what the build left out or could not read, with where: an optional option a model cannot send (a
   * function, a class, a symbol), a function read at run time instead. By default, a warning on the console;
   * esbuild and Vite show them as their own warnings.
   */
  readonly warn?: (warning: BuildWarning) => void;
}

/**
 * A note of the build: what it left out, and where.
 *
 * @example
 * {
 *   text: 'parameter "options" of "addDays": at .in: ...; left out',
 *   location: { file: "/app/tools.ts", line: 3, column: 1, lineText: "..." },
 * }
 */
export interface BuildWarning {
  readonly text: string;
  readonly location: BuildLocation;
}
