import ts from "typescript";
import type { TransformOptions } from "./options.js";

const DEFAULTS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
};

/**
 * One TypeScript program for a whole build, grown file by file as the bundler hands them over: each file the
 * plugin transforms becomes a root, unchanged files keep their parsed form (the previous program is reused), and
 * the text a bundler passes in wins over the file on disk. `strictNullChecks` is always on, so `T | null` and
 * optional properties read as written; nothing is emitted.
 *
 * @example
 * const programs = new Programs();
 * const { checker, source } = programs.read("/app/src/tools.ts", code);
 */
export class Programs {
  private program: ts.Program | undefined;
  private readonly roots = new Set<string>();
  private readonly texts = new Map<string, string>();
  private readonly files = new Map<string, { readonly text: string; readonly file: ts.SourceFile }>();
  private compilerOptions: ts.CompilerOptions | undefined;
  private host: ts.CompilerHost | undefined;

  constructor(private readonly options: Pick<TransformOptions, "tsconfig"> = {}) {}

  /** The checker and the parsed file, with `code` as the file's text. */
  read(
    fileName: string,
    code: string,
  ): { readonly checker: ts.TypeChecker; readonly source: ts.SourceFile; readonly program: ts.Program } {
    const file = normalize(fileName);
    this.texts.set(file, code);
    const known = this.program?.getSourceFile(file);
    // A file the program already holds (a root, or imported by one) with this very text needs no new program.
    if (!this.program || known?.text !== code) {
      this.roots.add(file);
      const options = (this.compilerOptions ??= this.configFor(file));
      this.program = ts.createProgram({
        rootNames: [...this.roots],
        options,
        host: (this.host ??= this.hostFor(options)),
        oldProgram: this.program,
      });
    }
    const source = this.program.getSourceFile(file);
    if (!source) throw new Error(`tooltype/build: TypeScript did not read ${file}`);
    return { checker: this.program.getTypeChecker(), source, program: this.program };
  }

  private configFor(file: string): ts.CompilerOptions {
    const path =
      this.options.tsconfig ?? ts.findConfigFile(file.slice(0, file.lastIndexOf("/")) || "/", ts.sys.fileExists);
    let options = DEFAULTS;
    if (path) {
      const read = ts.readConfigFile(path, ts.sys.readFile);
      if (read.error)
        throw new Error(
          `tooltype/build: cannot read ${path}: ${ts.flattenDiagnosticMessageText(read.error.messageText, "\n")}`,
        );
      const parsed = ts.parseJsonConfigFileContent(
        read.config,
        ts.sys,
        path.slice(0, path.lastIndexOf("/")),
        undefined,
        path,
      );
      options = parsed.options;
    }
    return {
      ...options,
      strictNullChecks: true,
      noEmit: true,
      skipLibCheck: true,
      declaration: false,
      emitDeclarationOnly: false,
    };
  }

  private hostFor(options: ts.CompilerOptions): ts.CompilerHost {
    const host = ts.createCompilerHost(options, true);
    const original = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, language, onError, fresh) => {
      const file = normalize(fileName);
      const text = this.texts.get(file) ?? ts.sys.readFile(file);
      if (text === undefined) return original(fileName, language, onError, fresh);
      const cached = this.files.get(file);
      if (cached && cached.text === text) return cached.file;
      const parsed = ts.createSourceFile(file, text, language, true);
      this.files.set(file, { text, file: parsed });
      return parsed;
    };
    return host;
  }
}

function normalize(file: string): string {
  return file.replaceAll("\\", "/");
}
