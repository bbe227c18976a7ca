// The format checks, each importable alone (./formats/): a guard compiled ahead of time imports only those its schema
// names; `compile` reads them by name from FORMATS.
import { isBase64 } from "./formats/base64.js";
import { isDate } from "./formats/date.js";
import { isDateTime } from "./formats/date-time.js";
import { isDuration } from "./formats/duration.js";
import { isEmail } from "./formats/email.js";
import { isHostname } from "./formats/hostname.js";
import { isIPv4 } from "./formats/ipv4.js";
import { isIPv6 } from "./formats/ipv6.js";
import { isJsonPointer, isRelativeJsonPointer } from "./formats/json-pointer.js";
import { isRegex } from "./formats/regex.js";
import { isTime } from "./formats/time.js";
import { isUri, isUriReference } from "./formats/uri.js";
import { isUriTemplate } from "./formats/uri-template.js";
import { isUuid } from "./formats/uuid.js";

export { isBase64 };

/** A check for a string `format`. */
export type FormatCheck = (value: string) => boolean;

/**
 * The formats `compileDescriptor` checks (a lean `tool()`'s guard), each the check `compile` runs: the dates and times
 * the `t` builders write, and the formats tool schemas name (MCP's elicitation allows email, uri, date, date-time).
 * The others of `FORMATS` are refused there, naming `compile`. (Written out in both tables: a table spread into
 * another is kept whole by bundlers, which cannot tell a spread has no effects.)
 *
 * @example
 * DESCRIPTOR_FORMATS.uuid("2eb8aa08-aa98-11ea-b4aa-73b441d16380"); // true
 */
export const DESCRIPTOR_FORMATS: { readonly [name: string]: FormatCheck } = {
  "date-time": isDateTime,
  date: isDate,
  time: isTime,
  duration: isDuration,
  email: isEmail,
  hostname: isHostname,
  ipv4: isIPv4,
  ipv6: isIPv6,
  uuid: isUuid,
  uri: isUri,
};

/**
 * The formats every guard checks, each per its RFC as the JSON Schema Test Suite tests it. Another
 * format name is an annotation (draft 2020-12 section 7.2.1): OpenAPI's `int32`, a vendor's own. Give
 * a check for one with `compile(schema, { formats: { name: check } })`.
 *
 * @example
 * FORMATS.email('"john doe"@example.com'); // true
 * FORMATS.hostname("example.");            // false
 */
export const FORMATS: { readonly [name: string]: FormatCheck } = {
  "date-time": isDateTime,
  date: isDate,
  time: isTime,
  duration: isDuration,
  email: isEmail,
  hostname: isHostname,
  ipv4: isIPv4,
  ipv6: isIPv6,
  uuid: isUuid,
  uri: isUri,
  "uri-reference": isUriReference,
  "uri-template": isUriTemplate,
  "json-pointer": isJsonPointer,
  "relative-json-pointer": isRelativeJsonPointer,
  regex: isRegex,
};
