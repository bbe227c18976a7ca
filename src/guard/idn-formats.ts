import type { FormatCheck } from "./format-checks.js";
import { emailDomain } from "./formats/email.js";
import { isHostname, isULabel, punycode } from "./formats/hostname.js";
import { uriLike, uriPatterns } from "./formats/uri.js";

// The internationalized formats: host names and e-mail addresses in any script (IDNA2008, RFC 6531) and IRIs
// (RFC 3987). Tool schemas rarely use them, and their rules (the Bidi rule, non-ASCII grammars) add to every
// guard's size, so they are a value to pass in. (A-labels of plain host names are decoded in ./formats/hostname.ts.)

/**
 * RFC 5890 internationalized host name: labels split at any IDNA dot, each an ASCII label or a valid
 * U-label, and the RFC 5893 Bidi rule when any label is right-to-left.
 */
function isIdnHostname(value: string): boolean {
  if (value.length === 0) return false;
  const labels = value.split(/[.\u3002\uff0e\uff61]/);
  let length = labels.length - 1;
  const unicode: string[] = [];
  for (const label of labels) {
    if (/^[\x00-\x7f]*$/.test(label)) {
      if (!isHostname(label)) return false;
      length += label.length;
      unicode.push(/^xn--/i.test(label) ? punycode(label.slice(4))! : label);
    } else {
      if (!isULabel(label) || label.length > 63) return false;
      length += label.length + 8; // about its A-label
      unicode.push(label);
    }
  }
  return length <= 253 && (!unicode.some((l) => RTL.test(l) || AN.test(l)) || unicode.every(bidiOk));
}

// RFC 5893 section 2, with Bidi classes approximated by script: R and AL are the right-to-left scripts'
// letters, AN the Arabic-Indic digits, EN the European and Extended Arabic-Indic digits, NSM marks.
const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const AN = /[\u0660-\u0669]/;
const EN = /[0-9\u06f0-\u06f9]/;

function bidiOk(label: string): boolean {
  const chars = [...label].filter((c) => !/\p{Mn}/u.test(c));
  const first = chars[0],
    last = chars[chars.length - 1];
  if (first === undefined || last === undefined) return false;
  if (RTL.test(first)) {
    if (!chars.every((c) => RTL.test(c) || AN.test(c) || EN.test(c) || /[-.,:\p{P}\p{S}\p{Cf}]/u.test(c))) return false;
    return (
      (RTL.test(last) || AN.test(last) || EN.test(last)) &&
      !(chars.some((c) => AN.test(c)) && chars.some((c) => EN.test(c)))
    );
  }
  if (!/\p{L}/u.test(first)) return false;
  return chars.every((c) => !RTL.test(c) && !AN.test(c)) && (/\p{L}/u.test(last) || EN.test(last));
}

// RFC 6531: the same, with any non-ASCII character beside the ASCII ones.
const IDN_ATOM = String.raw`[a-z0-9!#$%&'*+/=?^_\x60{|}~\u0080-\u{10ffff}-]+`;
const IDN_QUOTED = String.raw`"(?:[\x20\x21\x23-\x5b\x5d-\x7e\u0080-\u{10ffff}]|\\[\x20-\x7e])*"`;
const IDN_EMAIL = new RegExp(String.raw`^(?:${IDN_ATOM}(?:\.${IDN_ATOM})*|${IDN_QUOTED})@(.+)$`, "iu");

function isIdnEmail(value: string): boolean {
  const m = IDN_EMAIL.exec(value);
  return m !== null && emailDomain(m[1]!, isIdnHostname);
}

// RFC 3987 ucschar, its noncharacters at the end of each plane let through (the short form of the list).
const UCSCHAR = String.raw`\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF\u{10000}-\u{EFFFD}`;

let iri: ReturnType<typeof uriPatterns> | undefined;

/**
 * The internationalized formats, to add to a guard: `idn-hostname`, `idn-email`, `iri`, `iri-reference`.
 * Without them these formats are annotations (unknown formats assert nothing, as draft 2020-12 says).
 *
 * @example
 * import { compile, IDN_FORMATS } from "tooltype/guard";
 * compile({ type: "string", format: "idn-email" }, { formats: IDN_FORMATS })("用户@例子.广告"); // true
 */
export const IDN_FORMATS: { readonly [name: string]: FormatCheck } = {
  "idn-hostname": isIdnHostname,
  "idn-email": isIdnEmail,
  iri: (value) => uriLike((iri ??= uriPatterns(UCSCHAR)).absolute, value),
  "iri-reference": (value) => uriLike((iri ??= uriPatterns(UCSCHAR)).reference, value),
};
