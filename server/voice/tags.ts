/**
 * Effect tags in voice text: parsing into pieces, and turning user text into SSML that eSpeak NG
 * speaks literally (it always reads SSML and `[[...]]` phoneme input).
 *
 * Decisions: the known wrapping tags must be balanced and properly nested (otherwise a 400 names
 * the tag); anything else that looks like a tag (`<b>`, `[sic]`, `<speak>`) is ordinary text and
 * is spoken character by character, never obeyed. Tag names are matched case-insensitively.
 *
 * @module
 */
import {
  INLINE_TAGS,
  type InlineTag,
  WRAPPING_TAGS,
  type WrappingTag,
} from "../../core/ops/voice.ts";

/** A run of text under the wrapping tags open around it (outermost first). */
export interface TextPiece {
  kind: "text";
  text: string;
  wraps: WrappingTag[];
}

/** An inline effect under the wrapping tags open around it. */
export interface EffectPiece {
  kind: "effect";
  effect: InlineTag;
  wraps: WrappingTag[];
}

/** One piece of parsed voice text. */
export type Piece = TextPiece | EffectPiece;

/** A tag problem in the text; the handler answers it with a 400 naming the tag. */
export class TagError extends Error {
  /**
   * @param tag The tag as written.
   * @param message What is wrong.
   */
  constructor(readonly tag: string, message: string) {
    super(message);
    this.name = "TagError";
  }
}

const TOKEN = new RegExp(
  `\\[(${INLINE_TAGS.join("|")})\\]|<(/?)(${WRAPPING_TAGS.join("|")})>`,
  "gi",
);

/**
 * Splits text into text runs and effects, checking that wrapping tags are balanced.
 *
 * @param text The request text.
 * @returns The pieces in order; text pieces are never empty.
 * @throws {TagError} For a closing tag without its opening tag, crossed tags, or a tag left open.
 *
 * @example Usage
 * ```ts
 * import { parseTags } from "./tags.ts";
 * console.log(parseTags("Hi [pause] <soft>there</soft>").length); // 3
 * ```
 */
export function parseTags(text: string): Piece[] {
  const pieces: Piece[] = [];
  const open: WrappingTag[] = [];
  let last = 0;
  const pushText = (end: number) => {
    if (end > last) pieces.push({ kind: "text", text: text.slice(last, end), wraps: [...open] });
  };
  for (const match of text.matchAll(TOKEN)) {
    pushText(match.index);
    last = match.index + match[0].length;
    if (match[1] !== undefined) {
      pieces.push({
        kind: "effect",
        effect: match[1].toLowerCase() as InlineTag,
        wraps: [...open],
      });
      continue;
    }
    const name = match[3]!.toLowerCase() as WrappingTag;
    if (match[2] === "") {
      open.push(name);
    } else if (open.at(-1) !== name) {
      throw new TagError(
        `</${name}>`,
        open.length === 0
          ? `has a closing tag </${name}> without its opening tag <${name}>`
          : `closes </${name}> while <${open.at(-1)}> is still open: close tags in reverse order`,
      );
    } else {
      open.pop();
    }
  }
  if (open.length) {
    const name = open.at(-1)!;
    throw new TagError(`<${name}>`, `has an opening tag <${name}> that is never closed`);
  }
  pushText(text.length);
  return pieces;
}

/**
 * Makes user text safe to embed in eSpeak NG's SSML: escapes `&`, `<` and `>`, breaks `[[` and `]]`
 * apart so they cannot start phoneme input, and turns control characters (which end or confuse
 * the C string) into spaces.
 *
 * @param text User text.
 * @returns Text eSpeak speaks literally.
 *
 * @example Usage
 * ```ts
 * import { escapeForEspeak } from "./tags.ts";
 * console.log(escapeForEspeak("a<b & [[x]]")); // "a&lt;b &amp; [ [x] ]"
 * ```
 */
export function escapeForEspeak(text: string): string {
  return text
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\[(?=\[)/g, "[ ")
    .replace(/\](?=\])/g, "] ");
}

/**
 * Whether the pieces give anything to hear: an effect, or text with a letter, digit or symbol.
 *
 * @param pieces Parsed text.
 * @returns False for blank text, punctuation only, or empty wrapping tags.
 */
export function hasContent(pieces: readonly Piece[]): boolean {
  return pieces.some((p) => p.kind === "effect" || /[\p{L}\p{N}\p{S}]/u.test(p.text));
}
