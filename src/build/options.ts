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
}
