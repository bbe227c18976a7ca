// createDatetimeTool: strftime directives on a time zone's wall clock, with an injected clock.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Tool } from "tooltype";
import { createDatetimeTool, create_datetime_tool } from "tooltype/builtins";
import { failed, recordingLogger, succeeded } from "../support/builtins.js";

const at = (iso: string) => createDatetimeTool({ now: () => new Date(iso) });
const LEAP_NIGHT = at("2024-02-29T23:05:09.123Z"); // a Thursday, day 60 of a leap year

type Args = { format?: string; timezone?: string };
const formatted = async (tool: Tool<Args, string>, args: Args) =>
  succeeded(await tool.execute(args), JSON.stringify(args));
const failure = async (tool: Tool<Args, string>, args: unknown) =>
  failed(await tool.execute(args), JSON.stringify(args));

const shape = suite("get_datetime: the tool");

shape("is a Tool named get_datetime with optional format and timezone", () => {
  const tool = createDatetimeTool();
  assert.ok(tool instanceof Tool);
  assert.is(tool.name, "get_datetime");
  assert.equal(Object.keys(tool.parameters.properties as object), ["format", "timezone"]);
  assert.is(tool.parameters.required, undefined);
  assert.match(tool.description, /strftime/);
  assert.is(create_datetime_tool, createDatetimeTool); // seed 003's spelling
});

shape("without arguments: ISO 8601 in UTC, from the real clock by default", async () => {
  assert.is(await formatted(LEAP_NIGHT, {}), "2024-02-29T23:05:09Z");
  const before = Math.floor(Date.now() / 1000) * 1000;
  const now = await formatted(createDatetimeTool(), {});
  assert.match(now, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  const read = Date.parse(now);
  assert.ok(read >= before && read <= Date.now() + 1000, `${now} is not now`);
});

shape("the clock is read on every call", async () => {
  let tick = Date.UTC(2025, 0, 1);
  const tool = createDatetimeTool({ now: () => new Date((tick += 1000)) });
  assert.is(await formatted(tool, { format: "%S" }), "01");
  assert.is(await formatted(tool, { format: "%S" }), "02");
});

const directives = suite("get_datetime: strftime directives");

directives("every directive in UTC", async () => {
  const table: Array<[string, string]> = [
    ["%Y", "2024"],
    ["%m", "02"],
    ["%d", "29"],
    ["%H", "23"],
    ["%M", "05"],
    ["%S", "09"],
    ["%y", "24"],
    ["%b", "Feb"],
    ["%B", "February"],
    ["%a", "Thu"],
    ["%A", "Thursday"],
    ["%j", "060"],
    ["%p", "PM"],
    ["%I", "11"],
    ["%Z", "UTC"],
    ["%z", "+0000"],
    ["%:z", "+00:00"],
    ["%%", "%"],
    ["%e", "29"],
    ["%F", "2024-02-29"],
    ["%T", "23:05:09"],
    ["%u", "4"],
    ["%w", "4"],
    ["%f", "123000"],
    ["%s", String(Date.UTC(2024, 1, 29, 23, 5, 9) / 1000)],
    ["%n", "\n"],
    ["%t", "\t"],
  ];
  for (const [format, expected] of table) assert.is(await formatted(LEAP_NIGHT, { format }), expected, format);
  assert.is(
    await formatted(LEAP_NIGHT, { format: "%A, %B %d, %Y at %I:%M %p (%Z)" }),
    "Thursday, February 29, 2024 at 11:05 PM (UTC)",
  );
  assert.is(await formatted(LEAP_NIGHT, { format: "no directives, 100%% plain" }), "no directives, 100% plain");
});

directives("12-hour clock and padding at the edges of the day and the year", async () => {
  assert.is(await formatted(at("2025-01-05T00:07:00Z"), { format: "%I %p %e %j %u %w %a" }), "12 AM  5 005 7 0 Sun");
  assert.is(await formatted(at("2025-01-05T12:00:00Z"), { format: "%I %p" }), "12 PM");
  assert.is(await formatted(at("2025-12-31T13:00:00Z"), { format: "%I %p %j" }), "01 PM 365");
  assert.is(await formatted(at("2024-12-31T00:00:00Z"), { format: "%j" }), "366");
  assert.is(await formatted(at("0099-03-01T00:00:00Z"), { format: "%Y %y %j" }), "0099 99 060");
  assert.is(await formatted(at("2009-07-04T09:08:07.005Z"), { format: "%y%m%d%H%M%S %f" }), "090704090807 005000");
});

directives("a time zone's wall clock, offset and abbreviation", async () => {
  const summer = at("2025-07-01T12:00:00Z");
  const winter = at("2025-01-15T12:00:00Z");
  assert.is(await formatted(summer, { timezone: "Europe/Paris" }), "2025-07-01T14:00:00+02:00");
  assert.is(await formatted(winter, { timezone: "Europe/Paris" }), "2025-01-15T13:00:00+01:00");
  assert.is(await formatted(summer, { format: "%H:%M %Z %z", timezone: "America/New_York" }), "08:00 EDT -0400");
  assert.is(await formatted(winter, { format: "%H:%M %Z %z", timezone: "America/New_York" }), "07:00 EST -0500");
  assert.is(await formatted(winter, { format: "%H:%M %z %:z", timezone: "Asia/Kolkata" }), "17:30 +0530 +05:30");
  assert.is(await formatted(winter, { format: "%H:%M %z", timezone: "Asia/Kathmandu" }), "17:45 +0545");
  assert.match(await formatted(winter, { format: "%Z", timezone: "Asia/Kolkata" }), /^(GMT\+5:30|IST)$/);
  assert.is(await formatted(summer, { timezone: "UTC" }), "2025-07-01T12:00:00+00:00");
});

directives("the date, weekday and day of the year follow the zone across midnight and new year", async () => {
  const newYear = at("2024-12-31T23:30:00Z");
  assert.is(await formatted(newYear, { format: "%F %A %j", timezone: "Asia/Tokyo" }), "2025-01-01 Wednesday 001");
  assert.is(
    await formatted(newYear, { format: "%F %A %j", timezone: "America/Los_Angeles" }),
    "2024-12-31 Tuesday 366",
  );
  assert.is(
    await formatted(at("2025-01-01T05:00:00Z"), { format: "%Y-%m-%d %H %j", timezone: "America/Los_Angeles" }),
    "2024-12-31 21 366",
  );
});

directives("around a daylight-saving change", async () => {
  assert.is(
    await formatted(at("2025-03-09T06:59:59Z"), { format: "%T %Z", timezone: "America/New_York" }),
    "01:59:59 EST",
  );
  assert.is(
    await formatted(at("2025-03-09T07:00:00Z"), { format: "%T %Z", timezone: "America/New_York" }),
    "03:00:00 EDT",
  );
  assert.is(
    await formatted(at("2025-11-02T05:30:00Z"), { format: "%T %z", timezone: "America/New_York" }),
    "01:30:00 -0400",
  );
  assert.is(
    await formatted(at("2025-11-02T06:30:00Z"), { format: "%T %z", timezone: "America/New_York" }),
    "01:30:00 -0500",
  );
});

directives("an empty format or time zone means the default (what models send for none)", async () => {
  assert.is(await formatted(LEAP_NIGHT, { format: "", timezone: "" }), "2024-02-29T23:05:09Z");
});

const errors = suite("get_datetime: errors name what is wrong");

errors("an unknown directive, with its position, and a lone %", async () => {
  assert.match(
    await failure(LEAP_NIGHT, { format: "%Y-%Q" }),
    /^Tool "get_datetime" failed: Unknown directive "%Q" at position 4 of the format; known: %Y .* %%\.$/,
  );
  assert.match(await failure(LEAP_NIGHT, { format: "%c" }), /Unknown directive "%c" at position 1/);
  assert.match(await failure(LEAP_NIGHT, { format: "%:" }), /Unknown directive "%:"/);
  assert.match(await failure(LEAP_NIGHT, { format: "%😀" }), /Unknown directive "%😀"/);
  assert.match(await failure(LEAP_NIGHT, { format: "😀 %Y %Q" }), /Unknown directive "%Q" at position 6 /); // positions count characters
  assert.is(
    await failure(LEAP_NIGHT, { format: "100 %" }),
    'Tool "get_datetime" failed: The format ends with a lone "%" at position 5; write %% for a percent sign.',
  );
});

errors("an unknown time zone, prototype names included", async () => {
  for (const timezone of [
    "Mars/Olympus_Mons",
    "__proto__",
    "constructor",
    "toString",
    "Europe/Paris; drop",
    "../../etc/passwd",
  ]) {
    assert.is(
      await failure(LEAP_NIGHT, { timezone }),
      `Tool "get_datetime" failed: Unknown time zone ${JSON.stringify(timezone)}; use an IANA name such as "Europe/Paris", "America/New_York" or "UTC".`,
    );
  }
});

errors("prototype names as directives are unknown directives, never looked up", async () => {
  for (const format of ["%constructor", "%__proto__", "%valueOf", "%hasOwnProperty"])
    assert.match(await failure(LEAP_NIGHT, { format }), /Unknown directive "%[c_vh]"/);
});

errors("arguments of the wrong type, and formats beyond 500 characters, are argument errors", async () => {
  assert.match(await failure(LEAP_NIGHT, { format: 5 }), /Invalid arguments for tool "get_datetime":\n- at \/format/);
  assert.match(await failure(LEAP_NIGHT, { timezone: ["UTC"] }), /at \/timezone/);
  assert.match(await failure(LEAP_NIGHT, { format: "%Y".repeat(251) }), /at \/format/);
  assert.is(await formatted(LEAP_NIGHT, { format: "%Y".repeat(250) }), "2024".repeat(250));
});

errors("expected failures are not logged; a broken clock is a host fault, and is", async () => {
  const logger = recordingLogger();
  const tool = createDatetimeTool({ now: () => new Date("2025-01-01T00:00:00Z"), logger });
  await tool.execute({ format: "%Q" });
  await tool.execute({ timezone: "Nowhere/Town" });
  assert.is(logger.errors.length, 0);
  const broken = createDatetimeTool({ now: () => new Date("not a date"), logger });
  assert.match(await failure(broken, {}), /the clock did not return a valid Date/);
  assert.is(logger.errors.length, 1);
});

shape.run();
directives.run();
errors.run();
