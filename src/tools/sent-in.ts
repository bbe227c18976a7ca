// Which shapes a tool's arguments may come back in: a format that writes a tool's parameters in a dialect with
// encodings (a strict dialect, Gemini's) notes them here, and the tool undoes them before checking. Kept beside the
// tool, not in it, so that a program that never writes such a dialect carries neither the dialect nor the way back.
import type { Encodings } from "../schema/dialects/encodings.js";

const SENT = /* @__PURE__ */ new WeakMap<object, readonly Encodings[]>();

/**
 * Notes that a tool's arguments may come back in `encodings` (a dialect's, which its parameters were written in).
 *
 * @example
 * sentIn(weather, openaiStrict.encodings); // weather.execute now reads a tuple sent as { "0": ..., "1": ... }
 */
export function sentIn(tool: object, encodings: Encodings | undefined): void {
  if (!encodings) return;
  const known = SENT.get(tool) ?? [];
  if (!known.includes(encodings)) SENT.set(tool, [...known, encodings]);
}

/**
 * The encodings a tool's arguments may come back in (empty when it was never written in a dialect that has any).
 *
 * @example
 * codec.normalize(value, encodingsOf(tool));
 */
export function encodingsOf(tool: object): readonly Encodings[] {
  return SENT.get(tool) ?? [];
}
