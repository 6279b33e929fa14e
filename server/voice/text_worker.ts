/**
 * The text worker: language detection (`eld`, Apache-2.0) and Japanese kanji-to-kana conversion
 * (`kuromoji`, Apache-2.0, dictionary from IPADIC). One lazily started instance serves the whole
 * pool, so kuromoji's dictionary (about 320 MB resident) is loaded at most once, and only when
 * Japanese text with kanji arrives.
 *
 * @module
 */
import { createRequire } from "node:module";
import { workerScope } from "./protocol.ts";

/** A text job. */
export type TextJob = { kind: "detect"; text: string } | { kind: "kana"; texts: string[] };

const { eld } = await import("eld/medium");

// deno-lint-ignore no-explicit-any
type Tokenizer = { tokenize(text: string): any[] };
let tokenizer: Promise<Tokenizer> | undefined;

function loadTokenizer(): Promise<Tokenizer> {
  return tokenizer ??= (async () => {
    const { default: kuromoji } = await import("kuromoji");
    const main = createRequire(import.meta.url).resolve("kuromoji");
    const dicPath = main.replace(/[\\/](src|build)[\\/]kuromoji\.js$/, "/dict/");
    return await new Promise<Tokenizer>((resolve, reject) =>
      kuromoji.builder({ dicPath }).build((error: unknown, built: Tokenizer) =>
        error ? reject(error) : resolve(built)
      )
    );
  })();
}

const KANJI = /[\u3005\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]/;
const toHiragana = (text: string) =>
  text.replace(/[\u30A1-\u30F6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));

async function kana(text: string): Promise<string> {
  if (!KANJI.test(text)) return text;
  const tokens = (await loadTokenizer()).tokenize(text);
  return tokens.map((t) =>
    KANJI.test(t.surface_form) && t.pronunciation && t.pronunciation !== "*"
      ? toHiragana(t.pronunciation)
      : t.surface_form
  ).join("");
}

workerScope<TextJob>().serve<string | string[]>(async (job) => {
  if (job.kind === "detect") return { value: eld.detect(job.text).language as string };
  const out: string[] = [];
  for (const text of job.texts) out.push(await kana(text));
  return { value: out };
});
