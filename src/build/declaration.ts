import ts from "typescript";
import { BuildError } from "./build-error.js";
import { besideComment, propertyDescription, readDoc } from "./doc.js";
import { literalValue } from "./literal-value.js";
import { type TypeCode, UnwritableType } from "./type-code.js";

/** A function found in the program, with what names it. */
export interface FunctionSite {
  /** The function itself: a declaration, an expression, an arrow or a method. */
  readonly fn: ts.SignatureDeclaration;
  /** Where its JSDoc sits: the function, the method, or the `const` statement it is assigned to. */
  readonly declaration: ts.Node;
  /** Its name as declared (the tool's default name). */
  readonly name: string | undefined;
  /** Of an overload: the parameters from this index on are optional, since a shorter overload takes those before. */
  readonly optionalFrom?: number;
}

/**
 * Reads a declared function into the options `functionToTool` takes, as code: `name`, `description` (JSDoc above
 * or the docstring inside), `declared` (each parameter's type through the checker, `?` and defaults, its
 * documentation), `returns` (a written return type, `Promise` unwrapped) and `context` (a first parameter typed
 * `ToolContext<...>`). Descriptors are `t` calls on the identifier `writer` was made with; recursive types it
 * hoists are the caller's to declare.
 *
 * @example
 * declaredOptions(site, checker, writer);
 * // '{ name: "get_weather", description: "Current weather.", declared: { parameters: [{ name: "city", type: T.string()
 * // }] } }'
 */
export function declaredOptions(
  site: FunctionSite,
  checker: ts.TypeChecker,
  writer: TypeCode,
  given: { readonly context?: boolean } = {},
): string {
  const { fn, declaration } = site;
  const source = fn.getSourceFile();
  const label = site.name ? `"${site.name}"` : "an anonymous function";
  const doc = readDoc(declaration, fn, source);
  let params = fn.parameters.filter((p) => !p.dotDotDotToken && !(ts.isIdentifier(p.name) && p.name.text === "this"));
  const context = given.context === true || (params[0] !== undefined && isContextType(params[0].type));
  const contextParam = context ? params[0] : undefined;
  if (context) params = params.slice(1);

  const fields: string[] = [];
  if (contextParam) fields.push(`{ name: ${JSON.stringify(contextParam.name.getText(source))} }`);
  let object = false;
  if (params.length === 1 && ts.isObjectBindingPattern(params[0]!.name)) {
    object = true;
    fields.push(...objectFields(params[0]!, checker, writer, doc.parameters, label));
  } else {
    fields.push(...positionalFields(params, site, checker, writer, doc, label));
  }
  const parts = [
    site.name !== undefined && `name: ${JSON.stringify(site.name)}`,
    doc.description !== undefined && `description: ${JSON.stringify(doc.description)}`,
    `declared: { parameters: [${fields.join(", ")}]${object ? ", object: true" : ""} }`,
    context && "context: true",
  ];
  const returns = returnsCode(fn, checker, writer, doc.returns, label);
  if (returns) parts.push(`returns: ${returns}`);
  // Every note names the function (those from inside a destructured object's keys do not yet).
  for (const [i, note] of writer.notes.entries())
    if (!note.startsWith("parameter ") && !note.startsWith("the return type")) writer.notes[i] = `${label}: ${note}`;
  return `{ ${parts.filter(Boolean).join(", ")} }`;
}

// Positional parameters: each one's type from the checker (its default's type when none is written), optional ones
// JSON cannot carry left out at the end with a note, refused in the middle.
function positionalFields(
  params: readonly ts.ParameterDeclaration[],
  site: FunctionSite,
  checker: ts.TypeChecker,
  writer: TypeCode,
  doc: ReturnType<typeof readDoc>,
  label: string,
): string[] {
  const source = site.fn.getSourceFile();
  const out: string[] = [];
  let leftOut: string | undefined;
  for (const param of params) {
    if (!ts.isIdentifier(param.name)) {
      throw located(
        param,
        `tooltype/build: ${label} has a parameter written as a pattern (${param.name.getText(source)}) beside others; name it, or take one object`,
      );
    }
    const name = param.name.text;
    // The declared type, else the one the checker infers from the default (`precision = 0` is a number).
    const typed = param.type !== undefined || param.initializer !== undefined;
    const read = typed ? writer.withoutUndefined(checker.getTypeAtLocation(param)) : undefined;
    const optional =
      param.questionToken !== undefined ||
      param.initializer !== undefined ||
      read?.optional === true ||
      params.indexOf(param) >= (site.optionalFrom ?? Infinity);
    writer.docs = doc.properties[name] ?? {};
    const notes = writer.notes.length;
    let type = read
      ? typeOf(() => writer.write(read.type, "", {}, param.type), param, name, label, optional ? writer : undefined)
      : undefined;
    for (let i = notes; i < writer.notes.length; i++)
      if (!writer.notes[i]!.startsWith("parameter "))
        writer.notes[i] = `parameter "${name}" of ${label}: ${writer.notes[i]}`;
    // An optional option object with nothing left a model can send (date-fns' `options: { in?: ContextFn }`).
    if (optional && type && writer.notes.length > notes && /\.object\(\{\s*\}\)$/.test(type)) {
      writer.notes.push(
        `parameter "${name}" of ${label}: nothing in it is JSON a model can send; left out (it is optional: the call leaves it undefined)`,
      );
      type = null;
    }
    if (type === null) {
      leftOut ??= name;
      continue;
    }
    // Left out in the middle, the parameters after it would move: positional calls need every one before.
    if (leftOut !== undefined)
      throw located(
        param,
        `tooltype/build: parameter "${leftOut}" of ${label} is optional but of a type JSON cannot carry, and "${name}" comes after it; make "${leftOut}" the last, or pass { declared }`,
      );
    const description = doc.parameters[name]?.description ?? besideComment(param, source);
    out.push(field(name, type, optional, param.initializer, description));
  }
  return out;
}

// The keys of one destructured object parameter: the properties of its declared type, else the keys written.
function objectFields(
  param: ts.ParameterDeclaration,
  checker: ts.TypeChecker,
  writer: TypeCode,
  docs: Record<string, { description?: string }>,
  label: string,
): string[] {
  const pattern = param.name as ts.ObjectBindingPattern;
  const source = param.getSourceFile();
  const defaults = new Map<string, ts.BindingElement>();
  for (const element of pattern.elements) {
    if (element.dotDotDotToken) continue;
    const key = element.propertyName ?? element.name;
    if (!ts.isIdentifier(key) && !ts.isStringLiteral(key))
      throw located(element, `tooltype/build: ${label} destructures a computed key (${key.getText(source)}); name it`);
    defaults.set(key.text, element);
  }
  if (!param.type) {
    return [...defaults].map(([name, element]) =>
      field(
        name,
        undefined,
        element.initializer !== undefined,
        element.initializer,
        docs[name]?.description ?? besideComment(element, source),
      ),
    );
  }
  const type = checker.getTypeAtLocation(param.type);
  const fields: string[] = [];
  for (const prop of checker.getPropertiesOfType(type)) {
    const name = prop.name;
    const read = writer.withoutUndefined(checker.getTypeOfSymbol(prop));
    const declaration = prop.valueDeclaration;
    const typeNode =
      declaration && (ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration))
        ? declaration.type
        : undefined;
    const element = defaults.get(name);
    const optional =
      read.optional || (prop.flags & ts.SymbolFlags.Optional) !== 0 || element?.initializer !== undefined;
    const code = typeOf(
      () => writer.write(read.type, "", {}, typeNode),
      param,
      name,
      label,
      optional ? writer : undefined,
    );
    if (code === null) continue;
    const description = docs[name]?.description ?? propertyDescription(prop, checker);
    fields.push(field(name, code, optional, element?.initializer, description));
  }
  return fields;
}

function field(
  name: string,
  type: string | undefined,
  optional: boolean,
  initializer: ts.Expression | undefined,
  description: string | undefined,
): string {
  const parts = [`name: ${JSON.stringify(name)}`];
  if (type) parts.push(`type: ${type}`);
  if (optional) parts.push("optional: true");
  const literal = initializer ? literalValue(initializer) : undefined;
  if (literal) parts.push(`default: ${JSON.stringify(literal.value)}`);
  if (description) parts.push(`description: ${JSON.stringify(description)}`);
  return `{ ${parts.join(", ")} }`;
}

// A written return type, as a descriptor (Promise unwrapped); none for void, undefined, any and unknown.
function returnsCode(
  fn: ts.SignatureDeclaration,
  checker: ts.TypeChecker,
  writer: TypeCode,
  description: string | undefined,
  label: string,
): string | undefined {
  if (!fn.type) return undefined;
  const signature = checker.getSignatureFromDeclaration(fn);
  if (!signature) return undefined;
  const declared = checker.getReturnTypeOfSignature(signature);
  const type = checker.getAwaitedType(declared) ?? declared;
  const none =
    ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Never;
  if (type.flags & none) return undefined;
  const read = writer.withoutUndefined(type);
  try {
    return writer.write(read.type, "", description ? { description } : {});
  } catch (error) {
    if (!(error instanceof UnwritableType)) throw error;
    // Computed from the type parameters (`ClampResult<DateType, ...>`): the result needs no schema; said, not refused.
    if (fn.typeParameters?.length) {
      writer.notes.push(
        `the return type of ${label}: ${error.message}; no returns schema (a tool's result needs none)`,
      );
      return undefined;
    }
    throw located(
      fn.type,
      `tooltype/build: the return type of ${label}: ${error.message}. Write a JSON type, or leave the return type unwritten (a tool's result needs no schema)`,
    );
  }
}

// The parameter's type as code; null where `leaveOut` is given and the type is a function, class or symbol (noted).
function typeOf(write: () => string, param: ts.Node, name: string, label: string): string;
function typeOf(write: () => string, param: ts.Node, name: string, label: string, leaveOut?: TypeCode): string | null;
function typeOf(write: () => string, param: ts.Node, name: string, label: string, leaveOut?: TypeCode): string | null {
  const before = leaveOut?.notes.length ?? 0;
  try {
    return write();
  } catch (error) {
    if (!(error instanceof UnwritableType)) throw error;
    if (leaveOut && error.callable) {
      leaveOut.notes.length = before;
      leaveOut.notes.push(
        `parameter "${name}" of ${label}: ${error.message}; left out (it is optional: the call leaves it undefined)`,
      );
      return null;
    }
    throw located(
      param,
      `tooltype/build: parameter "${name}" of ${label}: ${error.message}. Give it a JSON type, or pass its descriptor: functionToTool(fn, { parameters: { ${name}: t.… } })`,
    );
  }
}

// A first parameter typed `ToolContext<...>` (from tooltype/build) receives the call's context.
function isContextType(type: ts.TypeNode | undefined): boolean {
  if (!type || !ts.isTypeReferenceNode(type)) return false;
  const name = type.typeName;
  return (ts.isIdentifier(name) ? name.text : name.right.text) === "ToolContext";
}

/**
 * A `BuildError` at a node: its file, line and column.
 *
 * @example
 * throw located(parameter, 'parameter "when": the type Map<string, number> ...');
 */
export function located(node: ts.Node, text: string): BuildError {
  const source = node.getSourceFile();
  const start = node.getStart(source);
  const { line, character } = source.getLineAndCharacterOfPosition(start);
  const lineText = source.text.split("\n")[line] ?? "";
  return new BuildError(text, { file: source.fileName, line: line + 1, column: character + 1, lineText });
}
