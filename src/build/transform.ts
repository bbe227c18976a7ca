import ts from "typescript";
import { BuildError } from "./build-error.js";
import { declaredOptions, located, type FunctionSite } from "./declaration.js";
import { readDoc } from "./doc.js";
import { guardSource } from "./guard-code.js";
import { chooseOverload } from "./overloads.js";
import type { BuildWarning, TransformOptions } from "./options.js";
import { Programs } from "./program.js";
import { staticValue, type TBindings } from "./static-value.js";
import { TypeCode } from "./type-code.js";

export type { TransformOptions };

/**
 * Transforms one file's code; undefined when it has nothing for tooltype.
 *
 * @example
 * const transform: Transform = createTransform(); transform("export const x = 1;", "/app/x.ts");
 * // undefined
 */
export type Transform = (code: string, file: string) => string | undefined;

/**
 * The files the plugins read by default: TypeScript (files in node_modules are always left alone).
 *
 * @example
 * TYPESCRIPT_FILES.test("src/tools.mts"); // true
 */
export const TYPESCRIPT_FILES = /\.[cm]?tsx?$/;

const T = "__tooltype_t";
// What guard code compiled here imports from "tooltype/aot" is named with this prefix, so no name of the file is
// shadowed.
const AOT_PREFIX = "__tooltype_";

// What each tooltype entry exports that the transform rewrites.
const ENTRIES: Record<string, readonly string[]> = {
  tooltype: ["functionToTool", "function_to_tool", "toolsFrom", "tool", "compile", "t"],
  "tooltype/source": ["functionToTool", "function_to_tool", "toolsFrom", "tool"],
  "tooltype/guard": ["compile"],
  "tooltype/t": ["t"],
};

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The transform behind every `tooltype/build` plugin. In a TypeScript file it finds `functionToTool(fn)`, `tool(fn)`,
 * `toolsFrom(obj)` and `@tool(...)` methods whose functions are declared in the program, reads them with the
 * TypeScript checker (types, JSDoc above or inside, defaults, return type), and passes the result in as the options
 * the runtime takes (`declared`, `name`, `description`, `returns`), so the tool is exact after minification or
 * comment stripping. `compile(schema)` of a descriptor or JSON Schema known at build time becomes guard code
 * compiled ahead of time (no `eval`). Edits stay on their lines, so line numbers do not move. A type JSON Schema
 * cannot express, or an undocumented tool, is a `BuildError` naming file, line, function, parameter and type.
 *
 * @example
 * const transform = createTransform();
 * const source = 'import { functionToTool } from "tooltype";\n/** Adds. *\/\nfunction add(a: number) { return a }\n';
 * transform(`${source}functionToTool(add);`, "/app/add.ts");
 * // '... functionToTool(add, { name: "add", description: "Adds.", declared: { parameters: [...] } });'
 */
export function createTransform(options: TransformOptions = {}): Transform {
  const programs = new Programs(options);
  const include = options.include ?? TYPESCRIPT_FILES;
  return (code, file) => {
    if (!include.test(file) || /[\\/]node_modules[\\/]/.test(file) || !code.includes("tooltype")) return undefined;
    const { checker, source } = programs.read(file, code);
    return new FileTransform(checker, source, options.aot !== false, options.warn ?? printWarning).run();
  };
}

class FileTransform {
  private readonly edits: Edit[] = [];
  private readonly imported = new Map<string, string>(); // local name → exported name
  private readonly namespaces = new Set<string>();
  private readonly bindingsCache = new Map<ts.SourceFile, TBindings>();
  private usesT = false;
  private readonly aotImports = new Set<string>();

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly source: ts.SourceFile,
    private readonly aot: boolean,
    private readonly warn: (warning: BuildWarning) => void,
  ) {
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const exported = ENTRIES[statement.moduleSpecifier.text];
      const bindings = statement.importClause?.namedBindings;
      if (!exported || !bindings || statement.importClause?.isTypeOnly) continue;
      if (ts.isNamespaceImport(bindings)) this.namespaces.add(bindings.name.text);
      else {
        for (const element of bindings.elements) {
          const name = (element.propertyName ?? element.name).text;
          if (!element.isTypeOnly && exported.includes(name)) this.imported.set(element.name.text, name);
        }
      }
    }
  }

  run(): string | undefined {
    if (!this.imported.size && !this.namespaces.size) return undefined;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) this.call(node);
      else if (
        ts.isDecorator(node) &&
        ts.isCallExpression(node.expression) &&
        this.exportedName(node.expression.expression) === "tool"
      ) {
        this.decorator(node, node.expression);
        node.expression.arguments.forEach(visit);
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(this.source);
    if (!this.edits.length) return undefined;
    let out = this.source.text;
    for (const edit of [...this.edits].sort((a, b) => b.start - a.start))
      out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    const imports = [
      this.usesT && `import { t as ${T} } from "tooltype/t";`,
      this.aotImports.size > 0 &&
        `import { ${[...this.aotImports].map((name) => `${name} as ${AOT_PREFIX}${name}`).join(", ")} } from "tooltype/aot";`,
    ]
      .filter(Boolean)
      .join(" ");
    if (!imports) return out;
    // On the first line, so that no line number below moves (a shebang stays first).
    const at = out.startsWith("#!") ? out.indexOf("\n") + 1 : 0;
    return `${out.slice(0, at)}${imports} ${out.slice(at)}`;
  }

  // The tooltype export a callee names: `functionToTool`, `tt.functionToTool`.
  private exportedName(callee: ts.Expression): string | undefined {
    if (ts.isIdentifier(callee)) return this.imported.get(callee.text);
    if (
      ts.isPropertyAccessExpression(callee) &&
      ts.isIdentifier(callee.expression) &&
      this.namespaces.has(callee.expression.text)
    )
      return callee.name.text;
    return undefined;
  }

  private call(node: ts.CallExpression): void {
    const name = this.exportedName(node.expression);
    if (
      name === "functionToTool" ||
      name === "function_to_tool" ||
      (name === "tool" && node.arguments[0] && this.siteOf(node.arguments[0]))
    )
      this.functionToTool(node);
    else if (name === "toolsFrom") this.toolsFrom(node);
    else if (name === "compile" && this.aot) this.compile(node);
  }

  private functionToTool(node: ts.CallExpression): void {
    const [fn, given, ...more] = node.arguments;
    if (!fn || more.length) return;
    const site = this.siteOf(fn);
    if (!site) {
      this.unread(fn);
      return;
    }
    const options = this.siteOptions(site, given);
    if (options !== undefined) this.passOptions(given, options, { at: fn.getEnd(), separator: ", " });
  }

  private toolsFrom(node: ts.CallExpression): void {
    const [object, given, ...more] = node.arguments;
    if (!object || more.length) return;
    const type = this.checker.getTypeAtLocation(object);
    const methods: string[] = [];
    for (const property of this.checker.getPropertiesOfType(type)) {
      const key = property.name;
      if (key === "constructor" || key.startsWith("_") || key === "prototype") continue;
      const site = this.siteOfSymbol(property, key);
      if (!site || !readDoc(site.declaration, site.fn, site.fn.getSourceFile()).description) continue;
      methods.push(`${JSON.stringify(key)}: ${this.options(site, {})}`);
    }
    if (!methods.length) return;
    this.passOptions(given, `{ methods: { ${methods.join(", ")} } }`, { at: object.getEnd(), separator: ", " });
  }

  private decorator(decorator: ts.Decorator, call: ts.CallExpression): void {
    const method = decorator.parent;
    if (!ts.isMethodDeclaration(method) || !method.body || call.arguments.length > 1) return;
    const given = call.arguments[0];
    const name = ts.isIdentifier(method.name) || ts.isStringLiteral(method.name) ? method.name.text : undefined;
    const options = this.siteOptions({ fn: method, declaration: method, name }, given);
    if (options !== undefined) this.passOptions(given, options, { at: call.arguments.pos, separator: "" });
  }

  // The options read for a function or method, given the caller's own (undefined where the caller passed `declared`).
  private siteOptions(site: FunctionSite, given: ts.Expression | undefined): string | undefined {
    const user = given && ts.isObjectLiteralExpression(given) ? given : undefined;
    if (user && hasKey(user, "declared")) return undefined;
    this.requireDoc(site, user, given !== undefined);
    return this.options(site, { context: user ? isTrue(user, "context") : false });
  }

  private compile(node: ts.CallExpression): void {
    const [schema, given, ...more] = node.arguments;
    if (!schema || more.length) return;
    // Only options that change nothing once the code is written: `{ jit }`, `{ eval: true | "auto" }`.
    if (given && !(ts.isObjectLiteralExpression(given) && given.properties.every((p) => isIgnorableCompileOption(p))))
      return;
    const bindingsOf = (file: ts.SourceFile) => this.bindingsOf(file);
    let code: ReturnType<typeof guardSource>;
    try {
      const known = staticValue(schema, this.checker, bindingsOf);
      if (!known || typeof known.value !== "object" || known.value === null) return;
      code = guardSource(known.value, (name) => `${AOT_PREFIX}${name}`);
    } catch (error) {
      if (error instanceof BuildError) throw error;
      throw located(
        schema,
        `tooltype/build: compile(...) of a schema known at build time: ${(error as Error).message}`,
      );
    }
    for (const name of code.imports) this.aotImports.add(name);
    // On one line, so that no line number below moves.
    this.edits.push({
      start: node.getStart(this.source),
      end: node.getEnd(),
      text: code.call(JSON.stringify(code.schema)).replaceAll("\n", " "),
    });
  }

  // A function declared in this program that the build cannot read is said, never skipped without a word.
  private unread(fn: ts.Expression): void {
    if (!ts.isIdentifier(fn) && !ts.isPropertyAccessExpression(fn)) return;
    let symbol = this.checker.getSymbolAtLocation(fn);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
    if (!declaration || declaration.getSourceFile().isDeclarationFile) return;
    const where = located(fn, "").location;
    this.warn({
      text: `tooltype/build: "${fn.getText(this.source)}" is not a function written here (a function, a const of one, or a method) that the build can read; functionToTool reads it at run time from its source text, which minifiers and Bun strip`,
      location: where,
    });
  }

  // Options as code, with recursive types declared first (inside an arrow, so nothing leaks into the file's scope).
  private options(site: FunctionSite, given: { readonly context?: boolean }): string {
    const writer = new TypeCode(this.checker, T);
    const options = declaredOptions(site, this.checker, writer, given);
    const location = located(site.fn, "").location;
    for (const note of writer.notes) this.warn({ text: `tooltype/build: ${note}`, location });
    this.usesT = true;
    return writer.hoisted.length ? `(() => { ${writer.hoisted.join(" ")} return ${options}; })()` : options;
  }

  // The read options, with the caller's spread over them (theirs win; their text stays where it is), or, where the
  // caller gave none, inserted `at` (after `separator`).
  private passOptions(
    given: ts.Expression | undefined,
    options: string,
    where: { readonly at: number; readonly separator: string },
  ): void {
    if (!given) {
      this.edits.push({ start: where.at, end: where.at, text: `${where.separator}${options}` });
      return;
    }
    this.edits.push({
      start: given.getStart(this.source),
      end: given.getStart(this.source),
      text: `{ ...${options}, ...(`,
    });
    this.edits.push({ start: given.getEnd(), end: given.getEnd(), text: ") }" });
  }

  private requireDoc(site: FunctionSite, user: ts.ObjectLiteralExpression | undefined, given: boolean): void {
    if (given && (!user || hasKey(user, "description"))) return;
    if (readDoc(site.declaration, site.fn, site.fn.getSourceFile()).description) return;
    const label = site.name ? `"${site.name}"` : "an anonymous function";
    throw located(
      site.declaration,
      `tooltype/build: ${label} has no documentation; models choose tools by it. Write a JSDoc comment above it (or a docstring inside), or pass { description }`,
    );
  }

  // The declared function an argument names: an inline function, or a function, const or method declared in the
  // program.
  private siteOf(node: ts.Expression): FunctionSite | undefined {
    while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
      node = node.expression;
    if (ts.isFunctionExpression(node) || ts.isArrowFunction(node)) {
      return { fn: node, declaration: node, name: ts.isFunctionExpression(node) ? node.name?.text : undefined };
    }
    if (!ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) return undefined;
    let symbol = this.checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return symbol ? this.siteOfSymbol(symbol, symbol.name) : undefined;
  }

  private siteOfSymbol(symbol: ts.Symbol, name: string): FunctionSite | undefined {
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!declaration || declaration.getSourceFile().isDeclarationFile) return undefined;
    const overload = chooseOverload(symbol.declarations ?? [], this.checker, name);
    if (overload) return { ...overload, name };
    if ((ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration)) && declaration.body)
      return { fn: declaration, declaration, name };
    const initializer =
      ts.isVariableDeclaration(declaration) ||
      ts.isPropertyAssignment(declaration) ||
      ts.isPropertyDeclaration(declaration)
        ? declaration.initializer
        : undefined;
    if (initializer && (ts.isFunctionExpression(initializer) || ts.isArrowFunction(initializer)))
      return { fn: initializer, declaration, name };
    return undefined;
  }

  private bindingsOf(file: ts.SourceFile): TBindings {
    let bindings = this.bindingsCache.get(file);
    if (!bindings) {
      const t = new Set<string>();
      const namespaces = new Set<string>();
      for (const statement of file.statements) {
        if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
        if (!ENTRIES[statement.moduleSpecifier.text]?.includes("t")) continue;
        const named = statement.importClause?.namedBindings;
        if (!named) continue;
        if (ts.isNamespaceImport(named)) namespaces.add(named.name.text);
        else
          for (const element of named.elements)
            if ((element.propertyName ?? element.name).text === "t") t.add(element.name.text);
      }
      bindings = { t, namespaces };
      this.bindingsCache.set(file, bindings);
    }
    return bindings;
  }
}

// The default of `warn`: the warning on the console, where it was found first.
function printWarning(warning: BuildWarning): void {
  const { file, line, column } = warning.location;
  console.warn(`${file}:${line}:${column}: warning: ${warning.text}`);
}

function hasKey(object: ts.ObjectLiteralExpression, key: string): boolean {
  return object.properties.some(
    (p) =>
      ts.isSpreadAssignment(p) ||
      (p.name !== undefined && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === key),
  );
}

function isTrue(object: ts.ObjectLiteralExpression, key: string): boolean {
  return object.properties.some(
    (p) =>
      ts.isPropertyAssignment(p) &&
      ts.isIdentifier(p.name) &&
      p.name.text === key &&
      p.initializer.kind === ts.SyntaxKind.TrueKeyword,
  );
}

function isIgnorableCompileOption(property: ts.ObjectLiteralElementLike): boolean {
  const name =
    property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
      ? property.name.text
      : undefined;
  if (name === "jit") return ts.isShorthandPropertyAssignment(property) || ts.isPropertyAssignment(property);
  if (name === "eval" && ts.isPropertyAssignment(property))
    return (
      property.initializer.kind === ts.SyntaxKind.TrueKeyword ||
      (ts.isStringLiteral(property.initializer) && property.initializer.text === "auto")
    );
  return false;
}
