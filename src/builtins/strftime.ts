import { positionOf } from "./arithmetic-tokens.js";
import { ExpectedFailure } from "./expected-failure.js";

/** An instant as a time zone's wall clock shows it. */
interface WallClock {
  readonly year: number;
  readonly month: number; // 1-12
  readonly day: number;
  readonly hour: number; // 0-23
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
  readonly weekday: number; // 0 = Sunday
  readonly dayOfYear: number; // 1-366
  readonly offsetSeconds: number; // east of UTC
  readonly zoneName: string;
  readonly epochSeconds: number;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const DAY_MS = 86_400_000;

const pad = (value: number, width: number, fill = "0") => String(value).padStart(width, fill);

function offsetText(seconds: number, separator: string): string {
  const sign = seconds < 0 ? "-" : "+";
  const abs = Math.abs(seconds);
  const hhmm = `${pad(Math.floor(abs / 3600), 2)}${separator}${pad(Math.floor(abs / 60) % 60, 2)}`;
  return `${sign}${hhmm}${abs % 60 ? `${separator}${pad(abs % 60, 2)}` : ""}`; // historical zones have seconds
}

// Names are English, as in the C locale, whatever the runtime's locale.
const DIRECTIVES: Readonly<Record<string, (c: WallClock) => string>> = {
  Y: (c) => pad(c.year, 4),
  y: (c) => pad(((c.year % 100) + 100) % 100, 2),
  m: (c) => pad(c.month, 2),
  B: (c) => MONTHS[c.month - 1]!,
  b: (c) => MONTHS[c.month - 1]!.slice(0, 3),
  d: (c) => pad(c.day, 2),
  e: (c) => pad(c.day, 2, " "),
  j: (c) => pad(c.dayOfYear, 3),
  A: (c) => WEEKDAYS[c.weekday]!,
  a: (c) => WEEKDAYS[c.weekday]!.slice(0, 3),
  u: (c) => String(c.weekday || 7),
  w: (c) => String(c.weekday),
  H: (c) => pad(c.hour, 2),
  I: (c) => pad(c.hour % 12 || 12, 2),
  p: (c) => (c.hour < 12 ? "AM" : "PM"),
  M: (c) => pad(c.minute, 2),
  S: (c) => pad(c.second, 2),
  f: (c) => pad(c.millisecond * 1000, 6),
  s: (c) => String(c.epochSeconds),
  Z: (c) => c.zoneName,
  z: (c) => offsetText(c.offsetSeconds, ""),
  ":z": (c) => offsetText(c.offsetSeconds, ":"),
  F: (c) => `${pad(c.year, 4)}-${pad(c.month, 2)}-${pad(c.day, 2)}`,
  T: (c) => `${pad(c.hour, 2)}:${pad(c.minute, 2)}:${pad(c.second, 2)}`,
  n: () => "\n",
  t: () => "\t",
  "%": () => "%",
};

/**
 * The wall clock of `timeZone` (an IANA name, or whatever `Intl` takes) at `date`. An unknown zone is an
 * `ExpectedFailure` naming it.
 *
 * @example
 * wallClock(new Date("2025-07-01T12:00:00Z"), "Europe/Paris").hour; // 14
 */
function wallClock(date: Date, timeZone: string): WallClock {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      timeZoneName: "short",
    }).formatToParts(date);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new ExpectedFailure(
        `Unknown time zone ${JSON.stringify(timeZone)}; use an IANA name such as "Europe/Paris", "America/New_York" or "UTC".`,
      );
    }
    throw error;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const [year, month, day, hour, minute, second] = (["year", "month", "day", "hour", "minute", "second"] as const).map(
    (t) => Number(part(t)),
  ) as [number, number, number, number, number, number];
  const time = date.getTime();
  const millisecond = ((time % 1000) + 1000) % 1000;
  const midnight = new Date(0);
  midnight.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years 0-99 as 1900-1999
  const newYear = new Date(0);
  newYear.setUTCFullYear(year, 0, 1);
  const wall = midnight.getTime() + ((hour * 60 + minute) * 60 + second) * 1000;
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    millisecond,
    weekday: midnight.getUTCDay(),
    dayOfYear: Math.round((midnight.getTime() - newYear.getTime()) / DAY_MS) + 1,
    offsetSeconds: Math.round((wall - (time - millisecond)) / 1000),
    zoneName: part("timeZoneName"),
    epochSeconds: Math.floor(time / 1000),
  };
}

/**
 * Formats `date` on the wall clock of `timeZone` (default UTC) with strftime directives: `%Y %y %m %B %b
 * %d %e %j %A %a %u %w %H %I %p %M %S %f %s %Z %z %:z %F %T %n %t %%`. Names are English (the C locale);
 * `%Z` is the zone's abbreviation where `Intl` has one (`UTC`, `EST`), else its offset (`GMT+2`). An
 * unknown directive is an `ExpectedFailure` that names it and its position.
 *
 * @example
 * strftime(new Date("2025-07-01T12:00:00Z"), "%A %d %B %Y, %H:%M %Z", "America/New_York");
 * // "Tuesday 01 July 2025, 08:00 EDT"
 */
export function strftime(date: Date, format: string, timeZone = "UTC"): string {
  const clock = wallClock(date, timeZone);
  let out = "";
  for (let i = 0; i < format.length; i++) {
    const char = format[i]!;
    if (char !== "%") {
      out += char;
      continue;
    }
    const name = format[i + 1] === ":" && format[i + 2] === "z" ? ":z" : format[i + 1];
    if (name === undefined)
      throw new ExpectedFailure(
        `The format ends with a lone "%" at position ${positionOf(format, i)}; write %% for a percent sign.`,
      );
    const directive = Object.hasOwn(DIRECTIVES, name) ? DIRECTIVES[name] : undefined;
    if (!directive) {
      const shown = String.fromCodePoint(format.codePointAt(i + 1)!);
      throw new ExpectedFailure(
        `Unknown directive "%${shown}" at position ${positionOf(format, i)} of the format; known: ${Object.keys(
          DIRECTIVES,
        )
          .map((d) => `%${d}`)
          .join(" ")}.`,
      );
    }
    out += directive(clock);
    i += name.length;
  }
  return out;
}
