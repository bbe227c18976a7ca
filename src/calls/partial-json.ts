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

// Parser states. Those from STRING on are inside a string.
const FAILED = -1;
const VALUE = 0; // a value must start (at the top, after ':' and after ',' in an array)
const ARRAY_FIRST = 1; // after '[': a value or ']'
const OBJECT_FIRST = 2; // after '{': a key or '}'
const KEY = 3; // after ',' in an object: a key
const COLON = 4;
const AFTER = 5; // after a value in a container: ',' or the closing bracket
const END = 6; // after the top-level value: whitespace only
const NUMBER = 7;
const LITERAL = 8; // true, false, null
const STRING = 9;
const ESCAPE = 10; // after '\' in a string
const UNICODE = 11; // in the hex digits of '\uXXXX'

// Numbers, one step a character: the character's class is its place in NUMBER_CLASSES ("-", "0", "1"-"9", ".", "e"/"E",
// "+", anything else), and NUMBER_STEPS's row for the number's state gives the state after it ("z": a leading zero, an
// error; "x": the number cannot go on with that character). States: 0 start (a '-' or a digit comes), 1 after '-', 2
// after a leading 0, 3 in the integer, 4 after '.', 5 in the fraction, 6 after 'e', 7 after the exponent's sign, 8 in
// the exponent.
const NUMBER_CLASSES = "6012222222223445"; // by 1 + the index in "-0123456789.eE+"
const NUMBER_STEPS = "123xxxxx23xxxxxzz46xxx3346xxx55xxxxx55x6xx788xx7xx88xxxxx88xxxx";
const NUMBER_ENDS = 0b100101100; // bit n: the number may end in state n (2, 3, 5, 8)
const DIGIT_RUNS = 0b100101000; // bit n: a digit keeps state n (3, 5, 8)

const ESCAPES = 'bfnrt"\\/'; // the characters a '\' may escape,
const ESCAPED = '\b\f\n\r\t"\\/'; // and what each stands for
const LITERALS: Record<string, string> = { t: "true", f: "false", n: "null" };

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
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
  let error: { message: string; position: number } | undefined;

  // Open containers, innermost last; for each, where its next value goes: an object's key, an array's index.
  const stack: Record<string, unknown>[] = [];
  const keys: (string | number)[] = [];

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
  let numState = 0;
  let word = "";
  let wordAt = 0;

  function fail(message: string, i: number): void {
    if (state >= STRING) commit(false); // keep what came before
    error = { message, position: offset + i };
    state = FAILED;
  }

  /**
   * Sets the value being read (in the innermost container, or the root): a container or string as it starts, a
   * string as it grows, a number or literal once complete.
   */
  function set(v: unknown): void {
    if (stack.length)
      setOwn(stack.at(-1)!, keys.at(-1) as string, v); // an array's key is a number: its index
    else root = v;
  }

  /** A string or a key begins. */
  function open(key: boolean): void {
    str = "";
    strPieces = 0;
    isKey = key;
    state = STRING;
  }

  /** A string, number or literal is complete. */
  function ended(value: unknown): void {
    set(value);
    events?.end(value);
    state = stack.length ? AFTER : END;
  }

  /** Moves the current chunk's decoded parts into `str` (and into the tree unless it is a key). */
  function commit(final: boolean): void {
    let piece = high + (pieces.length === 1 ? pieces[0]! : pieces.join(""));
    pieces.length = 0;
    high = "";
    if (!final && (piece.charCodeAt(piece.length - 1) & 0xfc00) === 0xd800) {
      high = piece.slice(-1);
      piece = piece.slice(0, -1);
    }
    if (piece) {
      str += piece; // `+=` builds a rope: appending is O(1) however long the string grows
      if (flattenedIfDue(str, ++strPieces)) strPieces = 0;
    }
    if (!isKey) {
      if (piece) events?.text(piece);
      set(str);
    }
  }

  /** Starts the value whose first character is `c` at index `i`; returns the index to continue at. */
  function start(chunk: string, c: number, i: number): number {
    if (c === 123 || c === 91) {
      if (stack.length >= maxDepth) {
        fail(`The value nests deeper than ${maxDepth} levels of objects and arrays`, i);
        return i;
      }
      const array = c === 91;
      events?.begin(array ? "array" : "object");
      const container = array ? [] : {};
      set(container);
      stack.push(container as Record<string, unknown>);
      keys.push(array ? 0 : "");
      state = array ? ARRAY_FIRST : OBJECT_FIRST;
    } else if (c === 34) {
      events?.begin("string");
      open(false);
      set("");
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      events?.begin("number");
      num = "";
      numState = 0;
      state = NUMBER;
      return i; // the number reads its own first character
    } else {
      word = LITERALS[chunk[i]!] ?? "";
      if (!word) {
        fail(`Unexpected ${show(c)}, expected a value`, i);
        return i;
      }
      events?.begin(word === "null" ? "null" : "boolean");
      wordAt = 1;
      state = LITERAL;
    }
    return i + 1;
  }

  /** Reads number characters from `i`; returns the index of the first character after them. */
  function readNumber(chunk: string, i: number): number {
    const from = i;
    for (; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c >= 48 && c <= 57 && (DIGIT_RUNS >> numState) & 1) continue; // the common case
      const next = NUMBER_STEPS.charCodeAt(numState * 7 + +NUMBER_CLASSES["-0123456789.eE+".indexOf(chunk[i]!) + 1]!);
      if (next === 122) {
        fail("Leading zeros are not allowed in numbers", i); // "z"
        return i;
      }
      if (next === 120) {
        // "x": the number ends here, or cannot
        if ((NUMBER_ENDS >> numState) & 1)
          ended(Number(num + chunk.slice(from, i))); // the same double JSON.parse gives, -0 and huge integers included
        else fail(`Unexpected ${show(c)} in number, expected a digit`, i);
        return i;
      }
      numState = next - 48;
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
          } else ended(str);
          return i + 1;
        }
        if (c !== 92) {
          fail(`Unescaped control character ${show(c)} in string`, i);
          return i;
        }
        state = ESCAPE;
      } else if (state === ESCAPE) {
        const ch = chunk[i]!;
        const at = ESCAPES.indexOf(ch);
        if (ch === "u") {
          hex = hexDigits = 0;
          state = UNICODE;
        } else if (at < 0) {
          fail(`Bad escape \\${ch} in string`, i);
          return i;
        } else {
          pieces.push(ESCAPED[at]!);
          state = STRING;
        }
      } else {
        const digit = parseInt(chunk[i]!, 16); // one character: NaN unless a hex digit
        if (!(digit >= 0)) {
          fail(`Bad unicode escape in string: ${show(chunk.charCodeAt(i))} is not a hex digit`, i);
          return i;
        }
        hex = hex * 16 + digit;
        if (++hexDigits === 4) {
          pieces.push(String.fromCharCode(hex));
          state = STRING;
        }
      }
      i++;
    }
    return i;
  }

  /** Reads `c` at `i`, a structural character (a bracket, a comma, a colon, a value's start); returns what follows. */
  function step(chunk: string, c: number, i: number): number {
    switch (state) {
      case VALUE:
        return start(chunk, c, i);
      case ARRAY_FIRST:
        if (c !== 93) return start(chunk, c, i);
        close();
        break;
      case OBJECT_FIRST:
      case KEY:
        if (c === 34) open(true);
        else if (c === 125 && state === OBJECT_FIRST) close();
        else fail(`Expected a property name${state === OBJECT_FIRST ? " or '}'" : ""}, found ${show(c)}`, i);
        break;
      case COLON:
        if (c === 58) state = VALUE;
        else fail(`Expected ':' after property name, found ${show(c)}`, i);
        break;
      case AFTER: {
        const isArray = Array.isArray(stack.at(-1));
        if (c === 44) {
          if (isArray) keys[keys.length - 1] = (keys.at(-1) as number) + 1;
          state = isArray ? VALUE : KEY;
        } else if (c === (isArray ? 93 : 125)) close();
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
    return i + 1;
  }

  function close(): void {
    events?.close();
    stack.pop();
    keys.pop();
    state = stack.length ? AFTER : END;
  }

  function push(chunk: string): void {
    if (typeof chunk !== "string") throw new TypeError(`push() takes a string, received ${typeof chunk}`);
    all += chunk;
    if (flattenedIfDue(all, ++allPieces)) allPieces = 0;
    let i = 0;
    while (i < chunk.length && state !== FAILED) {
      const c = chunk.charCodeAt(i);
      if (state >= STRING) i = readString(chunk, i);
      else if (state === NUMBER) i = readNumber(chunk, i);
      else if (state === LITERAL) {
        if (c !== word.charCodeAt(wordAt)) fail(`Unexpected ${show(c)}, expected '${word}'`, i);
        else if (++wordAt === word.length) ended(word === "null" ? null : word === "true");
        i++;
      } else i = isSpace(c) ? i + 1 : step(chunk, c, i);
    }
    if (state >= STRING) commit(false);
    offset += chunk.length;
  }

  return {
    push,
    value: () => root,
    get done() {
      return state === END;
    },
    text: () => all,
    get error() {
      return error;
    },
  };
}
