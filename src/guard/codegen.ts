import {
  APPLIES_BITS,
  failUnless,
  limitField,
  type KeywordDeclaration,
  type StructureWriter,
  type ValueKeyword,
} from "./keywords/keyword.js";
import { enumAlone } from "./keywords/enum.js";
import { GENERATED } from "./keywords/generated.js";
import { keywords } from "./keywords/index.js";
import { refFunction } from "./keywords/ref.js";
import { typeSource, typeTest } from "./keywords/type.js";
import { NUMBER, type Node } from "./node.js";
import { recursionOf, type Recursion } from "./recursion.js";
import { testedBy } from "./evaluated.js";

/** The source of a generated guard and the values it closes over. */
export interface Generated {
  readonly source: string;
  readonly externals: readonly unknown[];
}

/**
 * Writes a node as the body of a specialised JavaScript function: one pass, no closures, no
 * allocation on the valid path. Every sub-schema reached by `$ref` or tested as a union branch
 * becomes its own named function; everything else is inlined. One statement a line, no indentation:
 * the source is parsed on every `compile`, so it is kept short.
 */
export function generate(root: Node, recursion: Recursion = recursionOf(root)): Generated {
  const gen = new Generator(recursion);
  const body = gen.body(root, "v");
  let source = `"use strict";\n${gen.declarations}`;
  const guarded = `try {\n${body}return true;\n} catch (e) {\nif (e instanceof RangeError) return false;\nthrow e;\n}`;
  if (!gen.counted.size) source += `${gen.functions}return function guard(v) {\n${guarded}\n};`;
  else {
    // `D` counts `$ref` levels; with remembered verdicts, `C` is the call's number (`N` counts calls); with
    // `$dynamicRef`s, `S` is the call's dynamic scope. The caller's are put back after: a getter in the value may
    // call this guard again.
    const calls = recursion.revisits();
    const scoped = recursion.scoped();
    const kept = ["D", ...(calls ? ["C"] : []), ...(scoped ? ["S"] : [])];
    source += `let D = 0${calls ? ", C = 0, N = 0" : ""}${scoped ? ", S = []" : ""};\n${gen.functions}return function guard(v) {\n`;
    source += `const ${kept.map((name) => `${name.toLowerCase()} = ${name}`).join(", ")};\nD = 0;\n${calls ? "C = ++N * 4;\n" : ""}${scoped ? "S = [];\n" : ""}`;
    source += `${guarded} finally {\n${kept.map((name) => `${name} = ${name.toLowerCase()};\n`).join("")}}\n};`;
  }
  return { source, externals: gen.externals };
}

/** Writes guard source; its helpers (externals, runtime helpers, type and enum tests) serve `generateReport` too. */
export class Generator implements StructureWriter {
  functions = "";
  declarations = "";
  /** The `$ref` functions written, which count depth. */
  readonly counted = new Set<string>();
  readonly externals: unknown[] = [];
  private readonly named = new Map<Node, string>();
  private readonly used = new Set<string>();
  private readonly sets: [readonly unknown[], string][] = [];
  private counter = 0;

  /** What `$ref` functions need of the whole schema; the reporter, which writes none, has none. */
  constructor(private readonly recursion?: Recursion) {}

  id(prefix: string): string {
    return `${prefix}${this.counter++}`;
  }

  /** Declares a value the code closes over (`const eN = E[i]`) and returns its name. */
  external(value: unknown, name = this.id("e")): string {
    this.declarations += `const ${name} = E[${this.externals.length}];\n`;
    this.externals.push(value);
    return name;
  }

  /**
   * The name of a function `(v) => boolean` for a node, written once. A node that enters a resource brings its
   * `$dynamicAnchor`s into the scope `S` around a call of its keywords' function, and takes them out after.
   */
  fn(node: Node): string {
    let name = this.named.get(node);
    if (!name) {
      name = this.id("f");
      this.named.set(node, name);
      const body = this.keywords(node, "v");
      if (!node.enters) this.functions += `function ${name}(v) {\n${body}return true;\n}\n`;
      else {
        const enter = node.enters
          .map(
            ({ slot, index }) => `const a${slot} = S[${slot}] === undefined;\nif (a${slot}) S[${slot}] = ${index};\n`,
          )
          .join("");
        const leave = node.enters.map(({ slot }) => `if (a${slot}) S[${slot}] = undefined;\n`).join("");
        this.functions += `function ${name}k(v) {\n${body}return true;\n}\nfunction ${name}(v) {\n${enter}const ok = ${name}k(v);\n${leave}return ok;\n}\n`;
      }
    }
    return name;
  }

  /** Statements that `return false` unless `x` satisfies `node`, inlined unless the node enters a resource (`fn`). */
  body(node: Node, x: string): string {
    return node.enters ? failUnless(`${this.fn(node)}(${x})`) : this.keywords(node, x);
  }

  /**
   * Each keyword's generated code (./keywords/generated.ts), in the keyword list's order: the type test first. The
   * code of consecutive keywords for one JSON type stands behind one test for it; a type the node does not allow
   * has none.
   */
  private keywords(node: Node, x: string): string {
    if (node.never) return "return false;\n";
    const types = node.types;
    // A few enum values, compared one by one, make the type test redundant when each has an allowed type.
    let out = enumAlone(node) ? "" : typeSource(node, x, this);
    let run = "";
    let applies: KeywordDeclaration["applies"];
    for (const keyword of keywords()) {
      if (!keyword.check && !("holds" in keyword)) continue; // written with another (`type`, the walks' keywords)
      if (keyword.applies !== applies) {
        if (run) out += this.onlyFor(types, APPLIES_BITS[applies!], x, run);
        run = "";
        applies = keyword.applies;
      }
      if (applies === undefined) out += this.keywordSource(keyword, node, x);
      else if (types & APPLIES_BITS[applies]) run += this.keywordSource(keyword, node, x);
    }
    return run ? out + this.onlyFor(types, APPLIES_BITS[applies!], x, run) : out;
  }

  /** Statements refusing `x` unless it meets one keyword of the node (none when the node lacks it). */
  private keywordSource(keyword: KeywordDeclaration, node: Node, x: string): string {
    const form = GENERATED.get(keyword)!;
    if (!("holds" in form)) return form.source(node, x, this);
    const limit = node[limitField(keyword as ValueKeyword<never, never>)] as never;
    return limit === undefined ? "" : failUnless(form.holds(x, limit, this));
  }

  /**
   * A function `(node, value) => boolean` answering with this code's own functions, for the nodes the
   * annotation walk of `unevaluated*` may test (./evaluated.ts), and for the unevaluated schema `rest` itself.
   */
  tester(node: Node, rest: Node): string {
    const entries = [...testedBy(node), rest].map((part) => `[${this.external(part)}, ${this.fn(part)}]`);
    const map = this.id("t");
    this.declarations += `const ${map} = new Map([${entries.join(", ")}]);\nconst ${map}f = (n, v) => ${map}.get(n)(v);\n`;
    if (this.recursion?.scoped()) this.declarations += `${map}f.scope = () => S;\n`;
    return `${map}f`;
  }

  /** The function counting `$ref` levels for a target (./keywords/ref.ts), written once. */
  refFn(target: Node): string {
    const inner = this.fn(target);
    const name = `${inner}r`;
    if (!this.counted.has(name)) {
      this.counted.add(name);
      this.functions += refFunction(name, inner, this.recursion!, this);
    }
    return name;
  }

  /** `code` as it stands when `bits` are the only types the node allows, else behind a test for them. */
  onlyFor(types: number, bits: number, x: string, code: string): string {
    if (!code || (types & ~bits) === 0) return code;
    // typeof rather than Number.isFinite: NaN and Infinity meet numeric keywords too, as in the interpreter.
    return `if (${bits & NUMBER ? `typeof ${x} === "number"` : this.typeTest(bits, x)}) {\n${code}}\n`;
  }

  /** A JavaScript expression testing `x` against `type` bits. */
  typeTest(bits: number, x: string): string {
    return typeTest(bits, x, this);
  }

  /** A Set of enum values, one per distinct list (a schema often repeats a list: from/to, item and field). */
  setOf(values: readonly unknown[]): string {
    for (const [list, name] of this.sets) {
      if (list.length === values.length && list.every((value, i) => value === values[i])) return name;
    }
    const name = this.external(new Set(values));
    this.sets.push([values, name]);
    return name;
  }

  /** Declares a named value the code closes over, once per name (`SourceWriter`). */
  use(name: string, value: unknown): string {
    if (!this.used.has(name)) {
      this.used.add(name);
      this.external(value, name);
    }
    return name;
  }
}
