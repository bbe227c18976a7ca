import ts from "typescript";
import { BuildError } from "./build-error.js";
import { createTransform, TYPESCRIPT_FILES, type TransformOptions } from "./transform.js";

/**
 * The part of esbuild's plugin API this plugin uses (structural, so esbuild's types are not required).
 *
 * @example
 * const plugin: EsbuildPlugin = esbuildPlugin();
 */
export interface EsbuildPlugin {
  readonly name: string;
  setup(build: {
    onLoad(
      options: { filter: RegExp },
      callback: (args: { path: string }) => Promise<EsbuildLoadResult | undefined> | EsbuildLoadResult | undefined,
    ): void;
  }): void;
}

/** What the plugin's `onLoad` returns to esbuild. @example { contents: transformedCode, loader: "ts" } */
export interface EsbuildLoadResult {
  contents?: string;
  loader?: "ts" | "tsx";
  errors?: { text: string; location: { file: string; line: number; column: number; lineText: string } }[];
  warnings?: { text: string; location: { file: string; line: number; column: number; lineText: string } }[];
}

/**
 * The esbuild plugin of `tooltype/build`: TypeScript tools read at build time, guards compiled ahead of time (see
 * `createTransform`). Errors are esbuild errors with file, line and column.
 *
 * @example
 * import { build } from "esbuild";
 * import { esbuildPlugin } from "tooltype/build";
 * await build({
 *   entryPoints: ["src/app.ts"],
 *   bundle: true,
 *   minify: true,
 *   outfile: "dist/app.js",
 *   plugins: [esbuildPlugin()],
 * });
 */
export function esbuildPlugin(options: TransformOptions = {}): EsbuildPlugin {
  return {
    name: "tooltype",
    setup(build) {
      // Warnings of the file being loaded, handed to esbuild with it (or to `options.warn`).
      let warnings: NonNullable<EsbuildLoadResult["warnings"]> = [];
      const transform = createTransform({
        ...options,
        warn:
          options.warn ??
          (({ text, location }) => warnings.push({ text, location: { ...location, column: location.column - 1 } })),
      });
      build.onLoad({ filter: options.include ?? TYPESCRIPT_FILES }, (args) => {
        if (/[\\/]node_modules[\\/]/.test(args.path)) return undefined;
        const code = ts.sys.readFile(args.path);
        if (code === undefined) return undefined;
        warnings = [];
        try {
          const out = transform(code, args.path);
          if (out === undefined && !warnings.length) return undefined;
          return {
            contents: out ?? code,
            loader: args.path.endsWith("x") ? "tsx" : "ts",
            ...(warnings.length && { warnings }),
          };
        } catch (error) {
          if (!(error instanceof BuildError)) throw error;
          const { file, line, column, lineText } = error.location;
          return { errors: [{ text: error.text, location: { file, line, column: column - 1, lineText } }] };
        }
      });
    },
  };
}
