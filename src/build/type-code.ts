import ts from "typescript";
import { propertyDescription } from "./doc.js";

/**
 * A type that JSON Schema cannot express: where inside the parameter's type, what it is, and why.
 *
 * @example
 * new UnwritableType(".counts", "Map<string, number>", "is a Map, which JSON cannot carry").message;
 * // 'at .counts: the type Map<string, number> is a Map, which JSON cannot carry'
 */
export class UnwritableType extends Error {
  constructor(
    readonly at: string,
    readonly typeText: string,
    readonly reason: string,
    /** A function, a class or a symbol: what an optional property or parameter may be left out for. */
    readonly callable = false,
  ) {
    super(`${at ? `at ${at}: ` : ""}the type ${typeText} ${reason}`);
  }
}

/** Annotations written into a builder's options (a property's JSDoc). */
interface Annotations {
  readonly description?: string;
  /** `@default` in the property's JSDoc, as JSON. */
  readonly default?: unknown;
  /** `@deprecated` in the property's JSDoc. */
  readonly deprecated?: boolean;
}

/**
 * Writes TypeScript types as `t` builder calls (code), reading them through the checker: primitives, literal
 * unions (enums, string enums, `as const` objects' values), arrays, tuples, `Record` and index signatures, `Set`,
 * `Date`, `Uint8Array`, nullable and optional types, nested object types and interfaces, type aliases, instantiated
 * generics, and recursive types (hoisted as `t.recursive(...)` declarations, emitted as `$defs`). A type JSON Schema
 * cannot express throws `UnwritableType`, never a silent string.
 *
 * @example
 * const writer = new TypeCode(checker, "T");
 * writer.write(checker.getTypeAtLocation(parameter)); // 'T.enum(["celsius", "fahrenheit"])'
 * writer.hoisted; // ['const r0 = T.recursive("Tree", (r0) => T.object({...}))'] for recursive types
 */
export class TypeCode {
  /** Declarations the written code refers to (recursive types), in dependency order. */
  readonly hoisted: string[] = [];
  /** What was left out, and why: optional properties JSON cannot carry (a function, a class, a symbol). */
  readonly notes: string[] = [];
  /** Descriptions of properties inside the parameter being written, by path (`.unit`), from `@param options.unit`. */
  docs: Record<string, string> = {};
  private readonly done = new Map<ts.Type, string>();
  private readonly open = new Map<ts.Type, { readonly variable: string; used: boolean }>();
  private readonly names = new Set<string>();
  private counter = 0;

  constructor(
    private readonly checker: ts.TypeChecker,
    /** The identifier the `t` namespace is bound to in the output. */
    private readonly t: string,
    /** A prefix for hoisted variables, unique in the file. */
    private readonly prefix = "__tooltype_r",
  ) {}

  /** `type` without `undefined` (and `void`), and whether it had one: an optional property's or parameter's type. */
  withoutUndefined(type: ts.Type): { type: ts.Type; optional: boolean } {
    if (!(type.flags & ts.TypeFlags.Union)) return { type, optional: false };
    const members = (type as ts.UnionType).types;
    const kept = members.filter((m) => !(m.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    if (kept.length === members.length) return { type, optional: false };
    // Several left: the union itself (writing a union leaves undefined out).
    return { type: kept.length === 1 ? kept[0]! : type, optional: true };
  }

  /** The code of a descriptor for `type`; `at` names the place inside the parameter for errors (`.range.start`). */
  write(type: ts.Type, at = "", annotations: Annotations = {}, node?: ts.TypeNode): string {
    const f = type.flags;
    const T = this.t;
    const opts = optionsCode(annotations);
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return `${T}.any(${opts})`;
    if (f & ts.TypeFlags.String) return `${T}.string(${opts})`;
    if (f & ts.TypeFlags.Number) return `${T}.number(${opts})`;
    if (f & ts.TypeFlags.Boolean) return `${T}.boolean(${opts})`;
    if (f & ts.TypeFlags.Null) return `${T}.null(${opts})`;
    if (f & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral))
      return `${T}.literal(${JSON.stringify((type as ts.LiteralType).value)}${opts && `, ${opts}`})`;
    if (f & ts.TypeFlags.BooleanLiteral)
      return `${T}.literal(${this.checker.typeToString(type)}${opts && `, ${opts}`})`;
    if (f & ts.TypeFlags.Union) return this.union(type as ts.UnionType, at, annotations, node);
    if (f & ts.TypeFlags.TypeParameter) {
      // A generic parameter is read through its constraint (`T extends Date` → Date): any value of it is a T.
      // Without one (`<T>`), any JSON value is a T.
      const constraint = this.checker.getBaseConstraintOfType(type);
      if (!constraint || constraint === type) return `${T}.any(${opts})`;
      return this.write(constraint, at, annotations, node);
    }
    const plain = withoutEmptyObject(type);
    if (plain !== type) return this.write(plain, at, annotations, node);
    if (f & ts.TypeFlags.TemplateLiteral)
      throw this.refuse(
        type,
        at,
        "is a template literal type; JSON Schema has no pattern for it here (use string, or a t.string({ pattern }) in { parameters })",
      );
    if (f & ts.TypeFlags.StringMapping) return `${T}.string(${opts})`; // Capitalize<T>, Uppercase<T>...
    if (f & (ts.TypeFlags.Conditional | ts.TypeFlags.Substitution | ts.TypeFlags.IndexedAccess | ts.TypeFlags.Index)) {
      // A type computed from a type parameter (`Awaited<T>`, `T[K]`, `keyof T`): through its constraint.
      const constraint = this.checker.getBaseConstraintOfType(type);
      if (!constraint || constraint === type) return `${T}.any(${opts})`;
      return this.write(constraint, at, annotations, node);
    }
    if (f & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) return this.object(type, at, annotations);
    throw this.refuse(
      type,
      at,
      "has no JSON form (JSON has strings, numbers, booleans, null, arrays and objects)",
      (f & ts.TypeFlags.ESSymbolLike) !== 0,
    );
  }

  // A generic member of a union (`DateType | number | string`) as its constraint, so that it is read as one.
  private resolved(type: ts.Type): ts.Type {
    if (!(type.flags & ts.TypeFlags.TypeParameter)) return type;
    const constraint = this.checker.getBaseConstraintOfType(type);
    return constraint && constraint !== type ? constraint : type;
  }

  private union(type: ts.UnionType, at: string, annotations: Annotations, node: ts.TypeNode | undefined): string {
    const T = this.t;
    let members = type.types
      .map((m) => this.resolved(m))
      .filter((m) => !(m.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    // `string | number | symbol` (a property key): a model sends the string or the number.
    const symbols = members.filter((m) => m.flags & ts.TypeFlags.ESSymbolLike);
    if (symbols.length && symbols.length < members.length) {
      members = members.filter((m) => !symbols.includes(m));
      this.notes.push(
        `${at ? `at ${at}: ` : ""}the symbol of ${this.checker.typeToString(type)} is left out (JSON has no symbols)`,
      );
    }
    const nullable = members.some((m) => m.flags & ts.TypeFlags.Null);
    members = members.filter((m) => !(m.flags & ts.TypeFlags.Null));
    const booleans = members.filter((m) => m.flags & ts.TypeFlags.BooleanLiteral);
    const bothBooleans = booleans.length === 2;
    const rest = bothBooleans ? members.filter((m) => !(m.flags & ts.TypeFlags.BooleanLiteral)) : members;
    const opts = optionsCode(annotations);
    let code: string;
    // `Date | number | string` (a date, a timestamp or a date string): the date, sent as a date-time string.
    const dates = rest.filter((m) => isDate(withoutEmptyObject(m)));
    if (
      dates.length &&
      rest.every(
        (m) => dates.includes(m) || withoutEmptyObject(m).flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike),
      )
    ) {
      const date = `${T}.datetime(${opts})`;
      return nullable ? `${T}.nullable(${date})` : date;
    }
    const literals = rest.every((m) => m.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral));
    if (!rest.length) code = bothBooleans ? `${T}.boolean(${opts})` : `${T}.any(${opts})`;
    else if (literals && !bothBooleans && rest.length > 1) {
      code = `${T}.enum(${JSON.stringify(this.inSourceOrder(type, rest as ts.LiteralType[], node))}${opts && `, ${opts}`})`;
    } else if (rest.length === 1 && !bothBooleans) code = this.write(rest[0]!, at, annotations);
    else {
      const branches = rest.map((m) => this.write(m, at));
      if (bothBooleans) branches.push(`${T}.boolean()`);
      code = `${T}.union([${branches.join(", ")}]${opts && `, ${opts}`})`;
    }
    return nullable ? `${T}.nullable(${code})` : code;
  }

  // A literal union's values in the order they are written: TypeScript orders union members by when their types
  // were first made, which depends on what else was checked first. From the enum's members, the alias's union, or
  // the annotation; failing those, numbers then strings, sorted.
  private inSourceOrder(
    union: ts.UnionType,
    members: readonly ts.LiteralType[],
    node: ts.TypeNode | undefined,
  ): (string | number)[] {
    const values = members.map((m) => m.value as string | number);
    const written: unknown[] = [];
    const enumMembers = members
      .map((m) => m.symbol?.valueDeclaration)
      .filter((d): d is ts.Declaration => d !== undefined && ts.isEnumMember(d));
    if (enumMembers.length === members.length) {
      const position = (d: ts.Declaration) => `${d.getSourceFile().fileName}\u0000${String(d.pos).padStart(12, "0")}`;
      return members
        .map((m, i) => [position(m.symbol.valueDeclaration!), values[i]!] as const)
        .sort((a, b) => (a[0] < b[0] ? -1 : 1))
        .map(([, v]) => v);
    }
    const alias = union.aliasSymbol?.declarations?.find(ts.isTypeAliasDeclaration);
    this.collectLiterals(alias?.type ?? node, written, new Set());
    const rank = (v: string | number) => {
      const i = written.indexOf(v);
      return i === -1 ? Infinity : i;
    };
    return values.sort(
      (a, b) =>
        rank(a) - rank(b) || (typeof a === typeof b ? (a < b ? -1 : a > b ? 1 : 0) : typeof a === "number" ? -1 : 1),
    );
  }

  private collectLiterals(node: ts.TypeNode | undefined, out: unknown[], seen: Set<ts.Node>): void {
    if (!node || seen.has(node)) return;
    seen.add(node);
    if (ts.isParenthesizedTypeNode(node)) {
      this.collectLiterals(node.type, out, seen);
      return;
    }
    if (ts.isUnionTypeNode(node)) {
      for (const t of node.types) this.collectLiterals(t, out, seen);
      return;
    }
    if (ts.isLiteralTypeNode(node)) {
      const l = node.literal;
      if (ts.isStringLiteral(l) || ts.isNoSubstitutionTemplateLiteral(l)) out.push(l.text);
      else if (ts.isNumericLiteral(l)) out.push(Number(l.text));
      else if (ts.isPrefixUnaryExpression(l) && ts.isNumericLiteral(l.operand))
        out.push(l.operator === ts.SyntaxKind.MinusToken ? -Number(l.operand.text) : Number(l.operand.text));
      return;
    }
    // `(typeof Units)[keyof typeof Units]`: the values of an `as const` object, in the order it lists them.
    if (ts.isIndexedAccessTypeNode(node)) {
      const object = ts.isParenthesizedTypeNode(node.objectType) ? node.objectType.type : node.objectType;
      if (!ts.isTypeQueryNode(object)) return;
      let symbol = this.checker.getSymbolAtLocation(object.exprName);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
      const declaration = symbol?.valueDeclaration;
      let init = declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)))
        init = init.expression;
      if (init && ts.isObjectLiteralExpression(init)) {
        for (const p of init.properties) {
          const v = ts.isPropertyAssignment(p) ? p.initializer : undefined;
          if (v && (ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v))) out.push(v.text);
          else if (v && ts.isNumericLiteral(v)) out.push(Number(v.text));
        }
      }
      return;
    }
    if (ts.isTypeReferenceNode(node)) {
      let symbol = this.checker.getSymbolAtLocation(node.typeName);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
      const alias = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
      this.collectLiterals(alias?.type, out, seen);
    }
  }

  private object(type: ts.Type, at: string, annotations: Annotations): string {
    const T = this.t;
    const checker = this.checker;
    const opts = optionsCode(annotations);
    if (checker.isArrayType(type)) {
      const item = checker.getTypeArguments(type as ts.TypeReference)[0]!;
      return `${T}.array(${this.write(item, `${at}[]`)}${opts && `, ${opts}`})`;
    }
    if (checker.isTupleType(type)) return this.tuple(type as ts.TypeReference, at, opts);
    const name = type.symbol?.name;
    if (name === "Date") return `${T}.datetime(${opts})`;
    if (name === "Uint8Array") return `${T}.bytes(${opts})`;
    if (name === "Set" || name === "ReadonlySet") {
      const item = checker.getTypeArguments(type as ts.TypeReference)[0];
      if (!item) throw this.refuse(type, at, "is a Set without its item type");
      return `${T}.set(${this.write(item, `${at}[]`)}${opts && `, ${opts}`})`;
    }
    if (name === "Map" || name === "ReadonlyMap" || name === "WeakMap")
      throw this.refuse(type, at, "is a Map, which JSON cannot carry; use Record<string, V> (an object)");
    if (name === "Promise" || name === "PromiseLike")
      throw this.refuse(type, at, "is a Promise; a model sends values, not promises");
    if (
      checker.getSignaturesOfType(type, ts.SignatureKind.Call).length ||
      checker.getSignaturesOfType(type, ts.SignatureKind.Construct).length
    ) {
      throw this.refuse(type, at, "is a function or a class, which JSON cannot carry", true);
    }
    if (
      type.flags & ts.TypeFlags.Intersection &&
      (type as ts.IntersectionType).types.some((m) => !(m.flags & ts.TypeFlags.Object))
    ) {
      throw this.refuse(
        type,
        at,
        "intersects a primitive with an object (a branded type?); JSON Schema cannot express it",
      );
    }
    const done = this.done.get(type);
    if (done) return done;
    const open = this.open.get(type);
    if (open) {
      open.used = true;
      return open.variable;
    }
    const variable = `${this.prefix}${this.counter++}`;
    const entry = { variable, used: false };
    this.open.set(type, entry);
    let body: string;
    try {
      body = this.properties(type, at, annotations);
    } finally {
      this.open.delete(type);
    }
    if (!entry.used) return body;
    // Recursive: declared once, referenced by its variable (emitted as $defs + $ref).
    this.hoisted.push(
      `const ${variable} = ${T}.recursive(${JSON.stringify(this.defName(type))}, (${variable}) => ${body});`,
    );
    this.done.set(type, variable);
    return variable;
  }

  private properties(type: ts.Type, at: string, annotations: Annotations): string {
    const T = this.t;
    const checker = this.checker;
    const props = checker.getPropertiesOfType(type);
    const index = checker.getIndexInfosOfType(type);
    const stringIndex = index.find((i) => i.keyType.flags & ts.TypeFlags.String);
    const other = index.find((i) => !(i.keyType.flags & ts.TypeFlags.String));
    if (other)
      throw this.refuse(
        type,
        at,
        `has an index signature keyed by ${checker.typeToString(other.keyType)}; JSON object keys are strings`,
      );
    const opts = optionsCode(annotations);
    if (!props.length && stringIndex)
      return `${T}.record(${this.write(stringIndex.type, `${at}[string]`)}${opts && `, ${opts}`})`;
    const fields: string[] = [];
    for (const prop of props) {
      const where = `${at}.${prop.name}`;
      const declared = checker.getTypeOfSymbol(prop);
      const { type: propType, optional: undefinedToo } = this.withoutUndefined(declared);
      const optional = undefinedToo || (prop.flags & ts.SymbolFlags.Optional) !== 0;
      const unsendable =
        prop.flags & ts.SymbolFlags.Method
          ? `has a method ${prop.name}(); JSON carries data, not functions`
          : prop.name.startsWith("__@")
            ? "has a symbol-keyed property; JSON keys are strings"
            : undefined;
      if (unsendable) {
        const error = this.refuse(type, where, unsendable, true);
        if (!optional) throw error;
        this.notes.push(`${error.message}; left out (it is optional)`);
        continue;
      }
      const declaration = prop.valueDeclaration;
      const typeNode =
        declaration && (ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration))
          ? declaration.type
          : undefined;
      let code: string;
      try {
        code = this.write(propType, where, this.annotationsOf(prop, where), typeNode);
      } catch (error) {
        if (!(error instanceof UnwritableType && error.callable && optional)) throw error;
        this.notes.push(`${error.message}; left out (it is optional)`);
        continue;
      }
      if (optional) code = `${T}.optional(${code})`;
      fields.push(`${JSON.stringify(prop.name)}: ${code}`);
    }
    const extra = stringIndex ? `additionalProperties: ${this.write(stringIndex.type, `${at}[string]`)}` : "";
    const all = [optionsCode(annotations).slice(2, -2), extra].filter(Boolean);
    return `${T}.object({ ${fields.join(", ")} }${all.length ? `, { ${all.join(", ")} }` : ""})`;
  }

  // A property's description (`@param options.path` of the function, else its own JSDoc), `@default`, `@deprecated`.
  private annotationsOf(prop: ts.Symbol, where: string): Annotations {
    const description = this.docs[where] ?? propertyDescription(prop, this.checker);
    const tags = prop.getJsDocTags(this.checker);
    const written = tags.find((tag) => tag.name === "default" || tag.name === "defaultValue");
    const text = written ? ts.displayPartsToString(written.text).trim() : "";
    const value = text ? jsonValue(text.replace(/^`|`$/g, "")) : undefined;
    return {
      ...(description && { description }),
      ...(value !== undefined && { default: value.value }),
      ...(tags.some((tag) => tag.name === "deprecated") && { deprecated: true }),
    };
  }

  private tuple(type: ts.TypeReference, at: string, opts: string): string {
    const target = type.target as ts.TupleType;
    const items = this.checker.getTypeArguments(type);
    const fixed: string[] = [];
    let rest: string | undefined;
    items.forEach((item, i) => {
      const flags = target.elementFlags[i]!;
      if (flags & ts.ElementFlags.Optional)
        throw this.refuse(
          type,
          `${at}[${i}]`,
          "is an optional tuple element; JSON Schema tuples here are fixed (make it T | null, or required)",
        );
      if (flags & ts.ElementFlags.Variable) {
        if (i !== items.length - 1) throw this.refuse(type, `${at}[${i}]`, "has a rest element before the end");
        rest = this.write(item, `${at}[${i}...]`);
      } else fixed.push(this.write(item, `${at}[${i}]`));
    });
    const args = [`[${fixed.join(", ")}]`, rest, opts].filter(Boolean);
    return `${this.t}.tuple(${args.join(", ")})`;
  }

  // The $defs name of a recursive type: its alias or interface name (instantiations of one generic kept apart).
  private defName(type: ts.Type): string {
    const raw = type.aliasSymbol?.name ?? type.symbol?.name;
    let base = raw && !raw.startsWith("__") ? raw : "Type";
    base = base.replace(/[^A-Za-z0-9_.-]/g, "_");
    let name = base;
    for (let i = 2; this.names.has(name); i++) name = `${base}${i}`;
    this.names.add(name);
    return name;
  }

  private refuse(type: ts.Type, at: string, reason: string, callable = false): UnwritableType {
    return new UnwritableType(at, this.checker.typeToString(type), reason, callable);
  }
}

/** `{ description: "...", default: ..., deprecated: true }` as code, or "" when there is nothing to write. */
function optionsCode(annotations: Annotations): string {
  const parts = [
    annotations.description !== undefined && `description: ${JSON.stringify(annotations.description)}`,
    annotations.default !== undefined && `default: ${JSON.stringify(annotations.default)}`,
    annotations.deprecated && "deprecated: true",
  ].filter(Boolean);
  return parts.length ? `{ ${parts.join(", ")} }` : "";
}

// `string & {}` (written to keep a union of literals open) is a string; `{}` adds nothing JSON can tell apart.
function withoutEmptyObject(type: ts.Type): ts.Type {
  if (!(type.flags & ts.TypeFlags.Intersection)) return type;
  const members = (type as ts.IntersectionType).types;
  const kept = members.filter(
    (m) =>
      !(
        m.flags & ts.TypeFlags.Object &&
        !m.getProperties().length &&
        !m.getCallSignatures().length &&
        !m.getStringIndexType() &&
        !m.getNumberIndexType()
      ),
  );
  return kept.length === 1 ? kept[0]! : type;
}

function isDate(type: ts.Type): boolean {
  return type.flags & ts.TypeFlags.Object ? type.symbol?.name === "Date" : false;
}

// `@default 3`, `@default "x"`, `@default [1]`: a JSON value; other text (`@default the current locale`) is no value.
function jsonValue(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return /^'[^']*'$/.test(text) ? { value: text.slice(1, -1) } : undefined;
  }
}
