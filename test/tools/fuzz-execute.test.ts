/**
 * Fuzz test of `tool.execute` and `registry.execute` (fast-check, fixed seed): for any input, JSON or not
 * (`__proto__` and `constructor` keys, getters that throw or change their answer, proxies whose traps
 * throw or lie, cycles, BigInts, symbols, functions, huge and deep values, JSON text, garbage text):
 * 1. execute never throws or rejects: it resolves to a `ToolResult` whose error is bounded text;
 * 2. the function runs only on arguments an independent, hand-written check accepts (its decoded types
 *    included: a `Date`, a `Uint8Array`, a `Set`), however the input behaves between reads;
 * 3. arguments the guard accepts as JSON always run.
 * The suite prints how many cases it ran and how many reached the function. In Node, TOOLTYPE_FUZZ_SEED and
 * TOOLTYPE_FUZZ_RUNS explore further.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile, t, tool, ToolRegistry, type Tool } from "tooltype";

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
const SEED = Number(env?.TOOLTYPE_FUZZ_SEED) || 20261207;
const RUNS = Number(env?.TOOLTYPE_FUZZ_RUNS) || 1000;
const quiet = { error: () => {}, warn: () => {} };

// ---- tools, each with an independent check of what its function receives ------------------------------------
const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
const codePoints = (s: string) => [...s].length;
const isInt = (v: unknown, min: number, max: number) =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

interface Tree {
  value: number;
  children: Tree[];
}
function isTree(root: unknown): boolean {
  const stack = [root];
  while (stack.length) {
    const node = stack.pop();
    if (
      !isPlain(node) ||
      typeof node.value !== "number" ||
      !Number.isFinite(node.value) ||
      !Array.isArray(node.children)
    )
      return false;
    stack.push(...node.children);
  }
  return true;
}

const Tree = t.recursive<Tree>("Tree", (self) => t.object({ value: t.number(), children: t.array(self) }));

interface Subject {
  readonly tool: Tool<never, unknown>;
  /** The check the function's arguments must pass, written without the library. */
  readonly accepts: (args: unknown) => boolean;
  /** A generator of arguments near the valid ones: valid fields mixed with wrong ones. */
  readonly near: fc.Arbitrary<unknown>;
  ran: number;
  wrong: string[];
}

const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(undefined, NaN, -0, Infinity, 10n, Symbol("s"), () => 1, new Date(0), new Map([[1, 2]])),
);
const field = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: junk });

function subject(
  make: (run: (args: unknown) => unknown) => Tool<never, unknown>,
  accepts: (args: unknown) => boolean,
  near: fc.Arbitrary<unknown>,
): Subject {
  const s: Subject = {
    tool: undefined as never,
    accepts,
    near,
    ran: 0,
    wrong: [],
  };
  (s as { tool: Tool<never, unknown> }).tool = make((args) => {
    s.ran++;
    if (!accepts(args) && s.wrong.length < 5) s.wrong.push(String(safeText(args)));
    return "ran";
  });
  return s;
}

function safeText(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? `${v}n` : v))?.slice(0, 200) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

const SUBJECTS: Subject[] = [
  subject(
    (run) =>
      tool({
        name: "weather",
        description: "Weather.",
        logger: quiet,
        parameters: t.object({
          city: t.string({ minLength: 1, maxLength: 40 }),
          days: t.optional(t.integer({ minimum: 1, maximum: 14 })),
          unit: t.enum(["c", "f"], { default: "c" }),
          tags: t.optional(t.array(t.string(), { maxItems: 5 })),
        }),
        execute: run as never,
      }),
    (a) =>
      isPlain(a) &&
      typeof a.city === "string" &&
      codePoints(a.city) >= 1 &&
      codePoints(a.city) <= 40 &&
      (a.days === undefined || isInt(a.days, 1, 14)) &&
      (a.unit === "c" || a.unit === "f") &&
      (a.tags === undefined ||
        (Array.isArray(a.tags) && a.tags.length <= 5 && a.tags.every((x) => typeof x === "string"))),
    fc.record(
      {
        city: field(fc.string({ maxLength: 45 })),
        days: field(fc.integer({ min: -2, max: 16 })),
        unit: field(fc.constantFrom("c", "f", "k")),
        tags: field(fc.array(fc.string(), { maxLength: 7 })),
      },
      { requiredKeys: [] },
    ),
  ),
  subject(
    (run) =>
      tool({
        name: "event",
        description: "An event.",
        logger: quiet,
        parameters: t.object({
          when: t.datetime(),
          data: t.bytes(),
          ids: t.set(t.integer()),
          nested: t.object({ x: t.union([t.number(), t.string()]), y: t.nullable(t.boolean()) }),
        }),
        execute: run as never,
      }),
    (a) =>
      isPlain(a) &&
      a.when instanceof Date &&
      !Number.isNaN(a.when.getTime()) &&
      a.data instanceof Uint8Array &&
      a.ids instanceof Set &&
      [...a.ids].every((x) => Number.isInteger(x)) &&
      isPlain(a.nested) &&
      (typeof a.nested.x === "string" || (typeof a.nested.x === "number" && Number.isFinite(a.nested.x))) &&
      (a.nested.y === null || typeof a.nested.y === "boolean"),
    fc.record(
      {
        when: field(fc.constantFrom("2026-01-02T03:04:05Z", "2026-13-01T00:00:00Z", "yesterday", "2026-01-02")),
        data: field(fc.constantFrom("aGVsbG8=", "", "not base64!", "aGVsbG8")),
        ids: field(fc.array(fc.integer(), { maxLength: 4 })),
        nested: field(
          fc.record(
            { x: field(fc.oneof(fc.double(), fc.string())), y: field(fc.oneof(fc.boolean(), fc.constant(null))) },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    ),
  ),
  subject(
    (run) =>
      tool({
        name: "tree",
        description: "A tree.",
        logger: quiet,
        parameters: t.object({ root: Tree }),
        execute: run as never,
      }),
    (a) => isPlain(a) && isTree(a.root),
    fc
      .letrec<{ tree: unknown }>((tie) => ({
        tree: fc.record(
          {
            value: field(fc.double()),
            children: fc.oneof({ depthSize: "small" }, fc.constant([]), fc.array(tie("tree"), { maxLength: 3 })),
          },
          { requiredKeys: [] },
        ),
      }))
      .tree.map((root) => ({ root })),
  ),
  subject(
    (run) =>
      tool({
        name: "search",
        description: "A plain JSON Schema.",
        logger: quiet,
        parameters: {
          type: "object",
          properties: { q: { type: "string", pattern: "^[a-z]+$" }, n: { type: "number", multipleOf: 0.5 } },
          required: ["q"],
          additionalProperties: false,
        },
        execute: run as never,
      }),
    (a) =>
      isPlain(a) &&
      typeof a.q === "string" &&
      /^[a-z]+$/.test(a.q) &&
      (a.n === undefined || (typeof a.n === "number" && Number.isFinite(a.n) && a.n % 0.5 === 0)) &&
      Object.keys(a).every((k) => k === "q" || k === "n"),
    fc.record(
      {
        q: field(fc.stringMatching(/^[a-z]{0,6}$/)),
        n: field(fc.oneof(fc.integer(), fc.double())),
        extra: field(fc.string()),
      },
      { requiredKeys: [] },
    ),
  ),
];

// ---- hostile forms of an input ------------------------------------------------------------------------------
const KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "then",
  "toJSON",
  "city",
  "q",
  "root",
  "length",
];
const key = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 6 }));

/** The many ways a caller's object can misbehave, applied to a generated input. */
const HOSTILE: Record<string, (base: Record<string, unknown>, k: string, other: unknown) => unknown> = {
  "__proto__ as own key": (base, k, other) => JSON.parse(`{"__proto__": ${safeJSON(other)}, ${JSON.stringify(k)}: 1}`),
  "inherited properties": (base) => Object.create(base),
  "null prototype": (base) => Object.assign(Object.create(null), base),
  "getter that throws": (base, k) =>
    Object.defineProperty({ ...base }, k, {
      get() {
        throw new Error("getter");
      },
      enumerable: true,
    }),
  "getter that flips": (base, k, other) => {
    let reads = 0;
    return Object.defineProperty({ ...base }, k, {
      get: () => (reads++ % 2 === 0 ? base[k] : other),
      enumerable: true,
    });
  },
  "proxy whose trap throws": (base, k) => {
    const trap = ["get", "ownKeys", "getOwnPropertyDescriptor", "getPrototypeOf", "has"][k.length % 5]!;
    return new Proxy(base, {
      [trap]: () => {
        throw new Error(`trap ${trap}`);
      },
    });
  },
  "proxy that lies between reads": (base, k, other) => {
    let reads = 0;
    return new Proxy(base, {
      get: (target, p) => (p === k ? (reads++ % 2 === 0 ? target[k as never] : other) : target[p as never]),
    });
  },
  "revoked proxy": (base) => {
    const { proxy, revoke } = Proxy.revocable(base, {});
    revoke();
    return proxy;
  },
  "array proxy with a lying length": (_base, k) =>
    new Proxy([], {
      get: (target, p) => (p === "length" ? [2 ** 32 + 1, -1, NaN, 1.5, 1e300][k.length % 5] : target[p as never]),
    }),
  cycle: (base, k) => {
    const copy: Record<string, unknown> = { ...base };
    copy[k === "__proto__" ? "self" : k] = copy;
    return copy;
  },
  "cycle through an array": (base) => {
    const list: unknown[] = [];
    const copy = { ...base, tags: list, root: { value: 1, children: list } };
    list.push(copy);
    return copy;
  },
  "symbol keys and values": (base, k) => ({ ...base, [Symbol(k)]: 1, [k]: Symbol(k) }),
  "bigint value": (base, k) => ({ ...base, [k]: 2n ** 70n }),
  "function value": (base, k) => ({ ...base, [k]: () => "called" }),
  "toJSON and then": (base) => ({
    ...base,
    toJSON: () => ({ city: "x" }),
    then: (resolve: (v: unknown) => void) => resolve({ city: "x" }),
  }),
  frozen: (base) => Object.freeze({ ...base }),
  "class instance": (base) => Object.assign(new (class Args {})(), base),
  "sparse array field": (base, k) => ({ ...base, [k]: [, , 1] }), // eslint-disable-line no-sparse-arrays
  "JSON text": (base) => safeJSON(base),
  "JSON text with a byte-order mark": (base) => "\ufeff" + safeJSON(base),
  "JSON encoded twice": (base) => JSON.stringify(safeJSON(base)),
  "cut JSON text": (base, k) => safeJSON(base).slice(0, k.length + 1),
};

function safeJSON(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "null";
  } catch {
    return "{}";
  }
}

const kinds = Object.keys(HOSTILE);
const anything = fc.anything({
  key,
  maxDepth: 3,
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withNullPrototype: true,
  withBoxedValues: true,
  withObjectString: true,
});

// ---- the properties -----------------------------------------------------------------------------------------
const seen = { cases: 0, ran: 0, refused: 0, byKind: {} as Record<string, number> };

async function run(subjectOf: Subject, input: unknown): Promise<void> {
  seen.cases++;
  let result: unknown;
  try {
    result = await subjectOf.tool.execute(input as never);
  } catch (error) {
    assert.unreachable(`execute rejected on ${safeText(input)}: ${String(error)}`);
  }
  const r = result as { success: unknown; error?: unknown };
  assert.type(r.success, "boolean");
  if (r.success) seen.ran++;
  else {
    seen.refused++;
    assert.type(r.error, "string");
    assert.ok((r.error as string).length <= 4000, `an error of ${(r.error as string).length} characters`);
  }
}

const s = suite("fuzz: tool.execute and registry.execute on hostile input");

s(
  "any value, any hostile form of a near-valid one: a result, and the function sees only checked arguments",
  async () => {
    const input = fc.oneof(
      {
        weight: 2,
        arbitrary: fc.tuple(fc.nat(SUBJECTS.length - 1), anything).map(([i, v]) => [i, v, "anything"] as const),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.nat(SUBJECTS.length - 1), fc.string({ unit: "binary", maxLength: 30 }))
          .map(([i, v]) => [i, v, "garbage text"] as const),
      },
      {
        weight: 6,
        arbitrary: fc
          .nat(SUBJECTS.length - 1)
          .chain((i) =>
            fc
              .tuple(fc.constant(i), SUBJECTS[i]!.near, fc.constantFrom(...kinds, "as is"), key, junk)
              .map(
                ([i, base, kind, k, other]) =>
                  [
                    i,
                    kind === "as is" ? base : HOSTILE[kind]!(base as Record<string, unknown>, k, other),
                    kind,
                  ] as const,
              ),
          ),
      },
    );
    await fc.assert(
      fc.asyncProperty(input, async ([i, value, kind]) => {
        seen.byKind[kind] = (seen.byKind[kind] ?? 0) + 1;
        await run(SUBJECTS[i]!, value);
      }),
      { seed: SEED, numRuns: RUNS * 2 },
    );
    for (const sub of SUBJECTS) assert.equal(sub.wrong, [], `${sub.tool.name} ran on arguments its check refuses`);
    assert.ok(
      seen.ran > RUNS / 10,
      `too few inputs reached a function (${seen.ran}): the generators are too narrow to mean anything`,
    );
    console.log(
      `fuzz execute: ${seen.cases} cases (${Object.keys(seen.byKind).length} kinds of input), ${seen.ran} ran the function, ${seen.refused} refused, 0 ran unchecked`,
    );
  },
);

s("JSON the guard accepts always runs; JSON it refuses never does", async () => {
  let accepted = 0;
  let cases = 0;
  for (const sub of SUBJECTS) {
    const guard = compile(sub.tool.parameters, { eval: false });
    await fc.assert(
      fc.asyncProperty(sub.near, async (value) => {
        const json = JSON.parse(safeJSON(value)) as unknown;
        const before = sub.ran;
        const result = await sub.tool.execute(json as never);
        cases++;
        if (guard(json)) {
          accepted++;
          assert.ok(
            result.success,
            `${sub.tool.name} refused ${safeJSON(json)}: ${(result as { error: string }).error}`,
          );
        }
        if (result.success) assert.is(sub.ran, before + 1);
      }),
      { seed: SEED + 1, numRuns: Math.ceil(RUNS / 2) },
    );
  }
  assert.ok(accepted > cases / 20, `only ${accepted} of ${cases} generated arguments were valid`);
  console.log(`fuzz execute: ${cases} JSON cases, ${accepted} valid ones all ran`);
});

s("registry.execute: any name (symbols, objects whose toString throws, __proto__) and any input resolve", async () => {
  const registry = new ToolRegistry({ logger: quiet }).register(SUBJECTS.map((x) => x.tool));
  const weird = fc.constantFrom<unknown>(
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "",
    " weather",
    "WEATHER",
    Symbol("weather"),
    1,
    null,
    undefined,
    {},
    {
      toString() {
        throw new Error("toString");
      },
    },
    Object.create(null),
    new Proxy(
      {},
      {
        get() {
          throw new Error("trap");
        },
      },
    ),
    10n,
    ["weather"],
  );
  const name = fc.oneof(fc.constantFrom(...SUBJECTS.map((x) => x.tool.name)), weird, fc.string({ maxLength: 10 }));
  let cases = 0;
  let known = 0;
  await fc.assert(
    fc.asyncProperty(name, anything, async (n, args) => {
      cases++;
      let result: { success: unknown; error?: unknown } | undefined;
      try {
        result = (await registry.execute(n as string, args)) as never;
      } catch (error) {
        assert.unreachable(`registry.execute threw for the name ${safeText(n)}: ${String(error)}`);
      }
      assert.type(result!.success, "boolean");
      if (typeof n === "string" && registry.has(n)) known++;
      else assert.match(String(result!.error), /^Unknown tool /);
    }),
    { seed: SEED + 2, numRuns: RUNS },
  );
  for (const sub of SUBJECTS) assert.equal(sub.wrong, [], `${sub.tool.name} ran on arguments its check refuses`);
  console.log(`fuzz registry.execute: ${cases} cases, ${known} with a registered name`);
});

s("huge and deep values: refused or run, in bounded time, never a crash", async () => {
  const [weather, , tree] = SUBJECTS as [Subject, Subject, Subject, Subject];
  let deep: unknown = [];
  for (let i = 0; i < 100_000; i++) deep = [deep];
  let deepObject: unknown = { value: 1, children: [] };
  for (let i = 0; i < 100_000; i++) deepObject = { value: i, children: [deepObject] };
  // JSON.stringify would overflow the stack on these: their text is written by hand.
  const deepText = "[".repeat(100_000) + "]".repeat(100_000);
  const deepTreeText = '{"value":1,"children":['.repeat(100_000) + '{"value":0,"children":[]}' + "]}".repeat(100_000);
  const wide = { city: "x", tags: Array.from({ length: 1_000_000 }, (_, i) => i) };
  const manyKeys: Record<string, number> = { city: 1 } as never;
  for (let i = 0; i < 200_000; i++) manyKeys[`k${i}`] = i;
  const cases: [Subject, unknown][] = [
    [weather, { city: deep }],
    [weather, { city: "x".repeat(5_000_000) }],
    [weather, wide],
    [weather, manyKeys],
    [weather, `{"city":"x","tags":${deepText}}`],
    [tree, { root: deepObject }],
    [tree, `{"root":${deepTreeText}}`],
    [weather, "[".repeat(1_000_000)],
    [weather, new Proxy([], { get: (target, p) => (p === "length" ? 2 ** 32 - 1 : target[p as never]) })],
  ];
  for (const [sub, input] of cases) {
    const before = sub.ran;
    const result = await sub.tool.execute(input as never);
    assert.type(result.success, "boolean");
    if (!result.success) assert.ok(result.error.length <= 4000);
    if (sub === tree && result.success) assert.is(sub.ran, before + 1);
  }
  for (const sub of SUBJECTS) assert.equal(sub.wrong, []);
  console.log(
    `fuzz execute: ${cases.length} huge or deep inputs (100,000 levels, 1,000,000 items, 200,000 keys, 5 MB strings), all resolved`,
  );
});

s.run();
