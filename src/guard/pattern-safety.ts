/**
 * Backtracking cost of a `pattern` from a schema nobody here wrote. JavaScript's regular expressions
 * backtrack: `^(a+)+$` against "aaaa…a!" tries every way to split the a's, 2^n of them; `\d+\d+\d+x` tries
 * n^3; and a `pattern` is searched for anywhere in the string, so even `[a-z]+@` starts again at each of n
 * places, n^2 in all. `compile(schema, { untrusted })` accepts a pattern only when this analysis proves
 * the search linear, and refuses it with the reason otherwise.
 *
 * The analysis. The pattern is read into a tree, and the tree into its position automaton (one state per
 * character class in it; a counted repetition such as `{2,5}` expanded when small, read as `+` or `*` when
 * large, which only adds ways to match). Each way a backtracking search can reach a state after reading
 * some text is one path, counted with multiplicity (`(a*)*` reaches `a` two ways per round); a search
 * anywhere in the string is one more state that skips a character. A path that reaches a state from which
 * the rest of the pattern can match nothing unconditionally ends the search there, so those paths are not
 * followed. Then every reachable set of path counts is explored, character class by character class: if
 * more than `MAX_LIVE_PATHS` paths are ever alive at once, some input makes the search cost more than that
 * many steps a character, and the pattern is refused. Otherwise every input costs at most that many steps
 * a character, whatever its length: exponential (`(a|a)*`), polynomial (`(.*a){12}`) and start-again
 * (`[a-z]+@`) backtracking are all the same finding, a count that grows.
 *
 * Where it cannot decide, it refuses (fail closed): a backreference; a lookaround with an unbounded
 * repetition inside, except at the start of a `^`-anchored pattern (it could run at every position); a
 * lookbehind that is not a plain sequence; a pattern with more than `MAX_STATES` states, groups nested
 * deeper than `MAX_GROUP_DEPTH`, or whose exploration takes more than `MAX_STEPS` steps; and once the patterns
 * analyzed in one synchronous run (one `compile`, or several in a row) have taken `MAX_RUN_STEPS` steps, the
 * rest (a schema of thousands of costly patterns would otherwise take minutes to read). A pattern seen
 * before costs nothing: verdicts are kept, for the last `MAX_REMEMBERED` patterns. Assertions (`^`
 * inside, `$`, `\b`, lookarounds) are read as always true, and a Unicode property (`\p{L}`) as any
 * character: both can only add paths, so the answer stays on the safe side.
 */

import type { Untrusted } from "./node.js";

/**
 * The `untrusted` option of `compile`: `compile(schema, { untrusted })` refuses a pattern `patternHazard`
 * finds a hazard in, and a schema of more than 100,000 entries.
 *
 * @example
 * import { compile, untrusted } from "tooltype/guard";
 * compile({ type: "string", pattern: "^(a+)+$" }, { untrusted }); // SchemaError: ... can backtrack ...
 */
export const untrusted: Untrusted = { patternHazard };

/** The most partial matches a search may have alive at once: the steps a character it may cost. */
const MAX_LIVE_PATHS = 256;
/** States of the position automaton an analysis may build. */
const MAX_STATES = 2000;
/** Steps (path counts moved along an edge) an analysis may take before it gives up and refuses. */
const MAX_STEPS = 500_000;
/** Steps all analyses of one synchronous run may take together (until the next microtask). */
const MAX_RUN_STEPS = 2_000_000;
/** Verdicts kept, so a pattern repeated across a schema is analyzed once. */
const MAX_REMEMBERED = 1000;
/** Groups inside groups a pattern may nest. */
const MAX_GROUP_DEPTH = 64;
/** A counted repetition is expanded when its copies add at most this many states, else read as `+` or `*`. */
const MAX_EXPANSION = 256;

/** A set of code points as sorted, disjoint [from, to] ranges. */
type Chars = readonly (readonly [number, number])[];
const ANY: Chars = [[0, 0x10ffff]];
const DIGIT: Chars = [[48, 57]];
const WORD: Chars = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
];
const SPACE: Chars = [
  [9, 13],
  [32, 32],
  [160, 160],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const LINE_TERMINATORS: Chars = [
  [10, 10],
  [13, 13],
  [0x2028, 0x2029],
];

/** The pattern as a tree. */
type Tree =
  | { readonly kind: "chars"; readonly set: Chars }
  | { readonly kind: "seq"; readonly items: readonly Tree[] }
  | { readonly kind: "alt"; readonly branches: readonly Tree[] }
  | { readonly kind: "repeat"; readonly body: Tree; readonly min: number; readonly max: number }
  | {
      readonly kind: "assert";
      readonly start?: boolean;
      readonly look?: { readonly body: Tree; readonly behind: boolean; readonly atStart: boolean };
    };

class Hazard extends Error {}

/**
 * Why a pattern could make a search cost more than linear time, or undefined when the analysis above
 * proves it linear.
 *
 * @example
 * patternHazard("^(a+)+$");       // 'some input makes the search try more than 256 ways at once ...'
 * patternHazard("^[a-z]+\\d{2}$"); // undefined
 */
export function patternHazard(source: string): string | undefined {
  const known = remembered.get(source);
  if (known !== undefined) return known || undefined;
  if (!run.queued) {
    run.queued = true;
    queueMicrotask(() => {
      run.spent = 0;
      run.queued = false;
    });
  }
  if (run.spent >= MAX_RUN_STEPS) {
    return `the patterns analyzed together took more than ${MAX_RUN_STEPS} steps before this one; a schema may hold many patterns, but not that many costly ones`;
  }
  const verdict = analyze(source);
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(source, verdict ?? "");
  return verdict;
}

/** Steps spent in the current synchronous run (reset at the next microtask), and verdicts by pattern ("" for none). */
const run = { spent: 0, queued: false };
const remembered = new Map<string, string>();

function analyze(source: string): string | undefined {
  try {
    const parser = new Parser(source);
    const tree = parser.alternation(0);
    if (parser.at < source.length) throw new Hazard(`an unmatched ")" at ${parser.at}`);
    checkLookarounds(tree);
    const growth = liveGrowth(tree, !anchoredAtStart(tree));
    return (
      growth &&
      `some input makes the search try more than ${MAX_LIVE_PATHS} ways at once (${growth}), so its cost grows faster than the input; nested or adjacent repetitions that can match the same text, and repeated alternatives that overlap, do this`
    );
  } catch (error) {
    if (error instanceof Hazard) return error.message;
    throw error;
  }
}

// ---- reading the pattern -----------------------------------------------------------------------------------

class Parser {
  at = 0;
  constructor(private readonly source: string) {}

  private peek(): string {
    return this.source[this.at] ?? "";
  }

  /** `a|b|c`, up to a ")" or the end. `depth` counts the groups around it. */
  alternation(depth: number): Tree {
    const branches: Tree[] = [this.sequence(depth)];
    while (this.peek() === "|") {
      this.at++;
      branches.push(this.sequence(depth));
    }
    return branches.length === 1 ? branches[0]! : { kind: "alt", branches };
  }

  private sequence(depth: number): Tree {
    const items: Tree[] = [];
    while (this.at < this.source.length && this.peek() !== "|" && this.peek() !== ")") {
      const start = this.at;
      const atom = this.atom(depth, depth === 0 && items.every((item) => item.kind === "assert"));
      const quantifier = this.quantifier();
      if (quantifier && atom.kind === "assert" && !atom.look)
        throw new Hazard(`a quantifier on an assertion at ${start}`);
      items.push(quantifier ? { kind: "repeat", body: atom, ...quantifier } : atom);
    }
    return items.length === 1 ? items[0]! : { kind: "seq", items };
  }

  private quantifier(): { min: number; max: number } | undefined {
    const c = this.peek();
    let quantifier: { min: number; max: number } | undefined;
    if (c === "*") quantifier = { min: 0, max: Infinity };
    else if (c === "+") quantifier = { min: 1, max: Infinity };
    else if (c === "?") quantifier = { min: 0, max: 1 };
    else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at, this.at + 32));
      if (!m) throw new Hazard(`an unreadable "{" at ${this.at}`);
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
      if (!(min <= max)) throw new Hazard(`a repetition {${min},${max}} whose bounds are out of order`);
      this.at += m[0].length - 1;
      quantifier = { min, max };
    }
    if (!quantifier) return undefined;
    this.at++;
    if (this.peek() === "?") this.at++; // lazy: the same paths, tried in another order
    return quantifier;
  }

  private atom(depth: number, atStart: boolean): Tree {
    const c = this.peek();
    if (c === "(") return this.group(depth + 1, atStart);
    if (c === "[") return { kind: "chars", set: this.charClass() };
    if (c === "\\") return this.escape();
    if (c === "*" || c === "+" || c === "?" || c === "{")
      throw new Hazard(`a quantifier with nothing to repeat at ${this.at}`);
    this.at++;
    if (c === "^") return { kind: "assert", start: true };
    if (c === "$") return { kind: "assert" };
    if (c === ".") return { kind: "chars", set: complement(LINE_TERMINATORS) };
    const cp = this.source.codePointAt(this.at - 1)!;
    if (cp > 0xffff) this.at++;
    return { kind: "chars", set: [[cp, cp]] };
  }

  private group(depth: number, atStart: boolean): Tree {
    if (depth > MAX_GROUP_DEPTH) throw new Hazard(`groups nested deeper than ${MAX_GROUP_DEPTH}`);
    this.at++; // "("
    let look: { behind: boolean } | undefined;
    if (this.source.startsWith("?:", this.at)) this.at += 2;
    else if (this.source.startsWith("?=", this.at) || this.source.startsWith("?!", this.at)) {
      this.at += 2;
      look = { behind: false };
    } else if (this.source.startsWith("?<=", this.at) || this.source.startsWith("?<!", this.at)) {
      this.at += 3;
      look = { behind: true };
    } else if (this.source.startsWith("?<", this.at)) {
      const end = this.source.indexOf(">", this.at);
      if (end < 0) throw new Hazard("an unfinished group name");
      this.at = end + 1;
    } else if (this.peek() === "?")
      throw new Hazard(`an unknown group "(?${this.source[this.at + 1] ?? ""}" at ${this.at - 1}`);
    const inner = this.alternation(depth);
    if (this.peek() !== ")") throw new Hazard(`an unclosed "(" before ${this.at}`);
    this.at++;
    return look ? { kind: "assert", look: { body: inner, behind: look.behind, atStart } } : inner;
  }

  /** `\d`, `\w`, `\s` and their negations, `\p{...}`, escaped characters; backreferences refused. */
  private escape(): Tree {
    this.at++; // "\"
    const c = this.peek();
    this.at++;
    if (/[1-9]/.test(c) || (c === "k" && this.peek() === "<")) {
      throw new Hazard(`a backreference ("\\${c}${c === "k" ? "<…>" : ""}") cannot be matched in linear time`);
    }
    if (c === "b" || c === "B") return { kind: "assert" };
    const set = this.classEscape(c);
    if (set) return { kind: "chars", set };
    const cp = this.escapedCodePoint(c);
    return { kind: "chars", set: [[cp, cp]] };
  }

  /** The set a class escape stands for (`\d`, `\P{L}`, ...), or undefined for another escape. */
  private classEscape(c: string): Chars | undefined {
    switch (c) {
      case "d":
        return DIGIT;
      case "w":
        return WORD;
      case "s":
        return SPACE;
      case "D":
        return complement(DIGIT);
      case "W":
        return complement(WORD);
      case "S":
        return complement(SPACE);
      case "p":
      case "P": {
        const end = this.source.indexOf("}", this.at);
        if (this.peek() !== "{" || end < 0) throw new Hazard(`an unreadable "\\${c}" at ${this.at - 2}`);
        this.at = end + 1;
        return ANY;
      }
      default:
        return undefined;
    }
  }

  /** The code point an escape stands for (the character after the backslash, `c`, already read). */
  private escapedCodePoint(c: string): number {
    const simple: Record<string, number> = { n: 10, r: 13, t: 9, v: 11, f: 12, "0": 0 };
    let cp: number;
    if (c in simple) cp = simple[c]!;
    else if (c === "x") cp = this.hex(2);
    else if (c === "u") {
      if (this.peek() === "{") {
        const end = this.source.indexOf("}", this.at);
        if (end < 0) throw new Hazard(`an unfinished "\\u{" at ${this.at}`);
        cp = parseInt(this.source.slice(this.at + 1, end), 16);
        this.at = end + 1;
      } else cp = this.hex(4);
    } else if (c === "c") {
      cp = (this.source.charCodeAt(this.at) || 0) % 32;
      this.at++;
    } else cp = c.codePointAt(0) ?? 0;
    if (!(cp >= 0 && cp <= 0x10ffff)) throw new Hazard(`an escape out of range at ${this.at}`);
    return cp;
  }

  private hex(digits: number): number {
    const text = this.source.slice(this.at, this.at + digits);
    if (text.length !== digits || !/^[0-9a-fA-F]+$/.test(text)) throw new Hazard(`an unreadable escape at ${this.at}`);
    this.at += digits;
    return parseInt(text, 16);
  }

  /** `[...]`: the code points it lists, or all the others. */
  private charClass(): Chars {
    this.at++; // "["
    const negated = this.peek() === "^";
    if (negated) this.at++;
    const parts: Chars[] = [];
    let previous: number | undefined;
    while (this.at < this.source.length && this.peek() !== "]") {
      if (this.peek() === "-" && previous !== undefined && this.source[this.at + 1] !== "]") {
        this.at++;
        const to = this.classCodePoint();
        if (typeof to !== "number") throw new Hazard("a range that ends in a class escape");
        if (to < previous) throw new Hazard("a range out of order");
        parts.push([[previous, to]]);
        previous = undefined;
        continue;
      }
      const read = this.classCodePoint();
      if (typeof read === "number") {
        parts.push([[read, read]]);
        previous = read;
      } else {
        parts.push(read);
        previous = undefined;
      }
    }
    if (this.peek() !== "]") throw new Hazard('an unclosed "["');
    this.at++;
    const set = union(parts);
    return negated ? complement(set) : set;
  }

  /** One code point in a class, or the set of a class escape (`\d`, `\p{L}`, ...). */
  private classCodePoint(): number | Chars {
    const c = this.peek();
    if (c === "\\") {
      const next = this.source[this.at + 1] ?? "";
      this.at += 2;
      const set = this.classEscape(next);
      if (set) return set;
      return next === "b" ? 8 : next === "-" ? 45 : this.escapedCodePoint(next);
    }
    const cp = this.source.codePointAt(this.at)!;
    this.at += cp > 0xffff ? 2 : 1;
    return cp;
  }
}

/** Every top-level branch starts with `^` (no `m` flag: the start of the text), so the search tries one place. */
function anchoredAtStart(tree: Tree): boolean {
  switch (tree.kind) {
    case "assert":
      return tree.start === true;
    case "alt":
      return tree.branches.every(anchoredAtStart);
    case "repeat":
      return tree.min > 0 && anchoredAtStart(tree.body);
    case "seq": {
      for (const item of tree.items) {
        if (anchoredAtStart(item)) return true;
        if (item.kind !== "assert") return false;
      }
      return false;
    }
    default:
      return false;
  }
}

/** The longest text a tree can match, Infinity when unbounded. */
function longest(tree: Tree): number {
  switch (tree.kind) {
    case "chars":
      return 1;
    case "assert":
      return 0;
    case "seq":
      return tree.items.reduce((sum, item) => sum + longest(item), 0);
    case "alt":
      return Math.max(...tree.branches.map(longest));
    case "repeat": {
      const body = longest(tree.body);
      return body === 0 ? 0 : tree.max === Infinity ? Infinity : body * tree.max;
    }
  }
}

/**
 * A lookaround runs its own search wherever the main search reaches it: it must be linear itself, and
 * either bounded in length or at the start of a `^`-anchored pattern (where it runs once).
 */
function checkLookarounds(tree: Tree, anchored = anchoredAtStart(tree)): void {
  const children =
    tree.kind === "seq" ? tree.items : tree.kind === "alt" ? tree.branches : tree.kind === "repeat" ? [tree.body] : [];
  for (const child of children) checkLookarounds(child, anchored);
  const look = tree.kind === "assert" ? tree.look : undefined;
  if (!look) return;
  checkLookarounds(look.body, false);
  const bounded = longest(look.body) !== Infinity;
  if (look.behind && !plain(look.body))
    throw new Hazard("a lookbehind that is not a plain sequence of characters cannot be analyzed");
  if (!bounded && !(look.atStart && anchored)) {
    throw new Hazard(
      "a lookaround with an unbounded repetition inside runs at every position it is reached; put it right after a leading ^",
    );
  }
  const growth = liveGrowth(look.body, false);
  if (growth)
    throw new Hazard(`a lookaround whose own search can try more than ${MAX_LIVE_PATHS} ways at once (${growth})`);
}

const plain = (tree: Tree): boolean =>
  tree.kind === "chars" ||
  (tree.kind === "seq" && tree.items.every(plain)) ||
  (tree.kind === "repeat" && tree.min === tree.max && plain(tree.body));

// ---- the position automaton ------------------------------------------------------------------------------------

/** What a tree contributes: where its paths start and end (state to count of ways), and its empty matches. */
interface Part {
  readonly first: Map<number, number>;
  readonly last: Map<number, number>;
  /** Ways to match the empty text (assertions read as true). */
  readonly empty: number;
  /** Matches the empty text with no assertion on the way. */
  readonly emptyFree: boolean;
  /** States after which the rest of this tree can match the empty text with no assertion. */
  readonly endsFree: Set<number>;
}

/** States (each with the characters it reads) and edges (from, to, ways), built from a tree. */
class Automaton {
  readonly sets: Chars[] = [];
  readonly edges = new Map<number, Map<number, number>>();
  /** Work done on this pattern, building and exploring: past `MAX_STEPS`, the analysis gives up. */
  steps = 0;

  charge(steps: number): void {
    this.steps += steps;
    if (this.steps > MAX_STEPS) throw new Hazard(`the pattern is too complex to analyze within ${MAX_STEPS} steps`);
  }

  state(set: Chars): number {
    if (this.sets.length >= MAX_STATES) throw new Hazard(`more than ${MAX_STATES} character positions to analyze`);
    this.sets.push(set);
    return this.sets.length - 1;
  }

  link(from: Map<number, number>, to: Map<number, number>, times = 1): void {
    this.charge(from.size * to.size);
    for (const [a, ways] of from) {
      const out = this.edges.get(a) ?? new Map<number, number>();
      this.edges.set(a, out);
      for (const [b, more] of to) out.set(b, cap((out.get(b) ?? 0) + ways * more * times));
    }
  }

  build(tree: Tree): Part {
    switch (tree.kind) {
      case "chars": {
        const s = new Map([[this.state(tree.set), 1]]);
        return { first: s, last: s, empty: 0, emptyFree: false, endsFree: new Set(s.keys()) };
      }
      case "assert":
        return { first: new Map(), last: new Map(), empty: 1, emptyFree: false, endsFree: new Set() };
      case "alt": {
        const parts = tree.branches.map((b) => this.build(b));
        return {
          first: sum(parts.map((p) => p.first)),
          last: sum(parts.map((p) => p.last)),
          empty: cap(parts.reduce((n, p) => n + p.empty, 0)),
          emptyFree: parts.some((p) => p.emptyFree),
          endsFree: new Set(parts.flatMap((p) => [...p.endsFree])),
        };
      }
      case "seq":
        return tree.items.map((item) => this.build(item)).reduce((a, b) => this.followedBy(a, b), EMPTY);
      case "repeat":
        return this.repeat(tree.body, tree.min, tree.max);
    }
  }

  /** `a` then `b`. */
  private followedBy(a: Part, b: Part): Part {
    this.charge(a.first.size + a.last.size + a.endsFree.size + b.first.size + b.last.size + b.endsFree.size);
    this.link(a.last, b.first);
    return {
      first: sum([a.first, scale(b.first, a.empty)]),
      last: sum([b.last, scale(a.last, b.empty)]),
      empty: cap(a.empty * b.empty),
      emptyFree: a.emptyFree && b.emptyFree,
      endsFree: new Set([...b.endsFree, ...(b.emptyFree ? a.endsFree : [])]),
    };
  }

  /** `body{min,max}`: copies when few, else `body+` or `body*` (more paths, never fewer). */
  private repeat(body: Tree, min: number, max: number): Part {
    const size = this.sizeOf(body);
    const exact = max !== Infinity && size * max <= MAX_EXPANSION;
    if (!exact) {
      const part = this.build(body);
      this.link(part.last, part.first); // one more round; an empty round fails, as the language says
      return min === 0 ? { ...part, empty: 1, emptyFree: true, endsFree: part.endsFree } : part;
    }
    let result: Part = EMPTY;
    for (let i = 0; i < min; i++) result = this.followedBy(result, this.build(body));
    if (max > min) result = this.followedBy(result, this.optionalRounds(body, max - min));
    return result;
  }

  /** Up to `count` more rounds, nested so that round k+1 follows round k: `(x(x(x)?)?)?`. */
  private optionalRounds(body: Tree, count: number): Part {
    const round = this.build(body);
    const rest = count > 1 ? this.followedBy(round, this.optionalRounds(body, count - 1)) : round;
    return { first: rest.first, last: rest.last, empty: 1, emptyFree: true, endsFree: rest.endsFree };
  }

  private sizeOf(tree: Tree): number {
    switch (tree.kind) {
      case "chars":
        return 1;
      case "assert":
        return 0;
      case "seq":
        return tree.items.reduce((n, item) => n + this.sizeOf(item), 0);
      case "alt":
        return tree.branches.reduce((n, b) => n + this.sizeOf(b), 0);
      case "repeat": {
        const body = this.sizeOf(tree.body);
        return tree.max !== Infinity && body * tree.max <= MAX_EXPANSION ? body * Math.max(tree.max, 1) : body;
      }
    }
  }
}

const EMPTY: Part = { first: new Map(), last: new Map(), empty: 1, emptyFree: true, endsFree: new Set() };
const cap = (n: number) => Math.min(n, MAX_LIVE_PATHS + 1);
const scale = (m: Map<number, number>, by: number) =>
  by === 0 ? new Map<number, number>() : new Map([...m].map(([k, v]) => [k, cap(v * by)] as const));

function sum(maps: readonly Map<number, number>[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const m of maps) for (const [k, v] of m) out.set(k, cap((out.get(k) ?? 0) + v));
  return out;
}

// ---- counting live paths -----------------------------------------------------------------------------------------

/**
 * Explores every set of live path counts a search of `tree` can reach; the input that first gives more than
 * `MAX_LIVE_PATHS`, described, or undefined when none does. `anywhere`: the search may start at any place.
 */
function liveGrowth(tree: Tree, anywhere: boolean): string | undefined {
  const automaton = new Automaton();
  try {
    return growthOf(automaton, tree, anywhere);
  } finally {
    run.spent += automaton.steps; // charged to the run, whatever the outcome
  }
}

function growthOf(automaton: Automaton, tree: Tree, anywhere: boolean): string | undefined {
  const start = automaton.state([]); // reads nothing: where every path begins
  const part = automaton.build(tree);
  const one = new Map([[start, 1]]);
  automaton.link(one, part.first);
  // A pattern that matches the empty text unconditionally matches at the first place it tries: the search
  // ends there, after the paths it tries first (which are counted).
  if (anywhere && !part.emptyFree) {
    const skip = automaton.state(ANY); // a search that starts one character later
    const skipped = new Map([[skip, 1]]);
    automaton.link(one, skipped);
    automaton.link(skipped, skipped);
    automaton.link(skipped, part.first);
  }
  // A path that reaches a state where the rest matches unconditionally ends the search: edges into those
  // states from others are dropped; paths that start there (the search still going on) are kept.
  const ends = new Set(part.endsFree);
  if (part.emptyFree) ends.add(start);
  for (const [from, out] of automaton.edges) if (!ends.has(from)) for (const to of ends) out.delete(to);
  return explore(automaton, start);
}

function explore(automaton: Automaton, start: number): string | undefined {
  const seen = new Set<string>();
  const queue: { live: Map<number, number>; depth: number }[] = [{ live: new Map([[start, 1]]), depth: 0 }];
  for (let next = 0; next < queue.length; next++) {
    const { live, depth } = queue[next]!;
    const targets = new Set<number>();
    for (const from of live.keys()) for (const to of automaton.edges.get(from)?.keys() ?? []) targets.add(to);
    automaton.charge(32 + live.size + 4 * targets.size); // the pieces of the alphabet, sorted, and the maps made
    for (const c of representatives([...targets].map((t) => automaton.sets[t]!))) {
      const after = new Map<number, number>();
      let total = 0;
      for (const [from, count] of live) {
        for (const [to, ways] of automaton.edges.get(from) ?? []) {
          automaton.charge(1);
          if (!contains(automaton.sets[to]!, c)) continue;
          const paths = count * ways;
          after.set(to, (after.get(to) ?? 0) + paths);
          total += paths;
        }
      }
      if (total > MAX_LIVE_PATHS) return `after ${depth + 1} characters`;
      automaton.charge(8 + after.size);
      if (!after.size) continue;
      const key = [...after].sort((a, b) => a[0] - b[0]).join(";");
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push({ live: after, depth: depth + 1 });
    }
  }
  return undefined;
}

/** One code point from each piece that the sets cut the code points into (pieces no set holds left out). */
function representatives(sets: readonly Chars[]): number[] {
  const cuts = new Set<number>();
  for (const set of sets) for (const [from, to] of set) cuts.add(from).add(to + 1);
  const sorted = [...cuts].sort((a, b) => a - b);
  const all = union(sets);
  return sorted.slice(0, -1).filter((c) => contains(all, c));
}

function contains(set: Chars, c: number): boolean {
  let low = 0;
  let high = set.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (set[mid]![1] < c) low = mid + 1;
    else if (set[mid]![0] > c) high = mid - 1;
    else return true;
  }
  return false;
}

function union(sets: readonly Chars[]): Chars {
  const all = sets
    .flat()
    .slice()
    .sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [from, to] of all) {
    const last = out[out.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

function complement(set: Chars): Chars {
  const out: [number, number][] = [];
  let next = 0;
  for (const [from, to] of union([set])) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}
