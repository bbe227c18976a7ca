import * as t from "../t/builders.js";
import { tool } from "../tools/define.js";
import { Tool } from "../tools/methods.js";
import type { Logger } from "../tools/tool.js";
import { hostFaultsOnly } from "./expected-failure.js";
import { strftime } from "./strftime.js";

/** Options of `createDatetimeTool`. @example createDatetimeTool({ now: () => new Date("2025-01-01T00:00:00Z") }); */
export interface DatetimeToolOptions {
  /** The clock (default `() => new Date()`); tests pass a fixed one. */
  readonly now?: () => Date;
  /** Where faults of the host go; a bad format or time zone is a failed result, never logged. */
  readonly logger?: Logger;
}

const ISO_UTC = "%Y-%m-%dT%H:%M:%SZ";
const ISO_WITH_OFFSET = "%Y-%m-%dT%H:%M:%S%:z";

/**
 * The `get_datetime` tool: the current date and time, formatted by a strftime `format` on the
 * wall clock of an IANA `timezone` (through `Intl`). Without a format: ISO 8601, in UTC
 * (`2025-07-01T12:00:00Z`) or with the zone's offset (`2025-07-01T14:00:00+02:00`). An unknown directive
 * or time zone is a failed result that names it.
 *
 * @example
 * const datetime = createDatetimeTool();
 * await datetime.execute({});
 * // { success: true, value: "2025-07-01T12:00:00Z" }
 * await datetime.execute({ format: "%A %H:%M %Z", timezone: "Asia/Tokyo" });
 * // { success: true, value: "Tuesday 21:00 GMT+9" }
 */
export function createDatetimeTool(
  options: DatetimeToolOptions = {},
): Tool<{ format?: string; timezone?: string }, string> {
  const now = options.now ?? (() => new Date());
  return tool({
    toolClass: Tool,
    name: "get_datetime",
    description:
      "Returns the current date and time, formatted with strftime directives (%Y %m %d %H %M %S %y %b %B %a %A %j %p %I %Z %z %% and more) " +
      "in an IANA time zone. Default: ISO 8601 in UTC.",
    parameters: t.object({
      format: t.optional(
        t.string({
          maxLength: 500,
          description: 'strftime format, e.g. "%Y-%m-%d %H:%M:%S %Z" or "%A, %B %d, %Y". Default: ISO 8601',
        }),
      ),
      timezone: t.optional(
        t.string({
          maxLength: 100,
          description: 'IANA time zone, e.g. "Europe/Paris" or "America/New_York". Default: UTC',
        }),
      ),
    }),
    logger: hostFaultsOnly(options.logger),
    execute: ({ format, timezone }) => {
      const date = now();
      if (!(date instanceof Date) || Number.isNaN(date.getTime()))
        throw new TypeError("get_datetime: the clock did not return a valid Date");
      // An empty string is what a model often sends for "no value".
      return strftime(date, format || (timezone ? ISO_WITH_OFFSET : ISO_UTC), timezone || "UTC");
    },
  }) as Tool<{ format?: string; timezone?: string }, string>; // toolClass: Tool makes the root entry's Tool
}

/** Seed 003's spelling. @example create_datetime_tool().execute({ format: "%Y" }) */
export const create_datetime_tool = createDatetimeTool;
