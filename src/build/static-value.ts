import ts from "typescript";
import * as builders from "../t/builders.js";
import { setOwn } from "../util/own.js";

/** Which identifiers of a file are tooltype's `t`: a named import, or a namespace import of an entry holding it. */
export interface TBindings {
  /** Local names bound to `t` itself (`import { t } from "tooltype"`). */
  readonly t: ReadonlySet<string>;
  /** Local names of namespace imports whose `.t` is `t` (`import * as tt from "tooltype"`). */
  readonly namespaces: ReadonlySet<string>;
}

const NOT_KNOWN = Symbol("not known at build time");
type Scope = ReadonlyMap<string, unknown>;

/**
 * The value of an expression when the build can know it: JSON literals, `t` builder calls (run here, with the real
 * builders), `t.recursive(name, (self) => ...)`, and `const` declarations of those, followed through imports
 * within the program. Undefined for anything else (a parameter, a function call, a `let`): such a `compile(...)`
 * stays as it is and compiles at run time.
 *
 * @example
 * staticValue(call.arguments[0], checker, bindingsOf);
 * // { value: <descriptor> } for compile(t.object({ q: t.string() }))
 */
export function staticValue(
  node: ts.Expression,
  checker: ts.TypeChecker,
  bindingsOf: (file: ts.SourceFile) => TBindings,
): { readonly value: unknown } | undefined {
  const value = new Evaluator(checker, bindingsOf).evaluate(node, new Map());
  return value === NOT_KNOWN ? undefined : { value };
}

/** Evaluates expressions the build can know; `seen` stops a `const` that refers to itself. */
class Evaluator {
  private readonly seen = new Set<ts.Node>();

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly bindingsOf: (file: ts.SourceFile) => TBindings,
  ) {}

  evaluate(node: ts.Expression, scope: Scope): unknown {
    if (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node) ||
      ts.isNonNullExpression(node) ||
      ts.isTypeAssertionExpression(node)
    ) {
      return this.evaluate(node.expression, scope);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isNumericLiteral(node)) return Number(node.text);
    if (ts.isPrefixUnaryExpression(node)) return this.signed(node, scope);
    if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (node.kind === ts.SyntaxKind.NullKeyword) return null;
    if (ts.isArrayLiteralExpression(node)) return this.array(node, scope);
    if (ts.isObjectLiteralExpression(node)) return this.object(node, scope);
    if (ts.isIdentifier(node)) return this.identifier(node, scope);
    if (ts.isCallExpression(node)) return this.call(node, scope);
    return NOT_KNOWN;
  }

  private signed(node: ts.PrefixUnaryExpression, scope: Scope): unknown {
    const minus = node.operator === ts.SyntaxKind.MinusToken;
    if (!minus && node.operator !== ts.SyntaxKind.PlusToken) return NOT_KNOWN;
    const operand = this.evaluate(node.operand, scope);
    if (typeof operand !== "number") return NOT_KNOWN;
    return minus ? -operand : operand;
  }

  private array(node: ts.ArrayLiteralExpression, scope: Scope): unknown {
    const out: unknown[] = [];
    for (const element of node.elements) {
      if (ts.isSpreadElement(element)) {
        const spread = this.evaluate(element.expression, scope);
        if (!Array.isArray(spread)) return NOT_KNOWN;
        out.push(...spread);
        continue;
      }
      const item = this.evaluate(element, scope);
      if (item === NOT_KNOWN) return NOT_KNOWN;
      out.push(item);
    }
    return out;
  }

  private object(node: ts.ObjectLiteralExpression, scope: Scope): unknown {
    const out: Record<string, unknown> = {};
    const set = (key: string, value: unknown) => setOwn(out, key, value);
    for (const property of node.properties) {
      if (ts.isSpreadAssignment(property)) {
        const spread = this.evaluate(property.expression, scope);
        if (typeof spread !== "object" || spread === null || Array.isArray(spread)) return NOT_KNOWN;
        for (const [k, v] of Object.entries(spread)) set(k, v);
        continue;
      }
      if (ts.isShorthandPropertyAssignment(property)) {
        const value = this.identifier(property.name, scope);
        if (value === NOT_KNOWN) return NOT_KNOWN;
        set(property.name.text, value);
        continue;
      }
      if (!ts.isPropertyAssignment(property)) return NOT_KNOWN;
      const key = property.name;
      if (!ts.isIdentifier(key) && !ts.isStringLiteral(key) && !ts.isNumericLiteral(key)) return NOT_KNOWN;
      const value = this.evaluate(property.initializer, scope);
      if (value === NOT_KNOWN) return NOT_KNOWN;
      set(key.text, value);
    }
    return out;
  }

  private identifier(node: ts.Identifier, scope: Scope): unknown {
    if (scope.has(node.text)) return scope.get(node.text);
    if (node.text === "undefined") return undefined;
    let symbol = this.checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const declaration = symbol?.valueDeclaration;
    if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return NOT_KNOWN;
    if (!(ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) || this.seen.has(declaration)) return NOT_KNOWN;
    this.seen.add(declaration);
    try {
      return this.evaluate(declaration.initializer, new Map());
    } finally {
      this.seen.delete(declaration);
    }
  }

  // A `t` builder call: `t.object({...})`, `tt.t.string()`, with arguments known here.
  private call(node: ts.CallExpression, scope: Scope): unknown {
    const builder = this.builderName(node.expression);
    if (!builder || !Object.hasOwn(builders, builder)) return NOT_KNOWN;
    const args: unknown[] = [];
    for (const arg of node.arguments) {
      const value =
        ts.isArrowFunction(arg) || ts.isFunctionExpression(arg) ? this.callback(arg, scope) : this.evaluate(arg, scope);
      if (value === NOT_KNOWN) return NOT_KNOWN;
      args.push(value);
    }
    try {
      return (builders as unknown as Record<string, (...a: unknown[]) => unknown>)[builder]!(...args);
    } catch (error) {
      if (error instanceof NotKnown) return NOT_KNOWN;
      throw error;
    }
  }

  // `(self) => t.object({ ... self ... })`, as t.recursive takes it: one parameter, one returned expression.
  private callback(fn: ts.ArrowFunction | ts.FunctionExpression, scope: Scope): unknown {
    const names = fn.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : undefined));
    if (names.some((n) => n === undefined)) return NOT_KNOWN;
    let body: ts.Expression | undefined;
    if (ts.isBlock(fn.body)) {
      const only = fn.body.statements.length === 1 ? fn.body.statements[0] : undefined;
      body = only && ts.isReturnStatement(only) ? only.expression : undefined;
    } else body = fn.body;
    if (!body) return NOT_KNOWN;
    const returned = body;
    return (...args: unknown[]) => {
      const inner = new Map(scope);
      names.forEach((n, i) => {
        inner.set(n!, args[i]);
      });
      const value = this.evaluate(returned, inner);
      if (value === NOT_KNOWN) throw new NotKnown();
      return value;
    };
  }

  private builderName(callee: ts.Expression): string | undefined {
    if (!ts.isPropertyAccessExpression(callee)) return undefined;
    const bindings = this.bindingsOf(callee.getSourceFile());
    const owner = callee.expression;
    const isT = ts.isIdentifier(owner)
      ? bindings.t.has(owner.text)
      : ts.isPropertyAccessExpression(owner) &&
        ts.isIdentifier(owner.expression) &&
        owner.name.text === "t" &&
        bindings.namespaces.has(owner.expression.text);
    return isT ? callee.name.text : undefined;
  }
}

/**
 * Thrown out of a recursive builder's callback when its body is not known at build time; `staticValue` then
 * answers "not known".
 *
 * @example
 * t.recursive("Tree", () => { throw new NotKnown() }); // staticValue(...) is undefined
 */
class NotKnown extends Error {}
