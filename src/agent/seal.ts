import { encodeBase64 } from "../util/base64.js";

/**
 * The secret the loop signs its states with (HMAC-SHA-256): 32 bytes or more, as text or bytes, or a Web Crypto
 * HMAC key. Give the same one where a state is made and where it is resumed; keep it out of the state's storage.
 *
 * @example
 * const stateKey = process.env.AGENT_STATE_KEY; // e.g. 32 random bytes, base64: openssl rand -base64 32
 */
export type StateKey = string | Uint8Array | CryptoKey;

/**
 * Marks a state as resumed, once: `true` the first time it sees `stateId`, `false` after. Back it with your store
 * (a unique key in a database, `SET NX` in Redis) so a state resumes once across processes.
 *
 * @example
 * const claim: ClaimHook = async (stateId) => (await db.insertIgnore("resumed", { id: stateId })).inserted === 1;
 */
export type ClaimHook = (stateId: string) => boolean | Promise<boolean>;

const MIN_KEY_BYTES = 32;
let processKey: Promise<CryptoKey> | undefined;
let claimedHere: Set<string> | undefined;

/**
 * Why Web Crypto is missing, where it is: what an unsigned state and a refused resume say.
 *
 * @example
 * throw new TypeError(`resume: ${NO_WEB_CRYPTO}`);
 */
export const NO_WEB_CRYPTO =
  "Web Crypto (globalThis.crypto.subtle) is missing here; browsers give it to secure pages only (https, or http on localhost)";

const subtle = (): SubtleCrypto => {
  const crypto = globalThis.crypto;
  if (!crypto?.subtle) throw new TypeError(`tooltype/agent: signing a state needs Web Crypto: ${NO_WEB_CRYPTO}`);
  return crypto.subtle;
};

/**
 * The HMAC key of a run: the application's `stateKey`, or without one a random key made once per process (so a
 * state then resumes only in the process that made it). `undefined` where Web Crypto is missing (a browser page
 * that is not a secure context): the run goes on and its states are unsigned.
 *
 * @example
 * const key = await hmacKey(process.env.AGENT_STATE_KEY);
 */
export async function hmacKey(stateKey: StateKey | undefined): Promise<CryptoKey | undefined> {
  if (
    typeof stateKey === "object" &&
    stateKey !== null &&
    !(stateKey instanceof Uint8Array) &&
    (stateKey as CryptoKey).type === "secret"
  )
    return stateKey as CryptoKey;
  const bytes = typeof stateKey === "string" ? new TextEncoder().encode(stateKey) : stateKey;
  if (bytes !== undefined && (!(bytes instanceof Uint8Array) || bytes.length < MIN_KEY_BYTES)) {
    throw new TypeError(
      `stateKey: give ${MIN_KEY_BYTES} bytes or more (a string, a Uint8Array) or an HMAC CryptoKey; e.g. \`openssl rand -base64 32\``,
    );
  }
  if (!globalThis.crypto?.subtle) return undefined;
  if (bytes === undefined) {
    processKey ??= subtle().generateKey({ name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]) as Promise<CryptoKey>;
    return processKey;
  }
  return subtle().importKey("raw", bytes as Uint8Array<ArrayBuffer>, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

/**
 * JSON with every object's keys sorted: one text for one value, whatever order its keys were written in (and
 * the same after `JSON.stringify` and `JSON.parse`), so it can be hashed and signed.
 *
 * @example
 * canonicalJSON({ b: 1, a: [{ d: 2, c: 3 }] }); // '{"a":[{"c":3,"d":2}],"b":1}'
 */
export function canonicalJSON(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((key) => [key, (v as Record<string, unknown>)[key]]),
      );
    }) ?? "null"
  );
}

/**
 * The SHA-256 of a value's canonical JSON, base64url: what a decision is bound to.
 *
 * @example
 * await digest({ to: "ann@example.com" }); // "q1Yz…" (43 characters)
 */
export async function digest(value: unknown): Promise<string> {
  return base64url(await subtle().digest("SHA-256", new TextEncoder().encode(canonicalJSON(value))));
}

/**
 * The HMAC-SHA-256 of a value's canonical JSON, base64url.
 *
 * @example
 * const signature = await sign(key, { run, step });
 */
export async function sign(key: CryptoKey, value: unknown): Promise<string> {
  return base64url(await subtle().sign("HMAC", key, new TextEncoder().encode(canonicalJSON(value))));
}

/**
 * The HMAC-SHA-256 of a value's canonical JSON, as bytes (32): what incremental tags are combined from.
 *
 * @example
 * const tag = await signBytes(key, { index: 0, result });
 */
export async function signBytes(key: CryptoKey, value: unknown): Promise<Uint8Array> {
  return new Uint8Array(await subtle().sign("HMAC", key, new TextEncoder().encode(canonicalJSON(value))));
}

/**
 * Whether `signature` is the HMAC of the value under `key` (compared by Web Crypto, in constant time).
 *
 * @example
 * if (!(await verify(key, unsigned, state.signature))) throw new Error("changed");
 */
export async function verify(key: CryptoKey, value: unknown, signature: unknown): Promise<boolean> {
  const bytes = typeof signature === "string" && /^[\w-]{43}$/.test(signature) ? fromBase64url(signature) : undefined;
  return bytes ? subtle().verify("HMAC", key, bytes, new TextEncoder().encode(canonicalJSON(value))) : false;
}

/**
 * A random id (128 bits, base64url; from `Math.random` where `crypto` is missing altogether).
 *
 * @example
 * randomId(); // "3vQm9x…" (22 characters)
 */
export function randomId(): string {
  const bytes = new Uint8Array(16);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256); // an id only has to differ, not be secret
  return base64url(bytes.buffer);
}

/**
 * The default `claim`: a set in this process's memory. A state resumes once per process; across processes,
 * give a `claim` backed by a shared store.
 *
 * @example
 * await claimInMemory("run:1:approval"); // true, then false
 */
export function claimInMemory(stateId: string): boolean {
  claimedHere ??= new Set();
  if (claimedHere.has(stateId)) return false;
  claimedHere.add(stateId);
  return true;
}

/**
 * Bytes as base64url text, without padding.
 *
 * @example
 * base64url(new Uint8Array([255]).buffer); // "_w"
 */
export function base64url(buffer: ArrayBuffer): string {
  return encodeBase64(new Uint8Array(buffer)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=");
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
