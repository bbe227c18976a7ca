// RFC 1123 labels: letters, digits, inner hyphens, 63 at most; 253 characters in all, no trailing dot.
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * RFC 1123 host name; an A-label (`xn--`) must be valid Punycode for a valid IDNA2008 U-label (RFC 5891).
 *
 * @example
 * isHostname("xn--9n2bp8q.xn--9t4b11yi5a"); // true
 * isHostname("example.");                   // false
 */
export function isHostname(value: string): boolean {
  // One pattern decides, unless a label may be an A-label ("--" in its third and fourth characters).
  if (!HOSTNAME.test(value)) return false;
  if (!value.includes("--")) return true;
  for (const label of value.split(".")) {
    if (!LABEL.test(label)) return false;
    if (label[2] === "-" && label[3] === "-") {
      if (label.slice(0, 2).toLowerCase() !== "xn") return false;
      const decoded = punycode(label.slice(4));
      if (decoded === undefined || !isULabel(decoded)) return false;
    }
  }
  return true;
}

// RFC 5892 section 2.6: code points IDNA2008 disallows although their category would allow them.
const DISALLOWED = /[\u0640\u07fa\u302e\u302f\u3031-\u3035\u303b]/u;
const VIRAMA =
  /[\u094d\u09cd\u0a4d\u0acd\u0b4d\u0bcd\u0c4d\u0ccd\u0d3b\u0d3c\u0d4d\u0dca\u0e3a\u0eba\u0f84\u1039\u103a\u1714\u1734\u17d2\u1a60\u1b44\u1baa\u1bab\u1bf2\u1bf3\u2d7f\ua806\ua8c4\ua953\ua9c0\uaaf6\uabed\u{10a3f}\u{11046}\u{1107f}\u{110b9}\u{11133}\u{11134}\u{111c0}\u{11235}\u{112ea}\u{1134d}\u{11442}\u{114c2}\u{115bf}\u{1163f}\u{116b6}\u{1172b}\u{11839}\u{119e0}\u{11a34}\u{11a47}\u{11a99}\u{11c3f}\u{11d44}\u{11d45}\u{11d97}]$/u;
const JOINING = String.raw`[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}]`;
const ZWNJ_JOINED = new RegExp(String.raw`${JOINING}\p{Mn}*\u200c\p{Mn}*${JOINING}`, "u");

/** An IDNA2008 U-label (RFC 5891 section 5.4, RFC 5892 Appendix A contextual rules). */
export function isULabel(label: string): boolean {
  if (
    !label ||
    /^\p{M}/u.test(label) ||
    label.startsWith("-") ||
    label.endsWith("-") ||
    (label[2] === "-" && label[3] === "-")
  )
    return false;
  if (
    DISALLOWED.test(label) ||
    // biome-ignore lint/suspicious/noMisleadingCharacterClass: ZWNJ and ZWJ are listed as code points of their own (RFC 5892 CONTEXTJ)
    /[^\p{L}\p{M}\p{N}\u00b7\u0375\u05f3\u05f4\u30fb\u200c\u200d\u06fd\u06fe\u0f0b\u0f0c-]/u.test(label) ||
    /\p{Lu}/u.test(label)
  )
    return false;
  const chars = [...label];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!,
      before = chars[i - 1],
      after = chars[i + 1];
    switch (c) {
      case "\u00b7": // MIDDLE DOT: between two l
        if (before !== "l" || after !== "l") return false;
        break;
      case "\u0375": // GREEK LOWER NUMERAL SIGN (KERAIA): before Greek
        if (after === undefined || !/\p{Script=Greek}/u.test(after)) return false;
        break;
      case "\u05f3":
      case "\u05f4": // HEBREW GERESH, GERSHAYIM: after Hebrew
        if (before === undefined || !/\p{Script=Hebrew}/u.test(before)) return false;
        break;
      case "\u30fb": // KATAKANA MIDDLE DOT: in a label with Hiragana, Katakana or Han
        if (!/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(label.replace(/\u30fb/g, ""))) return false;
        break;
      case "\u200d": // ZERO WIDTH JOINER: after a virama
        if (before === undefined || !VIRAMA.test(before)) return false;
        break;
      case "\u200c": // ZERO WIDTH NON-JOINER: after a virama, or between joining letters
        if (!(before !== undefined && VIRAMA.test(before)) && !ZWNJ_JOINED.test(label)) return false;
        break;
    }
  }
  // ARABIC-INDIC DIGITS and EXTENDED ARABIC-INDIC DIGITS never mix.
  return !(/[\u0660-\u0669]/.test(label) && /[\u06f0-\u06f9]/.test(label));
}

/** Decodes a Punycode string (RFC 3492 section 6.2), or undefined when it is not one. */
export function punycode(input: string): string | undefined {
  const base = 36,
    tMin = 1,
    tMax = 26;
  const adapt = (delta: number, points: number, first: boolean): number => {
    delta = first ? Math.floor(delta / 700) : delta >> 1;
    delta += Math.floor(delta / points);
    let k = 0;
    for (; delta > ((base - tMin) * tMax) >> 1; k += base) delta = Math.floor(delta / (base - tMin));
    return k + Math.floor(((base - tMin + 1) * delta) / (delta + 38));
  };
  const basic = input.lastIndexOf("-");
  const output: number[] = [];
  for (let j = 0; j < basic; j++) {
    const c = input.charCodeAt(j);
    if (c >= 0x80) return undefined;
    output.push(c);
  }
  let n = 128,
    i = 0,
    bias = 72;
  for (let index = basic > 0 ? basic + 1 : 0; index < input.length; ) {
    const old = i;
    for (let weight = 1, k = base; ; k += base) {
      if (index >= input.length) return undefined;
      const c = input.charCodeAt(index++);
      const digit = c >= 48 && c <= 57 ? c - 22 : c >= 65 && c <= 90 ? c - 65 : c >= 97 && c <= 122 ? c - 97 : base;
      if (digit >= base) return undefined;
      i += digit * weight;
      const t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
      if (digit < t) break;
      weight *= base - t;
      if (i > 0x7fffffff || weight > 0x7fffffff) return undefined;
    }
    bias = adapt(i - old, output.length + 1, old === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff) return undefined;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}
