/**
 * Independent parsers of amounts in words (English, Sinhala, Tamil), for the words tests. Written
 * from the grammar (a lexicon of number words and unit words, additive with multiplying units),
 * not from the generator's tables in `core/calc/words.ts` or `data/number_words.json`. They accept
 * the variant spellings seen in sources (ශත and සත, ලක්ෂ and ලක්ශ, the spoken දාහතර/දාහත and the
 * written දහහතර/දහහත, லட்சம் and இலட்சம், ரூபா and ரூபாய், -த்தி and -த்து, the attributive
 * ஒரு joined or apart), so they read the published examples too.
 *
 * @module
 */

type Lexeme = { value: number } | { scale: number } | { skip: true };

/**
 * Reads number words left to right: numbers add up; a unit word (hundred, thousand, lakh, crore,
 * million, billion) multiplies everything after the last larger unit (an implied one when nothing
 * precedes it), so nested multipliers such as "ninety-nine thousand ... crore" read correctly.
 */
function evaluate(lexemes: Lexeme[]): number {
  const parts: { value: number; scale: number }[] = [];
  let current = 0;
  let seen = false;
  for (const l of lexemes) {
    if ("skip" in l) continue;
    if ("value" in l) {
      current += l.value;
      seen = true;
      continue;
    }
    let multiplier = current;
    while (parts.length && parts[parts.length - 1]!.scale < l.scale) {
      multiplier += parts.pop()!.value;
    }
    if (!seen && multiplier === 0) multiplier = 1;
    parts.push({ value: multiplier * l.scale, scale: l.scale });
    current = 0;
    seen = false;
  }
  return parts.reduce((sum, p) => sum + p.value, 0) + current;
}

const SORTED_KEYS = new WeakMap<ReadonlyMap<string, Lexeme>, string[]>();
const SEGMENTS = new WeakMap<ReadonlyMap<string, Lexeme>, Map<string, Lexeme[]>>();

/** Splits a token into lexicon entries, longest match first, backtracking when stuck. */
function segment(token: string, lexicon: ReadonlyMap<string, Lexeme>): Lexeme[] {
  if (token === "") return [];
  let cache = SEGMENTS.get(lexicon);
  if (!cache) SEGMENTS.set(lexicon, cache = new Map());
  const known = cache.get(token);
  if (known) return known;
  let sorted = SORTED_KEYS.get(lexicon);
  if (!sorted) {
    SORTED_KEYS.set(lexicon, sorted = [...lexicon.keys()].sort((a, b) => b.length - a.length));
  }
  for (const key of sorted) {
    if (!token.startsWith(key)) continue;
    try {
      const lexemes = [lexicon.get(key)!, ...segment(token.slice(key.length), lexicon)];
      cache.set(token, lexemes);
      return lexemes;
    } catch { /* try a shorter match */ }
  }
  throw new Error(`Cannot read "${token}"`);
}

function lexicon(entries: Record<string, number | "scale100" | "skip">): Map<string, Lexeme> {
  return new Map(
    Object.entries(entries).map((
      [k, v],
    ) => [
      k,
      v === "skip" ? { skip: true } : typeof v === "number" ? { value: v } : { scale: 100 },
    ]),
  );
}

function withScales(
  base: Map<string, Lexeme>,
  scales: Record<string, number>,
): Map<string, Lexeme> {
  for (const [k, v] of Object.entries(scales)) base.set(k, { scale: v });
  return base;
}

// English: the cardinal words of any English grammar.
const EN = withScales(
  lexicon({
    zero: 0,
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
    thirteen: 13,
    fourteen: 14,
    fifteen: 15,
    sixteen: 16,
    seventeen: 17,
    eighteen: 18,
    nineteen: 19,
    twenty: 20,
    thirty: 30,
    forty: 40,
    fifty: 50,
    sixty: 60,
    seventy: 70,
    eighty: 80,
    ninety: 90,
    and: "skip",
  }),
  { hundred: 100, thousand: 1e3, lakh: 1e5, million: 1e6, crore: 1e7, billion: 1e9 },
);

export function parseEnglish(text: string): number {
  const tokens = text.toLowerCase().split(/[\s-]+/).filter(Boolean);
  return evaluate(tokens.map((t) => {
    const l = EN.get(t);
    if (!l) throw new Error(`Not an English number word: "${t}"`);
    return l;
  }));
}

// Sinhala: free (counting) and bound (attributive) forms as in Sinhala grammars, plus the
// variant spellings seen in print (දාස් for දහස්, ලක්ශ for ලක්ෂ, නම as a colloquial bound 9).
const SI = withScales(
  lexicon({
    "බිංදුව": 0,
    "එක": 1,
    "එක්": 1,
    "දෙක": 2,
    "දෙ": 2,
    "තුන": 3,
    "තුන්": 3,
    "හතර": 4,
    "හාර": 4,
    "පහ": 5,
    "පන්": 5,
    "හය": 6,
    "හත": 7,
    "හත්": 7,
    "අට": 8,
    "නවය": 9,
    "නව": 9,
    "නම": 9,
    "දහය": 10,
    "දස": 10,
    "දහ": 10,
    "එකොළහ": 11,
    "එකොළොස්": 11,
    "දොළහ": 12,
    "දොළොස්": 12,
    "දහතුන": 13,
    "දහතුන්": 13,
    "දාහතර": 14,
    "දහහතර": 14,
    "පහළොව": 15,
    "පහළොස්": 15,
    "දහසය": 16,
    "දාහත": 17,
    "දාහත්": 17,
    "දහහත": 17,
    "දහහත්": 17,
    "දහඅට": 18,
    "දහනවය": 19,
    "දහනව": 19,
    "විස්ස": 20,
    "විසි": 20,
    "තිහ": 30,
    "තිස්": 30,
    "හතළිහ": 40,
    "හතළිස්": 40,
    "පනහ": 50,
    "පනස්": 50,
    "හැට": 60,
    "හැත්තෑව": 70,
    "හැත්තෑ": 70,
    "අසූව": 80,
    "අසූ": 80,
    "අනූව": 90,
    "අනූ": 90,
    // the indefinite ending of a counted quantity (හතක්, "seven of them") adds nothing
    "ක්": "skip",
  }),
  {
    "සිය": 100,
    "සියය": 100,
    "දහස්": 1e3,
    "දහස": 1e3,
    "දාස්": 1e3,
    "ලක්ෂ": 1e5,
    "ලක්ෂය": 1e5,
    "ලක්ශ": 1e5,
    "කෝටි": 1e7,
    "කෝටිය": 1e7,
  },
);

export function parseSinhala(text: string): number {
  return evaluate(text.split(/\s+/).filter(Boolean).flatMap((t) => segment(t, SI)));
}

// Tamil: the cardinals of Tamil grammars, their linking forms (-த்து, colloquial -த்தி, -ற்று,
// -ற்றி), and the sandhi of thousands (a word ending in -u loses it before ஆயிரம்).
const TA_WORDS: Record<string, number> = {
  "பூஜ்யம்": 0,
  "பூஜ்ஜியம்": 0,
  "பூச்சியம்": 0,
  "ஒன்று": 1,
  "ஒரு": 1,
  "ஓர்": 1,
  "இரண்டு": 2,
  "மூன்று": 3,
  "நான்கு": 4,
  "ஐந்து": 5,
  "ஆறு": 6,
  "ஏழு": 7,
  "எட்டு": 8,
  "ஒன்பது": 9,
  "பத்து": 10,
  "பதினொன்று": 11,
  "பன்னிரண்டு": 12,
  "பதின்மூன்று": 13,
  "பதினான்கு": 14,
  "பதினைந்து": 15,
  "பதினாறு": 16,
  "பதினேழு": 17,
  "பதினெட்டு": 18,
  "பத்தொன்பது": 19,
  "இருபது": 20,
  "முப்பது": 30,
  "நாற்பது": 40,
  "ஐம்பது": 50,
  "அறுபது": 60,
  "எழுபது": 70,
  "எண்பது": 80,
  "தொண்ணூறு": 90,
};
const TA_TENS_STEMS: Record<string, number> = {
  "இருபத்": 20,
  "முப்பத்": 30,
  "நாற்பத்": 40,
  "ஐம்பத்": 50,
  "அறுபத்": 60,
  "எழுபத்": 70,
  "எண்பத்": 80,
  "தொண்ணூற்": 90,
};
const TA_HUNDREDS: Record<string, number> = {
  "நூற்": 100,
  "இருநூற்": 200,
  "முந்நூற்": 300,
  "நானூற்": 400,
  "ஐநூற்": 500,
  "அறுநூற்": 600,
  "எழுநூற்": 700,
  "எண்ணூற்": 800,
  "தொள்ளாயிரத்": 900,
};
const TA = (() => {
  const entries: Record<string, number | "skip"> = { ...TA_WORDS };
  for (const [w, v] of Object.entries(TA_WORDS)) if (w.endsWith("ு")) entries[w.slice(0, -1)] = v;
  for (const [stem, v] of [...Object.entries(TA_TENS_STEMS), ...Object.entries(TA_HUNDREDS)]) {
    entries[stem] = v;
    entries[`${stem}து`] = v;
    entries[`${stem}தி`] = v;
    entries[`${stem}று`] = v;
    entries[`${stem}றி`] = v;
  }
  Object.assign(entries, {
    "நூறு": 100,
    "இருநூறு": 200,
    "முந்நூறு": 300,
    "நானூறு": 400,
    "ஐநூறு": 500,
    "அறுநூறு": 600,
    "எழுநூறு": 700,
    "எண்ணூறு": 800,
    "தொள்ளாயிரம்": 900,
    "மூ": 3,
    "ஐ": 5,
    "எண்ண": 8,
    "பதினோர": 11,
    "பதினொரு": 11,
    // the attributive one joined to a linking form before it: இருபத்|தொரு, நூற்|றொரு,
    // ஆயிரத்|தொரு, இருபத்|தோர|ாயிரம்
    "தொரு": 1,
    "றொரு": 1,
    "தோர": 1,
    "றோர": 1,
    "ஓர": 1,
    "பதின்மூ": 13,
  });
  return withScales(lexicon(entries), {
    "ஆயிரம்": 1e3,
    "ஆயிரத்து": 1e3,
    "ஆயிரத்": 1e3,
    "ாயிரம்": 1e3,
    "ாயிரத்து": 1e3,
    "ாயிரத்": 1e3,
    "வாயிரம்": 1e3,
    "வாயிரத்து": 1e3,
    "வாயிரத்": 1e3,
    "யாயிரம்": 1e3,
    "யாயிரத்து": 1e3,
    "யாயிரத்": 1e3,
    "இலட்சம்": 1e5,
    "இலட்சத்து": 1e5,
    "இலட்சத்": 1e5,
    "லட்சம்": 1e5,
    "லட்சத்து": 1e5,
    "லட்சத்": 1e5,
    "கோடி": 1e7,
    "கோடியே": 1e7,
  });
})();

export function parseTamil(text: string): number {
  return evaluate(text.split(/\s+/).filter(Boolean).flatMap((t) => segment(t, TA)));
}

export const PARSERS = { en: parseEnglish, si: parseSinhala, ta: parseTamil } as const;

/** Reads a whole amount back to cents: rupee, cent, "and" and "only" words per language. */
export function parseAmount(lang: "en" | "si" | "ta", text: string): number {
  const parse = PARSERS[lang];
  let t = text.trim();
  if (lang === "en") {
    t = t.replace(/\s+only$/i, "");
    const m = /^(?:(.+?) rupees?)?(?:\s*and\s*)?(?:(.+?) cents?)?$/i.exec(t);
    if (!m) throw new Error(`Cannot read "${text}"`);
    return (m[1] ? parse(m[1]) : 0) * 100 + (m[2] ? parse(m[2]) : 0);
  }
  if (lang === "si") {
    t = t.replace(/\s*පමණි$/, "");
    let rupees = 0, cents = 0;
    // "a cent" (ශතයක්, සතයක්), as "a rupee" (රුපියලක්), is one
    const oneCent = /(?:^|\s)(?:ශත|සත)යක්$/.exec(t);
    if (oneCent) {
      cents = 1;
      t = t.slice(0, oneCent.index);
    }
    const [r, c] = t.split(/\s*(?:ශත|සත)\s+/);
    if (c !== undefined) cents = parse(c);
    const rs = (r ?? "").replace(/\s*සහ$/, "").trim();
    if (rs === "රුපියලක්") rupees = 1;
    else if (rs) rupees = parse(rs.replace(/^රුපියල්\s+/, ""));
    return rupees * 100 + cents;
  }
  t = t.replace(/\s*மட்டும்$/, "");
  const m = /^(?:(.+?) ரூபா(?:ய்)?)?(?:\s*மற்றும்\s*)?(?:(.+?) சதம்)?$/.exec(t);
  if (!m) throw new Error(`Cannot read "${text}"`);
  return (m[1] ? parse(m[1]) : 0) * 100 + (m[2] ? parse(m[2]) : 0);
}
