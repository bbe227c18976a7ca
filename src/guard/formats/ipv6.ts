import { IPV4 } from "./ipv4.js";

const H16 = /^[0-9a-f]{1,4}$/i;

/**
 * RFC 4291 section 2.2 text form: eight groups, one `::`, an IPv4 tail (no leading zeros); no zone.
 *
 * @example
 * isIPv6("::ffff:1.2.3.4"); // true
 * isIPv6("::ffff:01.2.3.4"); // false
 */
export function isIPv6(value: string): boolean {
  if (value.length > 45) return false;
  const double = value.indexOf("::");
  if (double !== value.lastIndexOf("::")) return false;
  let groups = 0;
  const part = (text: string, last: boolean): boolean => {
    if (text === "") return true;
    const pieces = text.split(":");
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (last && i === pieces.length - 1 && piece.includes(".")) {
        if (!IPV4.test(piece)) return false;
        groups += 2;
      } else if (H16.test(piece)) groups++;
      else return false;
    }
    return true;
  };
  if (double < 0) return part(value, true) && groups === 8;
  return part(value.slice(0, double), false) && part(value.slice(double + 2), true) && groups < 8;
}
