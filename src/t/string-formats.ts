import { make, type Descriptor, type WithDefault } from "./descriptor.js";
import { STRING_KEYS, schemaOptions, type Annotations, type StringOptions } from "./options.js";

type FormatOptions<T> = Omit<StringOptions, "format" | "default" | "examples"> & Annotations<T | string>;

/**
 * A `t.datetime()` descriptor: a `Date` in code, RFC 3339 text on the wire.
 *
 * @example
 * const when: TDateTime = t.datetime();
 */
export type TDateTime = Descriptor<Date, string> & { readonly type: "string"; readonly format: "date-time" };
/** A `t.date()` descriptor: `YYYY-MM-DD` text. @example const day: TDate = t.date(); */
export type TDate = Descriptor<string> & { readonly type: "string"; readonly format: "date" };
/** A `t.time()` descriptor: RFC 3339 `full-time` text. @example const at: TTime = t.time(); */
export type TTime = Descriptor<string> & { readonly type: "string"; readonly format: "time" };
/**
 * A `t.bytes()` descriptor: a `Uint8Array` in code, base64 text on the wire.
 *
 * @example
 * const file: TBytes = t.bytes();
 */
export type TBytes = Descriptor<Uint8Array, string> & { readonly type: "string"; readonly contentEncoding: "base64" };

const FORMAT_KEYS = STRING_KEYS.filter((key) => key !== "format");

/**
 * An instant: `{"type":"string","format":"date-time"}` (RFC 3339, an offset required).
 * Tools receive it as a `Date`.
 *
 * @example
 * t.datetime({ description: "When the meeting starts" });
 */
/* @__NO_SIDE_EFFECTS__ */
export function datetime<const O extends FormatOptions<Date> = {}>(options?: O): TDateTime & WithDefault<O> {
  return make("datetime", { type: "string", format: "date-time", ...schemaOptions("datetime", options, FORMAT_KEYS) });
}

/**
 * A calendar date: `{"type":"string","format":"date"}` (`2026-11-22`).
 *
 * @example
 * t.date({ description: "Check-in day" });
 */
/* @__NO_SIDE_EFFECTS__ */
export function date<const O extends FormatOptions<string> = {}>(options?: O): TDate & WithDefault<O> {
  return make("date", { type: "string", format: "date", ...schemaOptions("date", options, FORMAT_KEYS) });
}

/**
 * A time of day with offset: `{"type":"string","format":"time"}` (`09:30:00Z`).
 *
 * @example
 * t.time({ description: "Alarm time" });
 */
/* @__NO_SIDE_EFFECTS__ */
export function time<const O extends FormatOptions<string> = {}>(options?: O): TTime & WithDefault<O> {
  return make("time", { type: "string", format: "time", ...schemaOptions("time", options, FORMAT_KEYS) });
}

/**
 * Binary data: `{"type":"string","contentEncoding":"base64"}`. Tools receive a `Uint8Array`.
 *
 * @example
 * t.bytes({ description: "The PNG image" });
 */
/* @__NO_SIDE_EFFECTS__ */
export function bytes<const O extends FormatOptions<Uint8Array> = {}>(options?: O): TBytes & WithDefault<O> {
  return make("bytes", { type: "string", contentEncoding: "base64", ...schemaOptions("bytes", options, FORMAT_KEYS) });
}
