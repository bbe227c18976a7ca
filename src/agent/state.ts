import type { CallResult, ToolCall } from "../tools/call.js";
import { cut, preview } from "../util/text.js";
import { resultData } from "../calls/wire.js";
import type { ApprovalDecision, PendingCall } from "./approval.js";
import type { PendingElicitation } from "./asking.js";
import { elicitedValue } from "../tools/asks.js";
import { base64url, canonicalJSON, digest, NO_WEB_CRYPTO, sign, signBytes, verify, type ClaimHook } from "./seal.js";

/**
 * Where a run stands, as signed plain JSON (marked `unsigned` where Web Crypto is missing): `JSON.stringify` it,
 * store it anywhere (a database, `localStorage`), and give it to `resume` later, in this process or another one
 * (with the same `stateKey`). Between turns (`calls` empty) the loop goes on with the model's next turn; inside a
 * turn it runs the calls that have no result yet, asking for a decision on each `pending` one. A state resumes
 * once (see `claim`). The states of one turn share their conversation, calls and pending calls, frozen.
 *
 * @example
 * const { state } = await runTools({ ...options, stateKey }); // finishReason: "approval"
 * localStorage.setItem("agent", JSON.stringify(state));
 */
export interface LoopState {
  readonly version: 5;
  /** This checkpoint's place in its run (`run:step:approval` for a turn awaiting decisions); what `claim` is given. */
  readonly id: string;
  /** The run's id, kept over `resume`: with the step and a call's id, the call's `idempotencyKey`. */
  readonly run: string;
  readonly provider: string;
  /** The request's other settings (model, max_tokens, ...), without the conversation and the tools. */
  readonly request: Record<string, unknown>;
  /** The conversation, up to and including the last assistant turn (and its answers, between turns). */
  readonly messages: unknown[];
  /** Model turns taken so far. */
  readonly step: number;
  /** Every call of the turn in progress, in order; empty between turns. */
  readonly calls: ToolCall[];
  /** What each call gave, in the same order; `null` where a call has not finished (or awaits its decision). */
  readonly results: (CallResult | null)[];
  /** The calls awaiting a decision. */
  readonly pending: PendingCall[];
  /**
   * The calls paused on their `elicit`, awaiting a person's answer (signed with the rest); absent when none. Each
   * runs again on `resume`, its earlier `elicit`s given the answers they had.
   */
  readonly elicitations?: PendingElicitation[];
  /** The deferred tools (`defer: true`) the loop's `find_tools` found, in the order found; absent when none. */
  readonly discovered?: string[];
  /** Which key signed it (an HMAC of a constant): tells "another key" from "changed". Absent when `unsigned`. */
  readonly keyId?: string;
  /**
   * HMAC-SHA-256 of everything else, canonical JSON, base64url: the conversation and the calls by their SHA-256, the
   * results by the XOR of each one's HMAC with its index (so a checkpoint signs what it adds, not every result again).
   * Absent when `unsigned`.
   */
  readonly signature?: string;
  /**
   * Present on a state that could not be signed: `"no-web-crypto"`, made where `globalThis.crypto.subtle` is
   * missing (a browser page that is not a secure context: plain http, not localhost). It shows where the run
   * stood, but it does not resume: `resume` refuses it (`StateError` code `"unsigned"`).
   */
  readonly unsigned?: "no-web-crypto";
}

/**
 * What the loop knows of a state before it is sealed.
 *
 * @example
 * seal({ run, provider, request, messages, step, calls, results, pending })
 */
export type UnsealedState = Omit<LoopState, "version" | "id" | "pending" | "keyId" | "signature" | "unsigned"> & {
  readonly pending: readonly (ToolCall & { readonly index: number })[];
};

/** The longest message a `StateError` has, in characters (a forged state can hold megabytes of ids). */
const MAX_MESSAGE = 2_000;

/**
 * Why a state did not resume: `code` is `"unsigned"` (no signature: removed, or made where Web Crypto was
 * missing), `"no-web-crypto"` (resumed where Web Crypto is missing, so its signature cannot be checked),
 * `"other-key"` (signed with another key, or in another process without a `stateKey`), `"changed"` (edited after
 * it was signed; the message says what, where it can tell), `"resumed"` (`claim` said it resumed before) or
 * `"malformed"` (not a state this version of the loop wrote: a field missing or of the wrong kind, or nesting too
 * deep to read). Messages are at most 2,000 characters, whatever the state holds.
 *
 * @example
 * try {
 *   await resume(state, decisions, options);
 * } catch (e) {
 *   if (e instanceof StateError && e.code === "resumed") showLatest();
 * }
 */
export class StateError extends Error {
  readonly code: "unsigned" | "no-web-crypto" | "other-key" | "changed" | "resumed" | "malformed";
  constructor(code: StateError["code"], message: string) {
    super(cut(message, MAX_MESSAGE));
    this.name = "StateError";
    this.code = code;
  }
}

/**
 * Seals a run's states: binds each pending call to its id, name and arguments hash, then signs the whole, the
 * conversation by its SHA-256. What the states of one turn share is worked out once: the conversation's hash per
 * `messages` array, the pending calls' seals per `pending` array, the key's id per run. So give a turn's states the
 * same (frozen) `messages` and `pending` arrays. Without a key (Web Crypto missing) states are marked `unsigned`.
 *
 * @example
 * const seal = stateSealer(await hmacKey(options.stateKey));
 * const state = await seal({ run, provider, request, messages, step, calls, results, pending });
 */
export function stateSealer(key: CryptoKey | undefined): (unsealed: UnsealedState) => Promise<LoopState> {
  if (!key) {
    return async (unsealed) => {
      const pending = unsealed.pending.map(({ id, name, arguments: args, index }) => ({
        id,
        name,
        arguments: args,
        index,
      }));
      return { ...unsealed, version: VERSION, id: placeOf(unsealed), pending, unsigned: "no-web-crypto" };
    };
  }
  let keyId: Promise<string> | undefined;
  const conversations = new WeakMap<object, Promise<string>>();
  const tags: Tags = new WeakMap();
  const sealedCalls = new WeakMap<object, Promise<PendingCall[]>>();
  return async (unsealed) => {
    const pending = await once(
      sealedCalls,
      unsealed.pending,
      async () =>
        Object.freeze(
          await Promise.all(unsealed.pending.map((call) => sealCall(key, unsealed, call))),
        ) as PendingCall[],
    );
    const body = {
      ...unsealed,
      version: VERSION,
      id: placeOf(unsealed),
      pending,
      keyId: await (keyId ??= sign(key, KEY_ID)),
    };
    const hashes = {
      messages: await once(conversations, unsealed.messages, () => digest(unsealed.messages)),
      calls: await once(conversations, unsealed.calls, () => digest(unsealed.calls)),
      results: await resultsTag(key, unsealed.results, tags),
    };
    return { ...body, signature: await sign(key, signedForm(body, hashes)) };
  };
}

/**
 * A value as a state keeps it: plain JSON data, frozen all the way down, so the states that share it cannot drift
 * from what was signed.
 *
 * @example
 * const messages = frozenData(conversation) as unknown[];
 */
export function frozenData(value: unknown): unknown {
  const freeze = (v: unknown): unknown => {
    if (typeof v === "object" && v !== null) for (const item of Object.values(Object.freeze(v))) freeze(item);
    return v;
  };
  return freeze(resultData(value));
}

const VERSION = 5 as const;

/** What stands for the parts of a state that grow: the conversation's and the calls' SHA-256, the results' tag. */
interface Hashes {
  readonly messages: string;
  readonly calls: string;
  readonly results: string;
}

// What the signature covers: the state with its growing parts replaced by their hashes.
const signedForm = (body: { readonly results: readonly unknown[] }, hashes: Hashes) => ({
  ...body,
  messages: { sha256: hashes.messages },
  calls: { sha256: hashes.calls },
  results: { length: body.results.length, tag: hashes.results },
});

/** Each result's HMAC (bound to its index), made once per result object: `done` once it is known. */
type Tags = WeakMap<object, { readonly index: number; readonly tag: Promise<Uint32Array>; done?: Uint32Array }>;

/**
 * The results' tag: the XOR of the HMAC of each `{ index, result }` (an incremental MAC, as XOR MACs are): a
 * result added costs one HMAC, and the tags of the results before it are reused, so checkpoints cost what they add.
 */
async function resultsTag(key: CryptoKey, results: readonly (CallResult | null)[], tags: Tags): Promise<string> {
  const made: NonNullable<ReturnType<Tags["get"]>>[] = [];
  for (let index = 0; index < results.length; index++) {
    const result = results[index];
    if (!result) continue;
    let entry = tags.get(result);
    if (!entry || entry.index !== index) {
      const tag = signBytes(key, { index, result }).then((bytes) => new Uint32Array(bytes.buffer));
      tags.set(result, (entry = { index, tag }));
      void tag.then((done) => void (entry!.done = done));
    }
    made.push(entry);
  }
  const all = made.some((entry) => !entry.done) ? await Promise.all(made.map((entry) => entry.tag)) : undefined;
  const sum = new Uint32Array(8);
  made.forEach((entry, k) => {
    const tag = entry.done ?? all![k]!;
    for (let j = 0; j < 8; j++) sum[j]! ^= tag[j]!;
  });
  return base64url(sum.buffer);
}

async function sealCall(
  key: CryptoKey,
  unsealed: UnsealedState,
  call: UnsealedState["pending"][number],
): Promise<PendingCall> {
  const argumentsHash = await digest(call.arguments);
  const seal = await sign(key, callBinding(unsealed, call, argumentsHash));
  return Object.freeze({
    id: call.id,
    name: call.name,
    arguments: call.arguments,
    index: call.index,
    argumentsHash,
    seal,
  });
}

function once<T>(cache: WeakMap<object, Promise<T>>, of: object, make: () => Promise<T>): Promise<T> {
  let made = cache.get(of);
  if (!made) cache.set(of, (made = make()));
  return made;
}

// A state's id: its run, its step, and where in the step (awaiting decisions, awaiting answers after so many answers
// (a turn may pause for them more than once), calls done so far, or between turns).
function placeOf(unsealed: UnsealedState): string {
  const done = unsealed.results.filter((r) => r !== null).length;
  const answered = unsealed.elicitations?.reduce((sum, asked) => sum + asked.answered.length, 0);
  const place = unsealed.pending.length
    ? "approval"
    : answered !== undefined
      ? `elicit${answered}`
      : unsealed.calls.length
        ? String(done)
        : "next";
  return `${unsealed.run}:${unsealed.step}:${place}`;
}

/**
 * Reads a state to resume: its shape, its signature (naming what changed when it does not match), the decisions
 * against its pending calls, then `claim`s it. Throws a `StateError` for every state that must not resume (one
 * that is not a state at all, or nests too deep to read, included), a `TypeError` for bad decisions.
 *
 * @example
 * const state = await openState(JSON.parse(saved), { call_1: true }, "openai", key, claimInMemory);
 */
export async function openState(
  value: unknown,
  decisions: unknown,
  provider: string,
  key: CryptoKey | undefined,
  claim: ClaimHook,
): Promise<LoopState> {
  const state = shapeOf(value, provider);
  try {
    await checkSignature(state, key);
  } catch (error) {
    // A state nested deeper than the runtime's stack can hash (a forged one) ends here as a RangeError.
    if (error instanceof StateError) throw error;
    throw new StateError(
      "malformed",
      `resume: the state cannot be read (${preview(error instanceof Error ? error.message : error, 120)}); only a state the loop gave resumes`,
    );
  }
  checkDecisions(state, decisions);
  if (!(await claim(state.id))) {
    throw new StateError(
      "resumed",
      `resume: the state ${preview(state.id, 200)} was resumed before; a state resumes once (resume the run's latest state instead)`,
    );
  }
  return state;
}

// The signature over the whole state; where it does not match, what changed.
async function checkSignature(state: LoopState, key: CryptoKey | undefined): Promise<void> {
  if (state.unsigned !== undefined) {
    throw new StateError(
      "unsigned",
      `resume: the state is unsigned (${preview(state.unsigned, 30)}): it was made where Web Crypto was missing (a browser page that is not a secure context), so nothing vouches for it; run the loop where Web Crypto is (https, localhost, a server) to get states that resume`,
    );
  }
  if (state.signature === undefined)
    throw new StateError(
      "unsigned",
      "resume: the state has no signature (was it removed?); only a state the loop signed resumes",
    );
  if (!key)
    throw new StateError(
      "no-web-crypto",
      `resume: a state's signature is checked with Web Crypto, and ${NO_WEB_CRYPTO}; resume it on such a page or on a server`,
    );
  const { signature, ...body } = state;
  const hashes = {
    messages: await digest(body.messages),
    calls: await digest(body.calls),
    results: await resultsTag(key, body.results, new WeakMap()),
  };
  if (!(await verify(key, signedForm(body, hashes), signature))) {
    if (!(await verify(key, KEY_ID, state.keyId))) {
      throw new StateError(
        "other-key",
        "resume: the state was signed with another key; give the same stateKey where a state is made and where it resumes (without a stateKey, a state resumes only in the process that made it)",
      );
    }
    const changes = await whatChanged(state, key);
    throw new StateError(
      "changed",
      `resume: the state was changed after it was signed${changes.length ? `: ${changes.join("; ")}` : ""}`,
    );
  }
}

const KEY_ID = "tooltype loop state key";

const callBinding = (state: Pick<LoopState, "run" | "step">, call: ToolCall, argumentsHash: string) => ({
  run: state.run,
  step: state.step,
  id: call.id,
  name: call.name,
  argumentsHash,
});

// The checks of a value's shape: what is not a state this version wrote is a StateError ("malformed").
function shapeOf(value: unknown, provider: string): LoopState {
  const fail = (why: string): never => {
    throw new StateError("malformed", `resume: ${why}`);
  };
  if (typeof value !== "object" || value === null)
    fail(`the state must be the object the loop gave, received ${preview(value, 60)}`);
  const state = value as Partial<LoopState>;
  if (state.version !== VERSION)
    fail(`unknown state version ${preview(state.version, 30)} (this tooltype writes version ${VERSION})`);
  if (state.provider !== provider)
    fail(`the state was written for provider ${preview(state.provider, 40)}, not ${JSON.stringify(provider)}`);
  if (
    !Array.isArray(state.messages) ||
    !Array.isArray(state.calls) ||
    !Array.isArray(state.results) ||
    !Array.isArray(state.pending)
  )
    fail("the state lacks messages, calls, results or pending (is it a state the loop gave?)");
  if (typeof state.id !== "string" || typeof state.run !== "string") fail("the state has no id or run");
  if (state.results!.length !== state.calls!.length) fail("the state's results do not match its calls");
  if (typeof state.step !== "number" || !(state.step >= 1)) fail("the state's step count is missing");
  if (typeof state.request !== "object" || state.request === null) fail("the state's request is missing");
  if (
    state.discovered !== undefined &&
    !(Array.isArray(state.discovered) && state.discovered.every((name) => typeof name === "string"))
  )
    fail("the state's discovered tools must be a list of tool names");
  if (state.elicitations !== undefined && !(Array.isArray(state.elicitations) && state.elicitations.every(isAsked)))
    fail("the state's elicitations must be a list of calls, each with index, message, schema and answered");
  for (const call of [...state.calls!, ...state.pending!]) {
    if (typeof call !== "object" || call === null || typeof call.id !== "string" || typeof call.name !== "string")
      fail("a call in the state has no id or name");
  }
  return state as LoopState;
}

function isAsked(value: unknown): boolean {
  const asked = value as Partial<PendingElicitation> | null;
  return (
    typeof asked === "object" &&
    asked !== null &&
    typeof asked.id === "string" &&
    typeof asked.name === "string" &&
    typeof asked.index === "number" &&
    typeof asked.message === "string" &&
    typeof asked.schema === "object" &&
    asked.schema !== null &&
    Array.isArray(asked.answered)
  );
}

// What differs from what the pending calls' decisions were bound to, where it can be told.
async function whatChanged(state: LoopState, key: CryptoKey): Promise<string[]> {
  const found = duplicates(state.pending);
  for (const call of state.pending) {
    const label = `pending call ${preview(call.id, 60)} of tool ${preview(call.name, 60)}`;
    const inTurn = state.calls[call.index];
    if (!inTurn || state.results[call.index] !== null) found.push(`${label} has no open place among the turn's calls`);
    else if (
      inTurn.id !== call.id ||
      inTurn.name !== call.name ||
      canonicalJSON(inTurn.arguments) !== canonicalJSON(call.arguments)
    ) {
      const fields = (["id", "name", "arguments"] as const).filter(
        (f) => canonicalJSON(inTurn[f]) !== canonicalJSON(call[f]),
      );
      found.push(`${label} differs from the turn's call ${call.index} in ${fields.join(", ")}`);
    }
    if ((await digest(call.arguments)) !== call.argumentsHash)
      found.push(`the arguments of ${label} are not the ones its approval was asked for`);
    else if (!(await verify(key, callBinding(state, call, call.argumentsHash), call.seal)))
      found.push(`${label}: its id, tool name or arguments hash is not what its approval was asked for`);
  }
  return found;
}

function duplicates(calls: readonly ToolCall[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const call of calls) (seen.has(call.id) ? twice : seen).add(call.id);
  return [...twice].map((id) => `two pending calls share the id ${preview(id, 60)}`);
}

// One decision for each pending call and one answer for each call paused on `elicit`, each one readable; a decision
// pinned to an arguments hash must match it, an accepted answer must fit the schema its call asked with.
function checkDecisions(state: LoopState, decisions: unknown): void {
  const fail = (why: string): never => {
    throw new TypeError(`resume: ${why}`);
  };
  if (typeof decisions !== "object" || decisions === null)
    fail("decisions must be an object: { [callId]: true | false | { approved, reason } | { action, content? } }");
  const byId = decisions as Record<string, unknown>;
  const asked = state.elicitations ?? [];
  const missing = [...state.pending, ...asked].filter((c) => !Object.hasOwn(byId, c.id));
  if (missing.length)
    fail(
      `no decision for ${missing.map((c) => `${c.id} (${c.name}${"message" in c ? ", asking " + preview(c.message, 80) : ""})`).join(", ")}`,
    );
  const ids = new Set([...state.pending, ...asked].map((c) => c.id));
  const stray = Object.keys(byId).filter((id) => !ids.has(id));
  if (stray.length)
    fail(`decisions for calls that are not pending: ${stray.map((id) => JSON.stringify(id)).join(", ")}`);
  for (const call of state.pending) checkDecision(call, byId[call.id] as ApprovalDecision, fail);
  for (const call of asked) checkAnswer(call, byId[call.id], fail);
}

function checkDecision(call: PendingCall, decision: ApprovalDecision, fail: (why: string) => never): void {
  const ok =
    typeof decision === "boolean" ||
    (typeof decision === "object" && decision !== null && typeof decision.approved === "boolean");
  if (!ok)
    fail(
      `the decision for ${JSON.stringify(call.id)} must be true, false or { approved: boolean, reason?: string, argumentsHash?: string }`,
    );
  const pinned = typeof decision === "object" ? decision.argumentsHash : undefined;
  if (pinned !== undefined && pinned !== call.argumentsHash) {
    throw new StateError(
      "changed",
      `resume: the decision for ${JSON.stringify(call.id)} (${call.name}) was made for other arguments (argumentsHash ${preview(pinned, 50)}, the call's is ${call.argumentsHash})`,
    );
  }
}

// The answer to a call's elicitation: accept (its content fitting the schema asked with), decline or cancel.
function checkAnswer(call: PendingElicitation, answer: unknown, fail: (why: string) => never): void {
  try {
    elicitedValue(answer, call.schema);
  } catch (error) {
    fail(
      `the answer for ${JSON.stringify(call.id)} (${call.name}, asking ${preview(call.message, 80)}) must be { action: "accept", content } fitting the schema asked for, { action: "decline" } or { action: "cancel" }: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
