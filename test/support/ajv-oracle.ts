// The oracle of the property tests: ajv (draft 2020-12) with ajv-formats, set to the deliberate differences that
// test/guard/property.test.ts lists (a base64 check, RFC 3339 offsets, no trailing dot in a host name, ordered
// durations).
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { fullFormats } from "ajv-formats/dist/formats.js";

/** Canonical padded base64, decided by the platform's codec rather than by a regular expression. */
function base64Oracle(text: string): boolean {
  try {
    return btoa(atob(text)) === text;
  } catch {
    return false;
  }
}

/** ajv-formats' `time` or `date-time` check, with RFC 3339's offset (`Z` or `±hh:mm`) required first. */
function rfc3339Offset(name: "time" | "date-time"): (text: string) => boolean {
  const format = fullFormats[name] as { validate: (text: string) => boolean };
  return (text) => /(?:z|[+-]\d\d:\d\d)$/i.test(text) && format.validate(text);
}

export type Validate = ((value: unknown) => boolean) & { errors?: unknown };

export function makeAjv(): { compile(schema: object): Validate } {
  // strict, except strictTuples: a tuple with a rest item (prefixItems + items, no maxItems) is open by
  // design; ajv's strictTuples only flags that shape and changes no verdict. allowUnionTypes: t.nullable
  // writes `"type": ["string", "null"]`. loopRequired: 0: ajv 8.20's unrolled `required` code misses a
  // missing property named "" (it tests `data[""] === undefined && (missing = "")`, and "" is falsy); the
  // loop it writes instead checks each name on its own. code.optimize off: ajv's passes over the code it
  // writes change nothing about verdicts and cost a good part of the compile time.
  const ajv = new Ajv2020({
    strict: true,
    strictTuples: false,
    allowUnionTypes: true,
    loopRequired: 0,
    code: { optimize: false },
  });
  addFormats(ajv);
  ajv.addFormat("time", rfc3339Offset("time"));
  ajv.addFormat("date-time", rfc3339Offset("date-time"));
  // The JSON Schema Test Suite refuses a host name with a trailing dot ("example."); ajv-formats takes it.
  const hostname = fullFormats.hostname as RegExp;
  ajv.addFormat("hostname", (text: string) => !text.endsWith(".") && hostname.test(text));
  // Durations as RFC 3339 Appendix A writes them (and the suite tests them): no unit skipped between two
  // given, so "PT10H10S" and "P1Y2D" are refused; ajv-formats takes any subset.
  const duration = fullFormats.duration as RegExp;
  const ordered = /^P(?!.*Y\d+D)(?!.*H\d+S)/;
  ajv.addFormat("duration", (text: string) => duration.test(text) && ordered.test(text));
  ajv.removeKeyword("contentEncoding");
  ajv.addKeyword({
    keyword: "contentEncoding",
    type: "string",
    schemaType: "string",
    errors: false,
    validate: (encoding: string, data: string) => encoding === "base64" && base64Oracle(data),
  });
  return ajv;
}
