import ts from "typescript";
import { createTransform, TYPESCRIPT_FILES, type TransformOptions } from "./transform.js";

/**
 * The part of Bun's plugin API this plugin uses (`Bun.plugin` at run time, `Bun.build({ plugins })`).
 *
 * @example
 * const plugin: BunPlugin = bunPlugin();
 */
export interface BunPlugin {
  readonly name: string;
  setup(build: {
    onLoad(
      options: { filter: RegExp },
      callback: (args: { path: string }) => { contents: string; loader: "ts" | "tsx" },
    ): void;
  }): void;
}

/**
 * The Bun plugin of `tooltype/build`, for `Bun.build({ plugins: [bunPlugin()] })` and, at run time, for
 * `Bun.plugin(...)` (what `tooltype/build/bun-preload` does from `bunfig.toml`). Bun strips comments and docstrings
 * from function source text, so without it documented functions cannot be read in Bun at all.
 *
 * @example
 * import { bunPlugin } from "tooltype/build";
 * await Bun.build({ entrypoints: ["src/app.ts"], outdir: "dist", minify: true, plugins: [bunPlugin()] });
 */
export function bunPlugin(options: TransformOptions = {}): BunPlugin {
  return {
    name: "tooltype",
    setup(build) {
      const transform = createTransform(options);
      build.onLoad({ filter: options.include ?? TYPESCRIPT_FILES }, (args) => {
        const code = ts.sys.readFile(args.path) ?? "";
        const loader = args.path.endsWith("x") ? "tsx" : "ts";
        // Bun has no "not mine" answer from onLoad: a file without tools (or in node_modules) comes back as it is.
        return { contents: transform(code, args.path) ?? code, loader };
      });
    },
  };
}
