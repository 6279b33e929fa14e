/**
 * The voice endpoint's contract: its request body, voices, languages and effect tags. Only the
 * schema lives here; the speech engine (eSpeak NG, GPL-3.0) is in `server/voice/` and is never
 * imported by the core or the SDK.
 *
 * @module
 */
import * as z from "zod/mini";
import { bodyChoice as choice, inputText as got } from "../_body_fields.ts";
import { defineRemoteOperation, type Operation } from "../operation.ts";

/** The five voices (spec 4.16). */
export const VOICES = ["eve", "ara", "leo", "rex", "sal"] as const;
/** A voice id. */
export type Voice = (typeof VOICES)[number];

/** The 28 language codes of spec 4.16, then Sinhala and Tamil (issue 19). */
export const VOICE_LANGUAGES = [
  "en",
  "ar-EG",
  "ar-SA",
  "ar-AE",
  "bn",
  "ca",
  "zh",
  "da",
  "nl",
  "fi",
  "fr",
  "de",
  "hi",
  "hu",
  "id",
  "it",
  "ja",
  "ko",
  "pl",
  "pt-BR",
  "pt-PT",
  "ru",
  "es-MX",
  "es-ES",
  "sv",
  "th",
  "tr",
  "vi",
  "si",
  "ta",
] as const;
/** A language code. */
export type VoiceLanguage = (typeof VOICE_LANGUAGES)[number];

/** Output sample rates in Hz. */
export const VOICE_SAMPLE_RATES = [8000, 16000, 22050, 24000, 44100, 48000] as const;
/** An output sample rate. */
export type VoiceSampleRate = (typeof VOICE_SAMPLE_RATES)[number];

/** Inline effect tags, written as `[name]`. */
export const INLINE_TAGS = [
  "pause",
  "long-pause",
  "breath",
  "inhale",
  "exhale",
  "sigh",
  "laugh",
  "chuckle",
  "giggle",
  "cry",
  "tongue-click",
  "lip-smack",
  "hum-tune",
  "tsk",
] as const;
/** An inline effect. */
export type InlineTag = (typeof INLINE_TAGS)[number];

/** Wrapping effect tags, written as `<name>` ... `</name>`. */
export const WRAPPING_TAGS = [
  "whisper",
  "soft",
  "loud",
  "slow",
  "fast",
  "higher-pitch",
  "lower-pitch",
  "build-intensity",
  "decrease-intensity",
] as const;
/** A wrapping effect. */
export type WrappingTag = (typeof WRAPPING_TAGS)[number];

/** Longest text, in Unicode code points (effect tags included). */
export const MAX_VOICE_TEXT = 6000;
/** Bit rate bounds in bits per second (mp3 only). */
export const VOICE_BIT_RATE_RANGE = { min: 32000, max: 192000 } as const;
/** Default output sample rate: eSpeak NG's own rate, so nothing is resampled. */
export const DEFAULT_SAMPLE_RATE: VoiceSampleRate = 22050;
/** Default mp3 bit rate. */
export const DEFAULT_BIT_RATE = 64000;

/** A validated voice request. */
export interface VoiceRequest {
  text: string;
  voice: Voice;
  language: VoiceLanguage | "auto";
  codec: "mp3" | "wav";
  sample_rate: VoiceSampleRate;
  bit_rate?: number | undefined;
  text_normalization: boolean;
}

/** A whole number given as a JSON number or a string of digits. */
const wholeNumber = (
  check: (value: number) => boolean,
  expected: string,
  jsonSchema: Record<string, unknown>,
) =>
  z.pipe(
    z.union([z.number(), z.string()], {
      error: (issue) => `must be ${expected}: got ${got(issue.input)}`,
    }),
    z.transform((raw: number | string, ctx) => {
      const value = typeof raw === "number" ? raw : /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isInteger(value) || !check(value)) {
        ctx.issues.push({
          code: "custom",
          input: raw,
          message: `must be ${expected}: got ${got(raw)}`,
        });
        return z.NEVER;
      }
      return value;
    }),
  ).register(z.globalRegistry, jsonSchema);

/** Counts Unicode code points (what the 6,000 limit counts). */
export function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

const body: z.ZodMiniType<VoiceRequest> = z.strictObject({
  text: z.string({
    error: (issue) =>
      issue.input === undefined
        ? "is required: expected a string of 1 to 6000 characters"
        : `must be a string: got ${got(issue.input)}`,
  }).check(
    z.superRefine((value, ctx) => {
      const length = codePoints(value);
      if (length === 0 || value.trim() === "") {
        ctx.addIssue({
          code: "custom",
          input: value,
          message: "has nothing to speak: got an empty or blank text",
        });
      } else if (length > MAX_VOICE_TEXT) {
        ctx.addIssue({
          code: "custom",
          input: value,
          message: `must be at most ${MAX_VOICE_TEXT} characters: got ${length}`,
        });
      }
    }),
    z.describe("1 to 6,000 characters (Unicode code points, effect tags included)"),
  ),
  voice: z._default(choice(VOICES, "Voice: eve, ara (female); leo, rex, sal (male)"), "eve"),
  language: z._default(
    choice(
      [...VOICE_LANGUAGES, "auto"] as const,
      "Language code, or auto to detect it from the text",
    ),
    "en",
  ),
  codec: z._default(choice(["mp3", "wav"] as const, "mp3 (default) or wav"), "mp3"),
  sample_rate: z._default(
    wholeNumber(
      (v) => (VOICE_SAMPLE_RATES as readonly number[]).includes(v),
      `one of ${VOICE_SAMPLE_RATES.join(", ")}`,
      {
        description: "Output sample rate in Hz (default 22050, the engine's own rate)",
        enum: [...VOICE_SAMPLE_RATES],
      },
    ),
    DEFAULT_SAMPLE_RATE,
  ) as unknown as z.ZodMiniType<VoiceSampleRate>,
  bit_rate: z.optional(wholeNumber(
    (v) => v >= VOICE_BIT_RATE_RANGE.min && v <= VOICE_BIT_RATE_RANGE.max,
    `a whole number of bits per second from ${VOICE_BIT_RATE_RANGE.min} to ${VOICE_BIT_RATE_RANGE.max}`,
    {
      description:
        "mp3 bit rate in bps, 32000-192000 (default 64000); snapped down to an MPEG rate and capped by the sample rate",
      minimum: VOICE_BIT_RATE_RANGE.min,
      maximum: VOICE_BIT_RATE_RANGE.max,
    },
  )),
  text_normalization: z._default(
    z.boolean({ error: (issue) => `must be true or false: got ${got(issue.input)}` }),
    true,
  ).check(z.describe(
    "Expand currency, dates and abbreviations before speaking (English); in Sinhala and Tamil, numbers, rupee amounts, percentages and dates become words",
  )),
}, {
  error: (issue) =>
    issue.code === "unrecognized_keys"
      ? `has unknown field${issue.keys.length > 1 ? "s" : ""} ${
        issue.keys.map((k) => JSON.stringify(k)).join(", ")
      }: allowed are text, voice, language, codec, sample_rate, bit_rate, text_normalization`
      : `must be a JSON object: got ${got(issue.input)}`,
}).check(
  z.superRefine((value, ctx) => {
    if (value.codec === "wav" && value.bit_rate !== undefined) {
      ctx.addIssue({
        code: "custom",
        input: value.bit_rate,
        path: ["bit_rate"],
        message: "applies to mp3 only: remove it or use codec mp3",
      });
    }
  }),
) as unknown as z.ZodMiniType<VoiceRequest>;

/** `POST /api/v1/voice` (spec 4.16): text to speech, served by the server only. */
export const voice: Operation<unknown, unknown> = defineRemoteOperation<unknown>({
  name: "voice",
  method: "POST",
  path: "/voice",
  title: "Text to speech",
  description:
    "Speaks up to 6,000 characters in one of five voices and 30 languages (the spec's 28, " +
    "Sinhala and Tamil), with inline and " +
    "wrapping effect tags; answers raw MP3 or WAV audio. Needs an API key (100 calls a day).",
  tag: "Voice",
  languages: [...VOICE_LANGUAGES, "auto"],
  params: z.object({}),
  result: z.unknown(),
  body,
  produces: ["audio/mpeg", "audio/wav"],
  example: "/api/v1/voice",
  page: "voice",
  keyOnly: true,
});
