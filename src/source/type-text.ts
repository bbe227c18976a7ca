import type { Descriptor } from "../t/descriptor.js";
import * as t from "../t/builders.js";
import { tokenize, type Token } from "./tokens.js";
import { setOwn } from "../util/own.js";

/** A descriptor read from a written type, and whether the writing made it optional (`Optional[T]`, `T | undefined`). */
export interface ReadType {
  readonly descriptor: Descriptor;
  readonly optional: boolean;
}

const SCALARS: Record<string, () => Descriptor> = {
  string: t.string,
  str: t.string,
  String: t.string,
  text: t.string,
  number: t.number,
  float: t.number,
  double: t.number,
  Number: t.number,
  decimal: t.number,
  Decimal: t.number,
  int: t.integer,
  integer: t.integer,
  Integer: t.integer,
  bigint: t.integer,
  boolean: t.boolean,
  bool: t.boolean,
  Boolean: t.boolean,
  null: t.null,
  None: t.null,
  NoneType: t.null,
  any: t.any,
  unknown: t.any,
  Any: t.any,
  "*": t.any,
  Json: t.any,
  JSON: t.any,
  Date: t.datetime,
  datetime: t.datetime,
  DateTime: t.datetime,
  date: t.date,
  time: t.time,
  bytes: t.bytes,
  bytearray: t.bytes,
  Uint8Array: t.bytes,
  Buffer: t.bytes,
  ArrayBuffer: t.bytes,
  Blob: t.bytes,
};
const ARRAYS = new Set(["Array", "array", "list", "List", "Sequence", "Iterable", "ReadonlyArray", "Collection"]);
const SETS = new Set(["Set", "set", "frozenset", "FrozenSet", "ReadonlySet", "AbstractSet"]);
const MAPS = new Set(["Record", "Map", "dict", "Dict", "Mapping", "MutableMapping", "ReadonlyMap"]);
const OBJECTS = new Set(["object", "Object"]);
const TUPLES = new Set(["tuple", "Tuple"]);
const UNDEFINED = new Set(["undefined", "void"]);

/**
 * Reads a type as people write it in docs: TypeScript/JSDoc (`string[]`, `Array<number>`, `"a" | "b"`,
 * `Record<string, number>`, `{ a: string, b?: number }`, `[string, number]`) or Python
 * (`list[int]`, `dict[str, float]`, `Literal['a', 'b']`, `Optional[str]`, `tuple[int, ...]`).
 * `names` resolves your own types (`list[Turn]`); a name it does not know is a string (the fallback for a type that
 * says nothing usable).
 *
 * @example
 * readType("Literal['celsius', 'fahrenheit']").descriptor; // t.enum(["celsius", "fahrenheit"])
 */
export function readType(text: string, names: { readonly [name: string]: Descriptor } = {}): ReadType {
  const tokens = tokenize(text.trim()).filter((tk) => tk.kind !== "comment");
  const parser = new TypeParser(tokens, names);
  const result = parser.union();
  return parser.done() ? result : { descriptor: t.string(), optional: false };
}

class TypeParser {
  private at = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly names: { readonly [name: string]: Descriptor },
  ) {}

  done(): boolean {
    return this.at === this.tokens.length;
  }

  private peek(): string | undefined {
    return this.tokens[this.at]?.text;
  }

  private eat(text: string): boolean {
    if (this.peek() !== text) return false;
    this.at++;
    return true;
  }

  union(): ReadType {
    this.eat("|");
    const branches: Descriptor[] = [];
    let optional = false;
    let nullable = false;
    do {
      const start = this.at;
      const name = this.peek();
      if (name && UNDEFINED.has(name) && this.tokens[start]?.kind === "name") {
        this.at++;
        optional = true;
        continue;
      }
      const part = this.postfix();
      optional ||= part.optional;
      // Python's `T | None` is Optional[T], read as T; TypeScript's `T | null` is nullable.
      if (name === "None" || name === "NoneType") optional = true;
      else if (name === "null" && this.tokens[start]?.kind === "name") nullable = true;
      else branches.push(part.descriptor);
    } while (this.eat("|"));
    let descriptor: Descriptor =
      branches.length === 0 ? t.null() : branches.length === 1 ? branches[0]! : literalsOrUnion(branches);
    if (nullable && branches.length) descriptor = t.nullable(descriptor);
    return { descriptor, optional };
  }

  private postfix(): ReadType {
    let result = this.primary();
    while (this.peek() === "[" && this.tokens[this.at + 1]?.text === "]") {
      this.at += 2;
      result = { descriptor: t.array(result.descriptor), optional: false };
    }
    return result;
  }

  private args(close: string): ReadType[] {
    const out: ReadType[] = [];
    while (this.peek() !== undefined && this.peek() !== close) {
      if (this.eat("...")) {
        out.push({ descriptor: ELLIPSIS, optional: false });
      } else out.push(this.union());
      if (!this.eat(",")) break;
    }
    this.eat(close);
    return out;
  }

  private primary(): ReadType {
    const token = this.tokens[this.at++];
    const plain = (descriptor: Descriptor): ReadType => ({ descriptor, optional: false });
    if (!token) return plain(t.string());
    if (token.text === "(") {
      const inner = this.union();
      this.eat(")");
      return inner;
    }
    if (token.kind === "string") return plain(t.literal(token.text.slice(1, -1)));
    if (token.kind === "number") return plain(t.literal(Number(token.text)));
    if (token.text === "-" && this.tokens[this.at]?.kind === "number")
      return plain(t.literal(-Number(this.tokens[this.at++]!.text)));
    if (token.text === "[") {
      const items = this.args("]");
      return plain(t.tuple(items.map((i) => i.descriptor)));
    }
    if (token.text === "{") return plain(this.objectType());
    if (token.text === "*") return plain(t.any());
    if (token.kind !== "name") return plain(t.string());

    let name = token.text;
    while (this.peek() === "." && this.tokens[this.at + 1]?.kind === "name") {
      this.at++;
      name = this.tokens[this.at++]!.text; // typing.List, t.Optional: the last segment names it
    }
    if (name === "true" || name === "false") return plain(t.literal(name === "true"));
    const open =
      this.peek() === "<" ? ">" : this.peek() === "[" && this.tokens[this.at + 1]?.text !== "]" ? "]" : undefined;
    const args = open ? (this.at++, this.args(open)) : [];
    const arg = (i: number) => args[i]?.descriptor;

    if (name === "Literal")
      return plain(t.enum(args.map((a) => (a.descriptor as unknown as { enum: unknown[] }).enum?.[0]) as never));
    if (name === "Optional") return { descriptor: arg(0) ?? t.string(), optional: true };
    if (name === "Union") {
      const optional = args.some((a) => a.optional || isNull(a.descriptor));
      const rest = args.filter((a) => !isNull(a.descriptor)).map((a) => a.descriptor);
      return { descriptor: rest.length === 1 ? rest[0]! : rest.length ? literalsOrUnion(rest) : t.null(), optional };
    }
    if (name === "Annotated") return args[0] ?? plain(t.string());
    if (name === "Promise" || name === "Awaitable") return args[0] ?? plain(t.any());
    if (ARRAYS.has(name)) return plain(t.array(arg(0) ?? t.string()));
    if (SETS.has(name)) return plain(t.set(arg(0) ?? t.string()));
    if (TUPLES.has(name)) {
      if (args.length === 2 && arg(1) === ELLIPSIS) return plain(t.tuple([], arg(0)!));
      return args.length ? plain(t.tuple(args.map((a) => a.descriptor))) : plain(t.array(t.string()));
    }
    if (MAPS.has(name))
      return plain(
        t.record(
          args.length ? args[args.length - 1]!.descriptor : name === "Record" || name === "Map" ? t.any() : t.string(),
        ),
      );
    if (OBJECTS.has(name)) return plain(t.record(t.any()));
    if (Object.hasOwn(this.names, name)) return plain(this.names[name]!);
    const scalar = Object.hasOwn(SCALARS, name) ? SCALARS[name] : undefined;
    return plain(scalar ? scalar() : t.string());
  }

  // `{ a: string, b?: number }` or `{ [key: string]: V }`.
  private objectType(): Descriptor {
    const props: Record<string, Descriptor> = {};
    let index: Descriptor | undefined;
    while (this.peek() !== undefined && this.peek() !== "}") {
      if (this.eat("[")) {
        while (this.peek() !== "]" && this.peek() !== undefined) this.at++;
        this.eat("]");
        this.eat(":");
        index = this.union().descriptor;
      } else {
        const key = this.tokens[this.at++]!;
        const name = key.kind === "string" ? key.text.slice(1, -1) : key.text;
        const optional = this.eat("?");
        this.eat(":");
        const value = this.union();
        setOwn(props, name, optional || value.optional ? t.optional(value.descriptor) : value.descriptor);
      }
      if (!this.eat(",")) this.eat(";");
    }
    this.eat("}");
    if (index && !Object.keys(props).length) return t.record(index);
    return t.object(props);
  }
}

const ELLIPSIS = t.any({ description: "..." });

function isNull(d: Descriptor): boolean {
  return (d as unknown as { type?: unknown }).type === "null";
}

// `"a" | "b"` reads better as one enum than as a union of literals.
function literalsOrUnion(branches: Descriptor[]): Descriptor {
  const values = branches.map((b) => (b as unknown as { enum?: unknown[] }).enum);
  if (values.every((v) => v?.length === 1)) return t.enum(values.map((v) => v![0]) as never);
  return t.union(branches);
}
