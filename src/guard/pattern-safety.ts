/**
 * Catastrophic backtracking in a `pattern` from a schema nobody here wrote. JavaScript's regular
 * expressions backtrack: `^(a+)+$` against "aaaa…a!" tries every way to split the a's, 2^n of them, and
 * blocks the thread. `compile(schema, { untrusted })` refuses, with the reason, a pattern that has:
 *
 * - a backreference (`\1`, `\k<name>`): no linear-time matcher exists for them;
 * - a repetition inside a repetition, where the inner one matches a varying number of times (`(a+)+`,
 *   `(a*b?)*`, `(\d{1,3})+`, `(a?){25}`): the classic exponential case. A fixed count inside (`(\d{3}-)+`)
 *   is fine, and so is a round that starts or ends with a character no inner repetition can take
 *   (`(-[a-z]+)*`, `([a-z]+\.)+`): where one round ends is never in doubt;
 * - an alternation under a repetition whose branches can start with the same character (`(a|ab)*`,
 *   `(\w|\d)+`): the other exponential case.
 *
 * What it does not catch: polynomial backtracking between repetitions side by side (`.*a.*a.*a` on a long
 * string without a's costs n^3). That is slow, not a hang of the exponential kind; a `maxLength` bounds it.
 * A pattern it cannot read is refused too (fail closed). Character classes are compared by the code points
 * they list; a Unicode property escape (`\p{L}`) is taken to overlap everything.
 */

import type { Untrusted } from "./node.js";

/**
 * The `untrusted` option of `compile`: `compile(schema, { untrusted })` refuses a pattern `patternHazard`
 * finds a hazard in, and a schema of more than 100,000 entries.
 *
 * @example
 * import { compile, untrusted } from "tooltype/guard";
 * compile({ type: "string", pattern: "^(a+)+$" }, { untrusted }); // SchemaError: ... a repetition inside a repetition ...
 */
export const untrusted: Untrusted = { patternHazard };

/** A set of code points as sorted, disjoint [from, to] ranges; `ANY` for "could be anything". */
type Chars = readonly (readonly [number, number])[];
const ANY: Chars = [[0, 0x10ffff]];
const DIGIT: Chars = [[48, 57]];
const WORD: Chars = [[48, 57], [65, 90], [95, 95], [97, 122]];
const SPACE: Chars = [[9, 13], [32, 32], [160, 160], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff]];

/** A parsed piece of a pattern, as far as the two exponential shapes need it. */
interface Piece {
  /** The characters it can start with. */
  readonly first: Chars;
  /** Whether it can match the empty string. */
  readonly empty: boolean;
  /** Contains a repetition whose count varies (`*`, `+`, `?`, `{n,m}` with n < m). */
  readonly varies: boolean;
  /** Every character it can match anywhere. */
  readonly all: Chars;
  /** The characters its varying repetitions can match. */
  readonly varyAll: Chars;
  /** The set of its first character when that character is always there, and the same for its last. */
  readonly lead: Chars | undefined;
  readonly trail: Chars | undefined;
  /** Matches no character (an anchor, `\b`, a lookaround): transparent for lead and trail. */
  readonly zeroWidth?: boolean;
  readonly branches?: readonly Piece[];
}

const single = (set: Chars): Piece => ({ first: set, empty: false, varies: false, all: set, varyAll: [], lead: set, trail: set });
const ZERO_WIDTH: Piece = { first: [], empty: true, varies: false, all: [], varyAll: [], lead: undefined, trail: undefined, zeroWidth: true };

class Hazard extends Error {}

/**
 * Why a pattern could backtrack catastrophically, or undefined when none of the constructs above is in it.
 *
 * @example
 * patternHazard("^(a+)+$");       // 'a repetition inside a repetition ("(a+)+"): ...'
 * patternHazard("^[a-z]+\\d{2}$"); // undefined
 */
export function patternHazard(source: string): string | undefined {
  try {
    const parser = new Parser(source);
    parser.alternation();
    if (parser.at < source.length) throw new Hazard(`an unmatched ")" at ${parser.at}`);
    return undefined;
  } catch (error) {
    if (error instanceof Hazard) return error.message;
    throw error;
  }
}

class Parser {
  at = 0;
  constructor(private readonly source: string) {}

  private peek(): string {
    return this.source[this.at] ?? "";
  }

  /** `a|b|c`, up to a ")" or the end. */
  alternation(): Piece {
    const branches: Piece[] = [this.sequence()];
    while (this.peek() === "|") {
      this.at++;
      branches.push(this.sequence());
    }
    if (branches.length === 1) return branches[0]!;
    const leads = branches.map((b) => b.lead);
    const trails = branches.map((b) => b.trail);
    return {
      first: union(branches.map((b) => b.first)),
      empty: branches.some((b) => b.empty),
      varies: branches.some((b) => b.varies),
      all: union(branches.map((b) => b.all)),
      varyAll: union(branches.map((b) => b.varyAll)),
      lead: leads.every(Boolean) ? union(leads as Chars[]) : undefined,
      trail: trails.every(Boolean) ? union(trails as Chars[]) : undefined,
      branches,
    };
  }

  /** Terms one after another. */
  private sequence(): Piece {
    let first: Chars = [];
    let empty = true;
    let varies = false;
    const terms: Piece[] = [];
    while (this.at < this.source.length && this.peek() !== "|" && this.peek() !== ")") {
      const start = this.at;
      const piece = this.quantified();
      terms.push(piece);
      if (empty) first = union([first, piece.first]);
      empty &&= piece.empty;
      varies ||= piece.varies;
      if (this.at === start) throw new Hazard(`an unreadable pattern at ${start}`);
    }
    if (terms.length === 1) return terms[0]!; // a group alone keeps its branches: ((a|ab))* is (a|ab)*
    const solid = terms.filter((t) => !t.zeroWidth);
    return {
      first,
      empty,
      varies,
      all: union(terms.map((t) => t.all)),
      varyAll: union(terms.map((t) => t.varyAll)),
      lead: solid[0]?.lead,
      trail: solid[solid.length - 1]?.trail,
      zeroWidth: solid.length === 0 || undefined,
    };
  }

  /** An atom and its quantifier, checked for the two exponential shapes. */
  private quantified(): Piece {
    const start = this.at;
    const atom = this.atom();
    const q = this.quantifier();
    if (!q) return atom;
    const text = this.source.slice(start, this.at);
    const repeats = q.max > 1;
    const varies = q.min !== q.max;
    // Each round must start (or end) with a character no inner repetition can take: then where one round ends
    // is never in doubt, as in (-[a-z]+)* or ([a-z]+\.)+.
    const delimited = (atom.lead !== undefined && !overlaps(atom.lead, atom.varyAll)) || (atom.trail !== undefined && !overlaps(atom.trail, atom.varyAll));
    if (repeats && atom.varies && !delimited) {
      throw new Hazard(`a repetition inside a repetition (${JSON.stringify(text)}) can backtrack exponentially; repeat something of fixed length, or start or end each round with a character the inner repetition cannot match`);
    }
    const branches = atom.branches;
    if (repeats && branches) {
      for (let i = 0; i < branches.length; i++) {
        for (let j = i + 1; j < branches.length; j++) {
          if (branches[i]!.empty || branches[j]!.empty || overlaps(branches[i]!.first, branches[j]!.first)) {
            throw new Hazard(`a repeated alternation whose branches can match the same text (${JSON.stringify(text)}) can backtrack exponentially; make the branches start differently`);
          }
        }
      }
    }
    if (repeats && atom.empty) throw new Hazard(`a repetition of something that can match nothing (${JSON.stringify(text)}) can backtrack exponentially`);
    const optional = q.min === 0;
    return {
      first: atom.first,
      empty: atom.empty || optional,
      varies: atom.varies || varies,
      all: atom.all,
      varyAll: varies ? union([atom.varyAll, atom.all]) : atom.varyAll,
      lead: optional ? undefined : atom.lead,
      trail: optional ? undefined : atom.trail,
      zeroWidth: atom.zeroWidth,
    };
  }

  private quantifier(): { min: number; max: number } | undefined {
    const c = this.peek();
    let q: { min: number; max: number } | undefined;
    if (c === "*") q = { min: 0, max: Infinity };
    else if (c === "+") q = { min: 1, max: Infinity };
    else if (c === "?") q = { min: 0, max: 1 };
    else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at, this.at + 32));
      if (!m) return undefined; // a literal "{" (refused by the u flag anyway)
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
      this.at += m[0].length - 1;
      q = { min, max };
    }
    if (!q) return undefined;
    this.at++;
    if (this.peek() === "?") this.at++; // lazy: the same matches, tried in another order
    return q;
  }

  private atom(): Piece {
    const c = this.peek();
    if (c === "(") return this.group();
    if (c === "[") return single(this.charClass());
    if (c === "\\") return this.escape(false);
    this.at++;
    if (c === "^" || c === "$") return ZERO_WIDTH;
    if (c === ".") return single(ANY);
    const cp = this.source.codePointAt(this.at - 1)!;
    if (cp > 0xffff) this.at++;
    return single([[cp, cp]]);
  }

  private group(): Piece {
    this.at++; // "("
    let lookaround = false;
    if (this.source.startsWith("?:", this.at)) this.at += 2;
    else if (this.source.startsWith("?=", this.at) || this.source.startsWith("?!", this.at)) {
      this.at += 2;
      lookaround = true;
    } else if (this.source.startsWith("?<=", this.at) || this.source.startsWith("?<!", this.at)) {
      this.at += 3;
      lookaround = true;
    } else if (this.source.startsWith("?<", this.at)) {
      const end = this.source.indexOf(">", this.at);
      if (end < 0) throw new Hazard("an unfinished group name");
      this.at = end + 1;
    }
    const inner = this.alternation();
    if (this.peek() !== ")") throw new Hazard(`an unclosed "(" before ${this.at}`);
    this.at++;
    // A lookaround matches no characters: what follows it decides the first character.
    return lookaround ? { ...ZERO_WIDTH, varies: inner.varies, varyAll: inner.varyAll } : inner;
  }

  /** `\d`, `\w`, `\s` and their negations, `\p{...}`, escaped characters; backreferences refused. */
  private escape(inClass: boolean): Piece {
    this.at++; // "\"
    const c = this.peek();
    this.at++;
    if (!inClass && (/[1-9]/.test(c) || (c === "k" && this.peek() === "<"))) {
      throw new Hazard(`a backreference ("\\${c}${c === "k" ? "<…>" : ""}") cannot be matched in linear time`);
    }
    if (!inClass && (c === "b" || c === "B")) return ZERO_WIDTH;
    const set = classEscape(c);
    if (set) return single(set);
    if (c === "p" || c === "P") {
      const end = this.source.indexOf("}", this.at);
      this.at = end < 0 ? this.source.length : end + 1;
      return single(ANY);
    }
    const cp = this.escapedCodePoint(c);
    return single([[cp, cp]]);
  }

  private escapedCodePoint(c: string): number {
    const simple: Record<string, number> = { n: 10, r: 13, t: 9, v: 11, f: 12, "0": 0 };
    if (c in simple) return simple[c]!;
    if (c === "x") {
      const hex = this.source.slice(this.at, this.at + 2);
      this.at += 2;
      return parseInt(hex, 16) || 0;
    }
    if (c === "u") {
      if (this.peek() === "{") {
        const end = this.source.indexOf("}", this.at);
        const hex = this.source.slice(this.at + 1, end);
        this.at = end + 1;
        return parseInt(hex, 16) || 0;
      }
      const hex = this.source.slice(this.at, this.at + 4);
      this.at += 4;
      return parseInt(hex, 16) || 0;
    }
    if (c === "c") {
      this.at++;
      return 0;
    }
    return c.codePointAt(0) ?? 0;
  }

  /** `[...]`: the code points it lists (a negated class: anything). */
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
        if (to === undefined) throw new Hazard("a range that ends in a class escape");
        parts.push([[previous, Math.max(previous, to)]]);
        previous = undefined;
        continue;
      }
      const start = this.at;
      const single = this.classCodePoint();
      if (single === undefined) {
        this.at = start;
        parts.push(this.escape(true).first);
        previous = undefined;
      } else {
        parts.push([[single, single]]);
        previous = single;
      }
    }
    if (this.peek() !== "]") throw new Hazard('an unclosed "["');
    this.at++;
    return negated ? ANY : union(parts);
  }

  /** One code point in a class, or undefined for a class escape (`\d`, `\p{L}`, ...), which is left unread. */
  private classCodePoint(): number | undefined {
    const c = this.peek();
    if (c === "\\") {
      const next = this.source[this.at + 1] ?? "";
      if (classEscape(next) || next === "p" || next === "P") return undefined;
      this.at += 2;
      return next === "b" ? 8 : next === "-" ? 45 : this.escapedCodePoint(next);
    }
    const cp = this.source.codePointAt(this.at)!;
    this.at += cp > 0xffff ? 2 : 1;
    return cp;
  }
}

function classEscape(c: string): Chars | undefined {
  switch (c) {
    case "d": return DIGIT;
    case "w": return WORD;
    case "s": return SPACE;
    case "D": case "W": case "S": return ANY;
    default: return undefined;
  }
}

function union(sets: readonly Chars[]): Chars {
  const all = sets.flat().slice().sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [from, to] of all) {
    const last = out[out.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

function overlaps(a: Chars, b: Chars): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]![1] < b[j]![0]) i++;
    else if (b[j]![1] < a[i]![0]) j++;
    else return true;
  }
  return false;
}
