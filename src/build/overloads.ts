import ts from "typescript";
import { located } from "./declaration.js";

/** The public signature an overloaded function becomes a tool from, and where its JSDoc sits. */
export interface ChosenOverload {
  readonly fn: ts.SignatureDeclaration;
  readonly declaration: ts.Node;
  /** The parameters from this index on are optional: a shorter overload takes the ones before, as they are. */
  readonly optionalFrom?: number;
}

/**
 * Chooses the public signature of an overloaded function (or method) a tool is made from: the overload with the
 * most parameters, which every call the tool makes fits (the others take a prefix of what it takes, or other
 * types, and the implementation's own signature is not public). Its JSDoc, else the first overload's that has
 * one, else the implementation's. Two or more overloads with that many parameters of different types are
 * refused: a tool takes one set of parameters, and choosing one of them would drop the other calls silently.
 * A parameter of the widest is optional where a shorter overload takes the same parameters (names and types)
 * up to it: `range(start, end)` beside `range(start, end, step)` makes `step` optional.
 * Undefined when the declarations are no overloads.
 *
 * @example
 * chooseOverload(symbol.declarations, checker, "range");
 * // { fn: <function range(start: number, end: number, step: number): number[]>, declaration: <same> }
 */
export function chooseOverload(
  declarations: readonly ts.Declaration[],
  checker: ts.TypeChecker,
  name: string,
): ChosenOverload | undefined {
  const functions = declarations.filter(
    (d): d is ts.FunctionDeclaration | ts.MethodDeclaration => ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d),
  );
  const overloads = functions.filter((d) => !d.body);
  const implementation = functions.find((d) => d.body);
  if (overloads.length < 2 && !(overloads.length === 1 && implementation)) return undefined;
  const count = (d: ts.SignatureDeclaration) => d.parameters.filter((p) => !isThis(p)).length;
  const most = Math.max(...overloads.map(count));
  const widest = overloads.filter((d) => count(d) === most);
  const each = (d: ts.SignatureDeclaration) =>
    d.parameters
      .filter((p) => !isThis(p))
      .map(
        (p) =>
          `${p.dotDotDotToken ? "..." : ""}${p.name.getText()}${p.questionToken ? "?" : ""}: ${checker.typeToString(checker.getTypeAtLocation(p))}`,
      );
  const text = (d: ts.SignatureDeclaration) => each(d).join(", ");
  const differ = widest.filter((d) => text(d) !== text(widest[0]!));
  if (differ.length) {
    const first = overloads[0]!;
    throw located(
      first,
      `tooltype/build: "${name}" has ${widest.length} overloads with ${most} parameters, of different types (${widest
        .map((d) => `(${text(d)})`)
        .join(
          " and ",
        )}); a tool takes one set of parameters. Wrap the overload you mean in a function of its own, or pass { declared }`,
    );
  }
  const fn = widest[0]!;
  const documented = [fn, ...overloads, ...(implementation ? [implementation] : [])].find((d) =>
    ts.getJSDocCommentsAndTags(d).some(ts.isJSDoc),
  );
  const wide = each(fn).map((p) => p.replace("?:", ":"));
  const prefixes = overloads
    .map((d) => each(d).map((p) => p.replace("?:", ":")))
    .filter((ps) => ps.length < most && ps.every((p, i) => p === wide[i]))
    .map((ps) => ps.length);
  const optionalFrom = prefixes.length ? Math.min(...prefixes) : undefined;
  return { fn, declaration: documented ?? fn, ...(optionalFrom !== undefined && { optionalFrom }) };
}

function isThis(p: ts.ParameterDeclaration): boolean {
  return ts.isIdentifier(p.name) && p.name.text === "this";
}
