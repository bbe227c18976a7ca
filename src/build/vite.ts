import { BuildError } from "./build-error.js";
import { createTransform, TYPESCRIPT_FILES, type TransformOptions } from "./transform.js";

/** The part of the Vite / Rollup plugin API this plugin uses. @example const plugin: VitePlugin = vitePlugin(); */
export interface VitePlugin {
  readonly name: string;
  readonly enforce: "pre";
  transform(
    this: {
      error(error: { message: string; id?: string; loc?: { file: string; line: number; column: number } }): never;
      warn?(warning: { message: string; id?: string; loc?: { file: string; line: number; column: number } }): void;
    },
    code: string,
    id: string,
  ): { code: string; map: null } | null;
}

/**
 * The Vite (and Rollup) plugin of `tooltype/build`. It runs before Vite strips the types (`enforce: "pre"`), in
 * `vite build` and in the dev server alike.
 *
 * @example
 * // vite.config.ts
 * import { vitePlugin } from "tooltype/build";
 * export default { plugins: [vitePlugin()] };
 */
export function vitePlugin(options: TransformOptions = {}): VitePlugin {
  // Warnings go to the plugin context of the file being transformed (Vite prints them), else to the console.
  let context: { warn?(warning: { message: string; id?: string }): void } | undefined;
  const transform = createTransform({
    ...options,
    warn:
      options.warn ??
      ((warning) => {
        const { file, line, column } = warning.location;
        const message = `${file}:${line}:${column}: ${warning.text}`;
        if (context?.warn) context.warn({ message, id: file });
        else console.warn(message);
      }),
  });
  const include = options.include ?? TYPESCRIPT_FILES;
  return {
    name: "tooltype",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0]!;
      if (!include.test(file) || file.startsWith("\0")) return null;
      context = this;
      try {
        const out = transform(code, file);
        return out === undefined ? null : { code: out, map: null };
      } catch (error) {
        if (!(error instanceof BuildError)) throw error;
        const { file: at, line, column } = error.location;
        return this.error({ message: error.message, id: file, loc: { file: at, line, column: column - 1 } });
      }
    },
  };
}
