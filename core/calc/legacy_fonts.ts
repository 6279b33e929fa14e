/**
 * Legacy Sinhala and Tamil fonts (FM Abhaya, DL Manel, Kaputa, Bamini) to Unicode, and Unicode
 * to FM Abhaya or DL Manel. Pure and schema-free; the operations in `../ops/text.ts` add the
 * schemas. The glyph codes of each font are data (`data/legacy_fonts.json`, with their sources).
 *
 * A legacy font stores glyphs in the order they are drawn, not letters in the order they are
 * read: the vowel sign ෙ (kombuva; Tamil ெ ே ை) is typed before its consonant, a rakaransaya
 * (්‍ර) or yansaya (්‍ය) after the consonant and before or after its vowel sign, and a glyph may
 * carry a consonant and its vowel sign at once (බි). Decoding reads the codes as syllables:
 * pre-base signs wait for the next consonant, conjunct signs join the consonant cluster, vowel
 * signs follow it, and the syllable is written out in Unicode order. Unicode's canonical
 * composition (NFC) then joins ෙ with ා into ො, ෙ with ් into ේ, and so on, and zero-width
 * joiners that join nothing are removed. Every step reads each code once: linear in the text.
 *
 * @module
 */
import table from "../../data/legacy_fonts.json" with { type: "json" };
import { tidyUnicode } from "./_joiners.ts";

export { dropStrayJoiners } from "./_joiners.ts";

/** A font this module reads. */
export type LegacyFont = "fm-abhaya" | "dl-manel" | "kaputa" | "bamini";
/** A font this module writes (Unicode to legacy). */
export type WritableFont = "fm-abhaya" | "dl-manel";

/** The fonts read, in the order `auto` tries them. */
export const LEGACY_FONTS: readonly LegacyFont[] = ["fm-abhaya", "dl-manel", "kaputa", "bamini"];
/** The fonts written. */
export const WRITABLE_FONTS: readonly WritableFont[] = ["fm-abhaya", "dl-manel"];

/** What {@linkcode legacyToUnicode} gives. */
export interface Decoded {
  /** The text in Unicode (NFC, no stray zero-width joiners). */
  text: string;
  /** Characters of the input read as the font's codes. */
  converted: number;
  /** Characters of the input passed through unchanged (not codes of the font). */
  unchanged: number;
  /** Vowel and conjunct signs that had no letter to attach to (a sign of the wrong font). */
  orphans: number;
  /** The distinct characters passed through, in order of first appearance (at most 20). */
  unknown: string[];
}

/** What {@linkcode unicodeToLegacy} gives. */
export interface Encoded {
  /** The text in the font's codes. */
  text: string;
  /** Characters of the input written as the font's codes. */
  converted: number;
  /** Characters of the input passed through unchanged. */
  unchanged: number;
  /**
   * The distinct characters passed through that the font reads as something else (a Latin letter
   * is a Sinhala glyph in these fonts), in order of first appearance (at most 20).
   */
  clashes: string[];
}

const ZWJ = "\u200d";
const MAX_LISTED = 20;

type Kind = "pre" | "base" | "conj" | "sign" | "vowel" | "repaya" | "literal";

interface Code {
  kind: Kind;
  /** Base: the cluster; vowel: the vowel; conj: the conjunct; pre and sign: the sign. */
  core: string;
  /** Vowel signs that come with the glyph (බි), written after the cluster. */
  signs: string;
  /** A repaya that comes with the glyph (ර්‍ණ). */
  repaya: string;
}

interface Font {
  name: string;
  script: "si" | "ta";
  codes: Map<string, Code>;
  longest: number;
  /** Bamini: the codes that lengthen a consonant+u glyph to uu. */
  uuExtenders: ReadonlySet<string>;
  /** Bamini: the code that is the au length mark after ெ and a consonant. */
  auMark: string | undefined;
  /** Unicode to the font's code, for writing (longest values first). */
  reverse: Map<string, string> | undefined;
  reverseLongest: number;
  /** FM Abhaya: the repaya written after its letter. */
  repayaAfter: string | undefined;
}

const isSinhalaConsonant = (c: number) => c >= 0x0d9a && c <= 0x0dc6;
const isTamilConsonant = (c: number) => c >= 0x0b95 && c <= 0x0bb9;
const isConsonant = (c: number) => isSinhalaConsonant(c) || isTamilConsonant(c);
const isIndependentVowel = (c: number) =>
  (c >= 0x0d85 && c <= 0x0d96) || (c >= 0x0b85 && c <= 0x0b94) || c === 0x0b83;
/** Dependent vowel signs, virama, anusvara and visarga of both scripts. */
const isSign = (c: number) =>
  (c >= 0x0dca && c <= 0x0ddf) || c === 0x0df2 || c === 0x0df3 || c === 0x0d82 ||
  c === 0x0d83 || (c >= 0x0bbe && c <= 0x0bcd) || c === 0x0bd7 || c === 0x0b82;
const PRE_BASE = new Set(["\u0dd9", "\u0ddb", "\u0bc6", "\u0bc7", "\u0bc8"]);

/** Splits a glyph's value into its parts: leading repaya, cluster, trailing vowel signs. */
function classify(value: string): Code {
  if (PRE_BASE.has(value)) return { kind: "pre", core: value, signs: "", repaya: "" };
  if (value.startsWith(`\u0dca${ZWJ}`)) {
    const conj = value.slice(0, 3);
    return { kind: "conj", core: conj, signs: value.slice(3), repaya: "" };
  }
  const first = value.codePointAt(0) ?? 0;
  if ([...value].every((c) => isSign(c.codePointAt(0)!))) {
    return { kind: "sign", core: value, signs: "", repaya: "" };
  }
  let repaya = "";
  let rest = value;
  if (rest.startsWith(`\u0dbb\u0dca${ZWJ}`) && rest.length > 3) {
    repaya = rest.slice(0, 3);
    rest = rest.slice(3);
  }
  const head = rest.codePointAt(0) ?? 0;
  if (isConsonant(head)) {
    // Trailing signs: the longest suffix of signs, except a virama that a joiner follows.
    let end = rest.length;
    while (end > 1 && isSign(rest.charCodeAt(end - 1))) end--;
    return { kind: "base", core: rest.slice(0, end), signs: rest.slice(end), repaya };
  }
  if (isIndependentVowel(first)) {
    let end = value.length;
    while (end > 1 && isSign(value.charCodeAt(end - 1))) end--;
    return { kind: "vowel", core: value.slice(0, end), signs: value.slice(end), repaya: "" };
  }
  return { kind: "literal", core: value, signs: "", repaya: "" };
}

interface FontData {
  name: string;
  script: string;
  base?: string;
  codes: Record<string, string>;
  unknown?: string[];
  /** Codes of the base font that this font does not have (each with the reason). */
  drop?: Record<string, string>;
  decode_only?: string[];
  repaya_after?: string;
  uu_extenders?: string[];
  au_mark?: string;
}

const fonts = new Map<LegacyFont, Font>();

function fontData(id: string): FontData {
  return (table.fonts as Record<string, FontData>)[id]!;
}

/** The font's codes, built on first use. */
function font(id: LegacyFont): Font {
  let found = fonts.get(id);
  if (found) return found;
  const data = fontData(id);
  const base = data.base ? fontData(data.base) : undefined;
  const values: Record<string, string> = { ...base?.codes, ...data.codes };
  for (const code of [...(data.unknown ?? []), ...Object.keys(data.drop ?? {})]) {
    delete values[code];
  }
  const repayaAfter = data.repaya_after ?? base?.repaya_after;
  const codes = new Map<string, Code>();
  let longest = 1;
  for (const [code, value] of Object.entries(values)) {
    const parsed = code === repayaAfter
      ? { kind: "repaya" as const, core: value, signs: "", repaya: "" }
      : classify(value);
    codes.set(code, parsed);
    longest = Math.max(longest, code.length);
  }
  let reverse: Map<string, string> | undefined;
  let reverseLongest = 1;
  if ((WRITABLE_FONTS as readonly string[]).includes(id)) {
    reverse = new Map();
    const skip = new Set([...(base?.decode_only ?? []), ...(data.decode_only ?? [])]);
    // Shorter codes first, so that a value with two codes is written with the shorter one.
    const entries = Object.entries(values).filter(([code]) => !skip.has(code))
      .sort(([a], [b]) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    for (const [code, value] of entries) {
      if (code === repayaAfter || value === "") continue;
      if (!reverse.has(value)) reverse.set(value, code);
      reverseLongest = Math.max(reverseLongest, value.length);
    }
  }
  found = {
    name: data.name,
    script: data.script === "ta" ? "ta" : "si",
    codes,
    longest,
    uuExtenders: new Set(data.uu_extenders ?? []),
    auMark: data.au_mark,
    reverse,
    reverseLongest,
    repayaAfter,
  };
  fonts.set(id, found);
  return found;
}

/**
 * The script a font writes.
 *
 * @param id The font.
 * @returns `si` (Sinhala) or `ta` (Tamil).
 */
export function fontScript(id: LegacyFont): "si" | "ta" {
  return font(id).script;
}

/**
 * The font's name as its makers write it.
 *
 * @param id The font.
 * @returns For example `FM Abhaya`.
 */
export function fontName(id: LegacyFont): string {
  return font(id).name;
}

/**
 * Reads text typed in a legacy font as Unicode. Characters that are not codes of the font
 * (Unicode letters, line breaks, emoji) pass through unchanged and are counted.
 *
 * @param text The text as stored (the font's codes).
 * @param id The font it was typed in.
 * @returns The Unicode text and what was converted.
 *
 * @example Usage
 * ```ts
 * import { legacyToUnicode } from "./legacy_fonts.ts";
 * // The DL Manel example of Open-SL/sinhala-unicode-converter's README.
 * console.log(legacyToUnicode("Y%S ,xld", "dl-manel").text); // "ශ්‍රී ලංකා"
 * ```
 */
export function legacyToUnicode(text: string, id: LegacyFont): Decoded {
  const f = font(id);
  const parts: string[] = [];
  let converted = 0;
  let unchanged = 0;
  let orphans = 0;
  const unknown = new Set<string>();
  // The open syllable: repaya, cluster, pre-base sign, vowel signs.
  let open = false;
  let repaya = "";
  let cluster = "";
  let kombuva = "";
  let signs = "";
  // A pre-base sign waiting for its consonant.
  let pending = "";
  const flush = () => {
    if (open) parts.push(repaya, cluster, kombuva, signs);
    open = false;
    repaya =
      cluster =
      kombuva =
      signs =
        "";
  };
  const orphan = (value: string) => {
    flush();
    if (pending) {
      parts.push(pending);
      orphans++;
      pending = "";
    }
    parts.push(value);
    orphans++;
  };
  const length = text.length;
  let i = 0;
  while (i < length) {
    let code: Code | undefined;
    let size = Math.min(f.longest, length - i);
    for (; size > 0; size--) {
      code = f.codes.get(text.slice(i, i + size));
      if (code) break;
    }
    if (!code) {
      // Not a code of the font: passed through (a surrogate pair as one character).
      const point = text.codePointAt(i)!;
      const char = String.fromCodePoint(point);
      flush();
      if (pending) {
        parts.push(pending);
        orphans++;
        pending = "";
      }
      parts.push(char);
      unchanged++;
      if (unknown.size < MAX_LISTED && char !== " " && char !== "\n" && char !== ZWJ) {
        unknown.add(char);
      }
      i += char.length;
      continue;
    }
    const codeText = text.slice(i, i + size);
    i += size;
    converted += size;
    if (f.auMark !== undefined && codeText === f.auMark && open && kombuva === "\u0bc6" && !signs) {
      // Bamini: ெ, a consonant, then the au mark (not ள) unless a sign follows it.
      const next = f.codes.get(text.charAt(i));
      if (!next || (next.kind !== "sign" && next.kind !== "conj")) {
        signs = "\u0bd7";
        continue;
      }
    }
    if (open && f.uuExtenders.has(codeText) && signs.endsWith("\u0bc1")) {
      signs = `${signs.slice(0, -1)}\u0bc2`;
      continue;
    }
    switch (code.kind) {
      case "pre":
        flush();
        if (pending === "\u0dd9" && code.core === "\u0dd9") pending = "\u0ddb";
        else {
          if (pending) {
            parts.push(pending);
            orphans++;
          }
          pending = code.core;
        }
        break;
      case "base":
        if (open && cluster.endsWith(`\u0dca${ZWJ}`) && !signs) {
          // A touching letter (ක්‍) joins the next consonant: ක්‍ෂ.
          cluster += code.core;
          signs = code.signs;
        } else {
          flush();
          open = true;
          repaya = code.repaya;
          cluster = code.core;
          signs = code.signs;
          kombuva = pending;
          pending = "";
        }
        break;
      case "conj":
        if (open && !cluster.endsWith(`\u0dca${ZWJ}`)) {
          cluster += code.core;
          signs += code.signs;
        } else orphan(code.core + code.signs);
        break;
      case "sign":
        if (open) signs += code.core;
        else orphan(code.core);
        break;
      case "repaya":
        if (open && cluster !== "" && !repaya) repaya = code.core;
        else orphan(code.core);
        break;
      case "vowel":
        flush();
        if (pending) {
          parts.push(pending);
          orphans++;
          pending = "";
        }
        open = true;
        cluster = code.core;
        signs = code.signs;
        break;
      default:
        flush();
        if (pending) {
          parts.push(pending);
          orphans++;
          pending = "";
        }
        parts.push(code.core);
    }
  }
  flush();
  if (pending) {
    parts.push(pending);
    orphans++;
  }
  return {
    text: tidyUnicode(parts.join("")),
    converted,
    unchanged,
    orphans,
    unknown: [...unknown],
  };
}

/** The vowel signs that are drawn before the consonant, and what stays after it. */
function splitKombuva(signs: string): { before: string; after: string } {
  const decomposed = signs.normalize("NFD");
  if (decomposed.startsWith("\u0ddb")) return { before: "\u0ddb", after: decomposed.slice(1) };
  if (decomposed.startsWith("\u0dd9")) return { before: "\u0dd9", after: decomposed.slice(1) };
  return { before: "", after: signs };
}

/**
 * Writes Unicode Sinhala in FM Abhaya or DL Manel codes, as a printer's template needs them.
 * Reading the result back with {@linkcode legacyToUnicode} gives the same Sinhala text (NFC).
 * Characters the font has no code for pass through; those that the font would read as something
 * else (Latin letters) are listed as clashes.
 *
 * @param text Unicode text.
 * @param id The font to write.
 * @returns The codes and what was converted.
 *
 * @example Usage
 * ```ts
 * import { unicodeToLegacy } from "./legacy_fonts.ts";
 * // Open-SL/sinhala-unicode-converter's README example.
 * console.log(unicodeToLegacy("ශ්‍රී ලංකා", "dl-manel").text); // "Y%S ,xld"
 * ```
 */
export function unicodeToLegacy(text: string, id: WritableFont): Encoded {
  const f = font(id);
  const reverse = f.reverse!;
  const source = tidyUnicode(text);
  const parts: string[] = [];
  let converted = 0;
  let unchanged = 0;
  const clashes = new Set<string>();
  const kombuvaCode = (sign: string) =>
    sign === "\u0ddb" ? reverse.get("\u0ddb") ?? "ff" : reverse.get("\u0dd9")!;
  /** Writes a run of Unicode with the longest values first; a virama before a joiner, or a
   * touching letter before ර or ය, is left to the conjunct codes. */
  const write = (run: string) => {
    let j = 0;
    while (j < run.length) {
      let size = Math.min(f.reverseLongest, run.length - j);
      let code: string | undefined;
      for (; size > 0; size--) {
        const piece = run.slice(j, j + size);
        code = reverse.get(piece);
        if (!code) continue;
        const next = run.charAt(j + size);
        if (piece.endsWith("\u0dca") && next === ZWJ) continue;
        if (piece.endsWith(`\u0dca${ZWJ}`) && (next === "\u0dbb" || next === "\u0dba")) continue;
        break;
      }
      if (code && size > 0) {
        parts.push(code);
        converted += size;
        j += size;
      } else {
        const char = String.fromCodePoint(run.codePointAt(j)!);
        parts.push(char);
        unchanged++;
        if (f.codes.has(char) && clashes.size < MAX_LISTED) clashes.add(char);
        j += char.length;
      }
    }
  };
  let i = 0;
  while (i < source.length) {
    const c = source.charCodeAt(i);
    if (!isSinhalaConsonant(c)) {
      // Not a syllable: an independent vowel, punctuation, a space, or another script.
      let j = i + 1;
      while (j < source.length && !isSinhalaConsonant(source.charCodeAt(j))) j++;
      write(source.slice(i, j));
      i = j;
      continue;
    }
    // The cluster: consonants joined by virama and joiner.
    let j = i + 1;
    while (
      source.charCodeAt(j) === 0x0dca && source.charAt(j + 1) === ZWJ &&
      isSinhalaConsonant(source.charCodeAt(j + 2))
    ) j += 3;
    let cluster = source.slice(i, j);
    let k = j;
    while (k < source.length && isSign(source.charCodeAt(k))) k++;
    const { before, after } = splitKombuva(source.slice(j, k));
    let repayaAfter = false;
    if (cluster.startsWith(`\u0dbb\u0dca${ZWJ}`) && cluster.length > 3) {
      cluster = cluster.slice(3);
      if (f.repayaAfter) repayaAfter = true;
      else {
        // DL Manel: ර් and a joiner, then the letter.
        parts.push(reverse.get("\u0dbb\u0dca")!, ZWJ);
        converted += 3;
      }
    }
    if (before) {
      parts.push(kombuvaCode(before));
      converted += 1;
    }
    if (repayaAfter) {
      write(cluster);
      parts.push(f.repayaAfter!);
      converted += 3;
      write(after);
    } else {
      write(cluster + after);
    }
    i = k;
  }
  return { text: parts.join(""), converted, unchanged, clashes: [...clashes] };
}
