/**
 * The 28 API language codes mapped to eSpeak NG voices, with what the research measured about
 * each (`../shared/research/tts.md` section 7), and the five voices mapped to eSpeak variants
 * (section 8).
 *
 * @module
 */
import type { Voice, VoiceLanguage } from "../../core/ops/voice.ts";

/** How well eSpeak NG speaks a language. */
export type Quality = "good" | "partial" | "weak";

/** One language's engine mapping. */
export interface LanguageInfo {
  /** eSpeak NG voice file id. */
  espeak: string;
  quality: Quality;
}

/** API code -> eSpeak NG voice and measured quality. */
export const LANGUAGES: Readonly<Record<VoiceLanguage, LanguageInfo>> = {
  "en": { espeak: "en-us", quality: "good" },
  "ar-EG": { espeak: "ar", quality: "partial" },
  "ar-SA": { espeak: "ar", quality: "partial" },
  "ar-AE": { espeak: "ar", quality: "partial" },
  "bn": { espeak: "bn", quality: "good" },
  "ca": { espeak: "ca", quality: "good" },
  "zh": { espeak: "cmn", quality: "good" },
  "da": { espeak: "da", quality: "good" },
  "nl": { espeak: "nl", quality: "good" },
  "fi": { espeak: "fi", quality: "good" },
  "fr": { espeak: "fr", quality: "good" },
  "de": { espeak: "de", quality: "good" },
  "hi": { espeak: "hi", quality: "good" },
  "hu": { espeak: "hu", quality: "good" },
  "id": { espeak: "id", quality: "good" },
  "it": { espeak: "it", quality: "good" },
  "ja": { espeak: "ja", quality: "partial" },
  "ko": { espeak: "ko", quality: "good" },
  "pl": { espeak: "pl", quality: "good" },
  "pt-BR": { espeak: "pt-br", quality: "good" },
  "pt-PT": { espeak: "pt", quality: "good" },
  "ru": { espeak: "ru", quality: "good" },
  "es-MX": { espeak: "es-419", quality: "good" },
  "es-ES": { espeak: "es", quality: "good" },
  "sv": { espeak: "sv", quality: "good" },
  "th": { espeak: "th", quality: "weak" },
  "tr": { espeak: "tr", quality: "good" },
  "vi": { espeak: "vi", quality: "good" },
  // Sinhala and Tamil: eSpeak NG's inc/si (upstream "status testing") and dra/ta voices, in the
  // pinned npm build (si_dict, ta_dict). Nobody on the project has listened as a native speaker.
  "si": { espeak: "si", quality: "partial" },
  "ta": { espeak: "ta", quality: "good" },
};

/**
 * What `eld` reports -> API code. Regional variants cannot be told apart by detection, so Arabic
 * is read as Modern Standard Arabic (ar-SA), Portuguese as pt-BR and Spanish as es-ES; `eld`
 * reports Indonesian as Malay (`ms`) on short texts.
 */
const DETECTED: Readonly<Record<string, VoiceLanguage>> = {
  ar: "ar-SA",
  pt: "pt-BR",
  es: "es-ES",
  ms: "id",
};

/**
 * Maps a language detected by `eld` to an API code.
 *
 * @param detected The ISO 639-1 code `eld` reports (may be empty).
 * @returns The API code, or undefined when the language is not one of the 28.
 */
export function fromDetected(detected: string): VoiceLanguage | undefined {
  const mapped = DETECTED[detected] ?? detected;
  return Object.hasOwn(LANGUAGES, mapped) ? mapped as VoiceLanguage : undefined;
}

/**
 * Sinhala or Tamil by script, before any statistical detection: the Unicode blocks are exact
 * (Sinhala U+0D80-U+0DFF, Tamil U+0B80-U+0BFF), so text written mostly in one of them is that
 * language. `eld` knows neither language.
 *
 * @param text The text.
 * @returns `si` or `ta` when that script has more characters than all other letters together,
 * else undefined.
 *
 * @example Usage
 * ```ts
 * import { scriptLanguage } from "./languages.ts";
 * console.log(scriptLanguage("ශ්‍රී ලංකාව")); // "si"
 * console.log(scriptLanguage("Good morning")); // undefined
 * ```
 */
export function scriptLanguage(text: string): "si" | "ta" | undefined {
  let si = 0, ta = 0, other = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0x0d80 && code <= 0x0dff) si++;
    else if (code >= 0x0b80 && code <= 0x0bff) ta++;
    else if (/\p{L}/u.test(ch)) other++;
  }
  if (si > ta && si > other) return "si";
  if (ta > si && ta > other) return "ta";
  return undefined;
}

/** Arabic short-vowel and other diacritics (harakat, tanwin, shadda, sukun, dagger alif). */
const ARABIC_DIACRITICS = /[\u064B-\u0652\u0670]/;
/** Kanji (CJK unified ideographs and the iteration mark). */
export const KANJI = /[\u3005\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]/;

/**
 * The `X-Voice-Warning` for a language and text, if eSpeak NG is known to speak it badly.
 *
 * @param language The effective language.
 * @param text The text as spoken.
 * @returns A one-line warning, or undefined.
 */
export function qualityWarning(language: VoiceLanguage, text: string): string | undefined {
  if (language === "th") {
    return "Thai is weak in eSpeak NG: implicit vowels are dropped, expect garbled speech";
  }
  if (language.startsWith("ar-") && !ARABIC_DIACRITICS.test(text)) {
    return "Arabic without diacritics loses its short vowels in eSpeak NG: add harakat for clear speech";
  }
  if (language === "si") {
    return "Sinhala in eSpeak NG is an upstream testing voice with generic intonation: intelligible but robotic";
  }
  if (language.startsWith("ar-") && language !== "ar-SA") {
    return "Arabic is spoken as Modern Standard Arabic: there is no dialect voice";
  }
  return undefined;
}

/** eSpeak NG settings of one voice. */
export interface VoiceInfo {
  /** Variant for normal speech (`<lang>+<variant>`). */
  variant: string;
  /** Variant for `<whisper>`. */
  whisper: string;
  /** Base pitch 0-99. */
  pitch: number;
  /** Intonation range 0-99. */
  range: number;
  gender: "female" | "male";
}

/** The five voices (research section 8: measured F0 eve 227, ara 166, sal 117, leo 106, rex 81 Hz). */
export const VOICE_SETTINGS: Readonly<Record<Voice, VoiceInfo>> = {
  eve: { variant: "f3", whisper: "whisperf", pitch: 55, range: 60, gender: "female" },
  ara: { variant: "f4", whisper: "whisperf", pitch: 42, range: 50, gender: "female" },
  leo: { variant: "m3", whisper: "whisper", pitch: 50, range: 50, gender: "male" },
  rex: { variant: "m1", whisper: "whisper", pitch: 35, range: 40, gender: "male" },
  sal: { variant: "m2", whisper: "whisper", pitch: 62, range: 60, gender: "male" },
};
