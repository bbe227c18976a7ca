/**
 * An incremental, tolerant JSON parser for tool-call arguments that arrive in pieces. One pass over each
 * chunk, one character at a time, with an explicit stack (no recursion, any depth). Objects and arrays are
 * built in place as they parse, so `value()` hands out the live tree in O(1).
 */
import { setOwn } from "../util/own.js";

/**
 * A JSON parser fed chunk by chunk; see {@link createPartialJSONParser}.
 *
 * @example
 * const parser: PartialJSONParser = createPartialJSONParser();
 * parser.push('{"city": "Par');
 * parser.value(); // { city: "Par" }
 */
export interface PartialJSONParser {
  /**
   * Feeds the next chunk of text. Work is proportional to the chunk's length: earlier text is never read again.
   * After an error, chunks are still recorded in `text()` but not parsed.
   *
   * @example
   * const p = createPartialJSONParser();
   * p.push('{"city": "Par');
   * p.push('is"}');
   * p.value(); // { city: "Paris" }
   */
  push(chunk: string): void;
  /**
   * The value parsed so far, as far as it goes: open objects and arrays as they stand, an open string as the
   * prefix read so far, a key only once its value has started. A number, `true`, `false` or `null` appears
   * only once it is complete, which for a number means once the character after it has arrived (so a bare
   * top-level number needs a trailing space). `undefined` before any value has started.
   *
   * This is a live view, not a snapshot: later pushes keep filling in the same objects and arrays. Copy it
   * (`structuredClone`) to keep a state.
   *
   * @example
   * const p = createPartialJSONParser();
   * p.push('{"a": [1, 2, "x');
   * p.value(); // { a: [1, 2, "x"] }
   * p.push('y", 3');
   * p.value(); // { a: [1, 2, "xy"] }: 3 may still become 34
   */
  value(): unknown;
  /**
   * True when the text so far is one complete JSON value, whitespace around it allowed (false after an error).
   *
   * @example
   * const p = createPartialJSONParser();
   * p.push('{"a": 1');
   * p.done; // false
   * p.push("}");
   * p.done; // true
   */
  readonly done: boolean;
  /**
   * Every chunk pushed so far, joined.
   *
   * @example
   * const p = createPartialJSONParser();
   * p.push('{"a"');
   * p.push(": 1}");
   * p.text(); // '{"a": 1}'
   */
  text(): string;
  /**
   * Set once the text can no longer become JSON, with the offending character's index in `text()`. Later
   * pushes are ignored; `value()` keeps what was read before. Text that merely stops early is not an error.
   *
   * @example
   * const p = createPartialJSONParser();
   * p.push('{"a" 1}');
   * p.error; // { message: "Expected ':' after property name, found '1'", position: 5 }
   */
  readonly error: { message: string; position: number } | undefined;
}

/**
 * What a parser reports as it reads, for a reader that follows the value's structure without walking it
 * again (the streamed arguments' checks): each callback is called once per value, key or string piece.
 *
 * @example
 * createPartialJSONParser({
 *   events: { begin: (kind) => console.log(kind), key() {}, text() {}, end() {}, close() {} },
 * });
 */
export interface ParserEvents {
  /** A value starts: its JSON kind is known from its first character. */
  begin(kind: "object" | "array" | "string" | "number" | "boolean" | "null"): void;
  /** A property name is complete; its value begins next. */
  key(name: string): void;
  /** More of the open string value (never of a key), as decoded text. */
  text(piece: string): void;
  /** A string, number, boolean or null is complete. */
  end(value: unknown): void;
  /** An object or array is complete. */
  close(): void;
}

type Container = Record<string, unknown> | unknown[];

/**
 * The deepest the parser nests objects and arrays (default of `maxDepth`). Each open level costs an object or
 * an array, about 200 bytes, so without a limit 12 MB of `[` in one streamed call took gigabytes; no tool's
 * arguments need a thousand levels.
 *
 * @example
 * createPartialJSONParser().push("[".repeat(MAX_PARTIAL_JSON_DEPTH + 1)); // error: ... nests deeper than 1000 levels
 */
const MAX_PARTIAL_JSON_DEPTH = 1000;

/**
 * Options of `createPartialJSONParser`.
 *
 * @example
 * createPartialJSONParser({ maxDepth: 64 });
 */
export interface PartialJSONOptions {
  /**
   * The deepest objects and arrays may nest (default 1,000); one level more is an `error`, and nothing after it is
   * parsed.
   */
  readonly maxDepth?: number;
  /** Told of each value, key and string piece as it is read (the streamed arguments' checks follow them). */
  readonly events?: ParserEvents;
}

// Parser states.
const VALUE = 0; // a value must start (at the top, after ':' and after ',' in an array)
const ARRAY_FIRST = 1; // after '[': a value or ']'
const OBJECT_FIRST = 2; // after '{': a key or '}'
const KEY = 3; // after ',' in an object: a key
const COLON = 4;
const AFTER = 5; // after a value in a container: ',' or the closing bracket
const END = 6; // after the top-level value: whitespace only
const STRING = 7;
const ESCAPE = 8; // after '\' in a string
const UNICODE = 9; // in the hex digits of '\uXXXX'
const NUMBER = 10;
const LITERAL = 11; // true, false, null
const FAILED = 12;

// Number sub-states; the ones after which the number may end are marked.
const N_START = 0;
const N_MINUS = 1;
const N_ZERO = 2; // may end
const N_INT = 3; // may end
const N_DOT = 4;
const N_FRAC = 5; // may end
const N_E = 6;
const N_E_SIGN = 7;
const N_EXP = 8; // may end

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const LITERALS: Record<string, [string, unknown]> = { t: ["true", true], f: ["false", false], n: ["null", null] };

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isDigit = (c: number) => c >= 48 && c <= 57;
const show = (c: number) =>
  c < 32 || c > 126 ? `U+${c.toString(16).toUpperCase().padStart(4, "0")}` : `'${String.fromCharCode(c)}'`;

// Text built with `+=` is a rope: appending is O(1), but every piece keeps a node of its own, so text streamed
// in 10-character deltas held about four times its size in nodes. Once the pieces appended since the last
// flattening number a 64th of the length (and at least 64), one indexed read makes the engine copy the rope
// into one flat string: the nodes stay a fraction of the text, and each piece costs at most 64 characters copied.
const FLATTEN_EVERY = 64;
let probe = 0; // where the read goes, so no optimiser drops it

/** Whether text that had `pieces` appended since it was last flat should be flattened now (then it is). */
function flattenedIfDue(text: string, pieces: number): boolean {
  if (pieces < FLATTEN_EVERY || pieces * FLATTEN_EVERY < text.length) return false;
  probe = text.charCodeAt(text.length >> 1) + probe;
  return true;
}

/**
 * Creates a parser for JSON text that arrives in chunks, such as streamed tool-call arguments. Linear in
 * the text however it is split; `value()` is O(1). Once `done`, `value()` deep-equals `JSON.parse(text())`.
 *
 * @example
 * const p = createPartialJSONParser();
 * for (const chunk of ['{"code": "print(\\"hi', '\\")", "lines": [1, 2', "]}"]) {
 *   p.push(chunk);
 *   render(p.value()); // { code: 'print("hi' }, then { code: 'print("hi")', lines: [1] }, ...
 * }
 * p.done; // true
 */
export function createPartialJSONParser(options: PartialJSONOptions = {}): PartialJSONParser {
  const maxDepth = options.maxDepth ?? MAX_PARTIAL_JSON_DEPTH;
  if (!(Number.isSafeInteger(maxDepth) && maxDepth >= 1))
    throw new TypeError(
      `createPartialJSONParser: maxDepth must be a whole number, 1 or more, received ${String(maxDepth)}`,
    );
  const events = options.events;
  let all = "";
  let allPieces = 0; // appended to `all` since it was last flattened; `strPieces` likewise for `str`
  let offset = 0; // index in `all` of the chunk being parsed
  let state = VALUE;
  let root: unknown;
  let done = false;
  let error: { message: string; position: number } | undefined;

  // Open containers, innermost last; for an object, the key whose value is being read.
  const stack: Container[] = [];
  const keys: string[] = [];

  // The open string: `str` is what has been committed; `pieces` the decoded parts of the current chunk;
  // `high` a trailing high surrogate held back until its low half may arrive, so no half pair is shown.
  let str = "";
  let strPieces = 0;
  let high = "";
  let isKey = false;
  const pieces: string[] = [];
  let hex = 0;
  let hexDigits = 0;

  let num = "";
  let numState = N_START;
  let word = "";
  let wordValue: unknown;
  let wordAt = 0;

  function fail(message: string, i: number): void {
    if (state === STRING || state === ESCAPE || state === UNICODE) commit(false); // keep what came before
    error = { message, position: offset + i };
    state = FAILED;
    done = false;
  }

  /** Adds a value that has just started (a container, an empty string) or just ended (a number, a literal). */
  function place(v: unknown): void {
    const top = stack[stack.length - 1];
    if (top === undefined) root = v;
    else if (Array.isArray(top)) top.push(v);
    else setOwn(top, keys[keys.length - 1]!, v);
  }

  /** Replaces the value that was placed last in the innermost container (the open string). */
  function replace(v: unknown): void {
    const top = stack[stack.length - 1];
    if (top === undefined) root = v;
    else if (Array.isArray(top)) top[top.length - 1] = v;
    else setOwn(top, keys[keys.length - 1]!, v);
  }

  function ended(): void {
    if (stack.length) state = AFTER;
    else {
      state = END;
      done = true;
    }
  }

  function close(): void {
    events?.close();
    stack.pop();
    keys.pop();
    ended();
  }

  /** Moves the current chunk's decoded parts into `str` (and into the tree unless it is a key). */
  function commit(final: boolean): void {
    let piece = pieces.length === 1 ? pieces[0]! : pieces.join("");
    pieces.length = 0;
    if (high) {
      piece = high + piece;
      high = "";
    }
    if (!final) {
      const last = piece.charCodeAt(piece.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        high = piece.slice(-1);
        piece = piece.slice(0, -1);
      }
    }
    if (piece) {
      str += piece; // `+=` builds a rope: appending is O(1) however long the string grows
      if (flattenedIfDue(str, ++strPieces)) strPieces = 0;
    }
    if (!isKey) {
      if (piece) events?.text(piece);
      replace(str);
    }
  }

  /** Starts the value whose first character is `c` at index `i`; returns the index to continue at. */
  function start(chunk: string, c: number, i: number): number {
    if ((c === 123 || c === 91) && stack.length >= maxDepth) {
      fail(`The value nests deeper than ${maxDepth} levels of objects and arrays`, i);
      return i;
    }
    if (c === 123) {
      events?.begin("object");
      const object: Record<string, unknown> = {};
      place(object);
      stack.push(object);
      keys.push("");
      state = OBJECT_FIRST;
    } else if (c === 91) {
      events?.begin("array");
      const array: unknown[] = [];
      place(array);
      stack.push(array);
      keys.push("");
      state = ARRAY_FIRST;
    } else if (c === 34) {
      events?.begin("string");
      str = "";
      strPieces = 0;
      isKey = false;
      place("");
      state = STRING;
    } else if (c === 45 || isDigit(c)) {
      events?.begin("number");
      num = "";
      numState = N_START;
      state = NUMBER;
      return i; // the number reads its own first character
    } else {
      const literal = LITERALS[chunk[i]!];
      if (!literal) {
        fail(`Unexpected ${show(c)}, expected a value`, i);
        return i;
      }
      [word, wordValue] = literal;
      events?.begin(wordValue === null ? "null" : "boolean");
      wordAt = 1;
      state = LITERAL;
    }
    return i + 1;
  }

  /** Reads number characters from `i`; returns the index of the first character after them. */
  function readNumber(chunk: string, i: number): number {
    const from = i;
    const n = chunk.length;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      let next = -1;
      switch (numState) {
        case N_START:
          next = c === 45 ? N_MINUS : c === 48 ? N_ZERO : N_INT; // start() only hands over '-' and digits
          break;
        case N_MINUS:
          next = c === 48 ? N_ZERO : isDigit(c) ? N_INT : -1;
          break;
        case N_ZERO:
          next = c === 46 ? N_DOT : c === 101 || c === 69 ? N_E : -1;
          if (isDigit(c)) {
            fail("Leading zeros are not allowed in numbers", i);
            return i;
          }
          break;
        case N_INT:
          next = isDigit(c) ? N_INT : c === 46 ? N_DOT : c === 101 || c === 69 ? N_E : -1;
          break;
        case N_DOT:
        case N_FRAC:
          next = isDigit(c) ? N_FRAC : numState === N_FRAC && (c === 101 || c === 69) ? N_E : -1;
          break;
        case N_E:
          next = c === 43 || c === 45 ? N_E_SIGN : isDigit(c) ? N_EXP : -1;
          break;
        default: // N_E_SIGN, N_EXP
          next = isDigit(c) ? N_EXP : -1;
      }
      if (next < 0) {
        if (numState === N_ZERO || numState === N_INT || numState === N_FRAC || numState === N_EXP) {
          num += chunk.slice(from, i);
          const value = Number(num); // the same double JSON.parse gives, -0 and huge integers included
          place(value);
          events?.end(value);
          ended();
        } else fail(`Unexpected ${show(c)} in number, expected a digit`, i);
        return i;
      }
      numState = next;
    }
    num += chunk.slice(from, i);
    return i;
  }

  /** Reads string characters from `i` until the chunk ends or the string closes; returns the next index. */
  function readString(chunk: string, i: number): number {
    const n = chunk.length;
    while (i < n) {
      if (state === STRING) {
        const from = i;
        let c = 0;
        while (i < n && (c = chunk.charCodeAt(i)) !== 34 && c !== 92 && c >= 32) i++;
        if (i > from) pieces.push(chunk.slice(from, i));
        if (i === n) break;
        if (c === 34) {
          commit(true);
          if (isKey) {
            keys[keys.length - 1] = str;
            events?.key(str);
            state = COLON;
          } else {
            events?.end(str);
            ended();
          }
          return i + 1;
        }
        if (c === 92) state = ESCAPE;
        else {
          fail(`Unescaped control character ${show(c)} in string`, i);
          return i;
        }
        i++;
      } else if (state === ESCAPE) {
        const ch = chunk[i]!;
        if (ch === "u") {
          hex = 0;
          hexDigits = 0;
          state = UNICODE;
        } else {
          const decoded = ESCAPES[ch];
          if (decoded === undefined) {
            fail(`Bad escape \\${ch} in string`, i);
            return i;
          }
          pieces.push(decoded);
          state = STRING;
        }
        i++;
      } else {
        const c = chunk.charCodeAt(i);
        const digit = isDigit(c) ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
        if (digit < 0) {
          fail(`Bad unicode escape in string: ${show(chunk.charCodeAt(i))} is not a hex digit`, i);
          return i;
        }
        hex = hex * 16 + digit;
        if (++hexDigits === 4) {
          pieces.push(String.fromCharCode(hex));
          state = STRING;
        }
        i++;
      }
    }
    return i;
  }

  function push(chunk: string): void {
    if (typeof chunk !== "string") throw new TypeError(`push() takes a string, received ${typeof chunk}`);
    all += chunk;
    if (flattenedIfDue(all, ++allPieces)) allPieces = 0;
    if (state === FAILED) return;
    const n = chunk.length;
    let i = 0;
    while (i < n && state !== FAILED) {
      if (state === STRING || state === ESCAPE || state === UNICODE) {
        i = readString(chunk, i);
        continue;
      }
      if (state === NUMBER) {
        i = readNumber(chunk, i);
        continue;
      }
      const c = chunk.charCodeAt(i);
      if (state === LITERAL) {
        if (c !== word.charCodeAt(wordAt)) fail(`Unexpected ${show(c)}, expected '${word}'`, i);
        else if (++wordAt === word.length) {
          place(wordValue);
          events?.end(wordValue);
          ended();
        }
        i++;
        continue;
      }
      if (isSpace(c)) {
        i++;
        continue;
      }
      switch (state) {
        case VALUE:
          i = start(chunk, c, i);
          continue;
        case ARRAY_FIRST:
          if (c === 93) close();
          else {
            i = start(chunk, c, i);
            continue;
          }
          break;
        case OBJECT_FIRST:
        case KEY:
          if (c === 34) {
            str = "";
            strPieces = 0;
            isKey = true;
            state = STRING;
          } else if (c === 125 && state === OBJECT_FIRST) close();
          else fail(`Expected a property name${state === OBJECT_FIRST ? " or '}'" : ""}, found ${show(c)}`, i);
          break;
        case COLON:
          if (c === 58) state = VALUE;
          else fail(`Expected ':' after property name, found ${show(c)}`, i);
          break;
        case AFTER: {
          const isArray = Array.isArray(stack[stack.length - 1]);
          if (c === 44) state = isArray ? VALUE : KEY;
          else if (c === (isArray ? 93 : 125)) close();
          else
            fail(
              `Expected ',' or '${isArray ? "]" : "}"}' after ${isArray ? "array element" : "property value"}, found ${show(c)}`,
              i,
            );
          break;
        }
        default: // END
          fail(`Unexpected ${show(c)} after the end of the JSON value`, i);
      }
      i++;
    }
    if (state === STRING || state === ESCAPE || state === UNICODE) commit(false);
    offset += n;
  }

  return {
    push,
    value: () => root,
    get done() {
      return done;
    },
    text: () => all,
    get error() {
      return error;
    },
  };
}
