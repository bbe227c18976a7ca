// A backtracking matcher written the way JavaScript's engines search (ordered alternatives, greedy or lazy
// repetitions, an empty round after the minimum fails, every start tried in turn), which counts its steps:
// the work a pattern costs on a string, the same on every machine. Independent of src/guard/pattern-safety.ts,
// whose verdicts the hostile-pattern tests check against it. It reads the syntax those tests use: groups
// ((?:), (?<name>), lookaheads), alternation, quantifiers, anchors, and single-character atoms (a literal,
// an escape, a class, "."), each tested by the engine itself on one character.

type Node =
  | { kind: "char"; test: (c: string) => boolean }
  | { kind: "seq"; items: Node[] }
  | { kind: "alt"; branches: Node[] }
  | { kind: "repeat"; body: Node; min: number; max: number; greedy: boolean }
  | { kind: "start" }
  | { kind: "end" }
  | { kind: "look"; body: Node; negative: boolean };

/** Thrown when a search passes its step budget. */
export class TooManySteps extends Error {}

/**
 * The steps a search for `source` in `text` takes (the search stops at the first match), or throws
 * `TooManySteps` past `budget`.
 *
 * @example
 * searchSteps("^(a+)+$", "aaaa!"); // grows as 2^n
 */
export function searchSteps(source: string, text: string, budget = 50_000_000): number {
  const tree = new Reader(source).alternation();
  const chars = [...text];
  let steps = 0;
  const step = () => {
    if (++steps > budget) throw new TooManySteps(`more than ${budget} steps`);
  };
  const run = (node: Node, at: number, next: (at: number) => boolean): boolean => {
    step();
    switch (node.kind) {
      case "char":
        return at < chars.length && node.test(chars[at]!) && next(at + 1);
      case "start":
        return at === 0 && next(at);
      case "end":
        return at === chars.length && next(at);
      case "look":
        return run(node.body, at, () => true) !== node.negative && next(at);
      case "seq": {
        const from = (i: number, p: number): boolean =>
          i === node.items.length ? next(p) : run(node.items[i]!, p, (q) => from(i + 1, q));
        return from(0, at);
      }
      case "alt":
        return node.branches.some((branch) => run(branch, at, next));
      case "repeat": {
        const round = (count: number, p: number): boolean => {
          step();
          const more = () =>
            count < node.max && run(node.body, p, (q) => (q === p && count >= node.min ? false : round(count + 1, q)));
          const stop = () => count >= node.min && next(p);
          return node.greedy ? more() || stop() : stop() || more();
        };
        return round(0, at);
      }
    }
  };
  for (let start = 0; start <= chars.length; start++) if (run(tree, start, () => true)) break;
  return steps;
}

class Reader {
  at = 0;
  constructor(private readonly source: string) {}

  alternation(): Node {
    const branches = [this.sequence()];
    while (this.source[this.at] === "|") {
      this.at++;
      branches.push(this.sequence());
    }
    return branches.length === 1 ? branches[0]! : { kind: "alt", branches };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.source.length && this.source[this.at] !== "|" && this.source[this.at] !== ")") {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return { kind: "seq", items };
  }

  private quantified(body: Node): Node {
    const rest = this.source.slice(this.at);
    const m = /^(?:\*|\+|\?|\{(\d+)(,(\d*))?\})/.exec(rest);
    if (!m) return body;
    this.at += m[0].length;
    const greedy = this.source[this.at] !== "?";
    if (!greedy) this.at++;
    const [min, max] =
      m[0] === "*"
        ? [0, Infinity]
        : m[0] === "+"
          ? [1, Infinity]
          : m[0] === "?"
            ? [0, 1]
            : [Number(m[1]), m[2] === undefined ? Number(m[1]) : m[3] === "" ? Infinity : Number(m[3])];
    return { kind: "repeat", body, min, max, greedy };
  }

  private atom(): Node {
    const c = this.source[this.at]!;
    if (c === "(") {
      this.at++;
      let look: boolean | undefined;
      if (this.source.startsWith("?:", this.at)) this.at += 2;
      else if (this.source.startsWith("?=", this.at) || this.source.startsWith("?!", this.at)) {
        look = this.source[this.at + 1] === "!";
        this.at += 2;
      } else if (this.source.startsWith("?<", this.at)) this.at = this.source.indexOf(">", this.at) + 1;
      const body = this.alternation();
      this.at++; // ")"
      return look === undefined ? body : { kind: "look", body, negative: look };
    }
    if (c === "^" || c === "$") {
      this.at++;
      return { kind: c === "^" ? "start" : "end" };
    }
    const token =
      /^(?:\[(?:\\.|[^\]\\])*\]|\\[pP]\{[^}]*\}|\\u\{[0-9a-fA-F]+\}|\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|\\.|[\s\S])/u.exec(
        this.source.slice(this.at),
      )![0];
    this.at += token.length;
    const one = new RegExp(`^${token}$`, "u");
    return { kind: "char", test: (ch) => one.test(ch) };
  }
}
