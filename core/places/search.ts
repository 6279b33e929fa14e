/**
 * Searching places by name: post offices, the localities the sources list under a postcode,
 * DS divisions and local authorities, in English, Sinhala or Tamil, as a person types.
 *
 * Every name (and every word start within it, so "Koggalla" finds "Goda Koggalla") is kept twice
 * in sorted arrays: folded ({@linkcode fold}: case, accents, punctuation, zero-width joiners) and
 * as a skeleton ({@linkcode skeleton}: spellings of one sound made one). A query is looked up as
 * a prefix of both (a binary search each), then, when it is long enough, compared with every
 * skeleton that shares most of its letter pairs, allowing one or two typing errors (insertion,
 * deletion, substitution or two letters swapped) against the start of the name. The index is
 * built on first use (a few tens of milliseconds) and kept.
 *
 * @module
 */
import {
  ALIASES,
  type DsdRecord,
  DSDS,
  LOCAL_AUTHORITIES,
  LOCAL_AUTHORITY_TYPES,
  type LocalAuthorityRecord,
  own,
  type PostcodeRecord,
  POSTCODES,
} from "./_data.ts";
import { fold, skeleton } from "./normalize.ts";

/** What a place is. */
export type PlaceKind = "post_office" | "locality" | "ds_division" | "local_authority";

/** Every kind, in the order results of equal score are listed. */
export const PLACE_KINDS: readonly PlaceKind[] = [
  "post_office",
  "locality",
  "ds_division",
  "local_authority",
];

/**
 * How a name matched: `exact` (the whole name or a whole word of it), `prefix` (the name or one
 * of its words starts with the query), `spelling` (the same sounds spelt otherwise:
 * Mullathivu, Mullativu), `words` (each word of the query starts a word of the name), `typo`
 * (one or two letters wrong, missing, extra or swapped), `code` (a postcode or its first digits),
 * `old_code` (a code of the older lists that the 2025 list changed).
 */
export type MatchHow = "exact" | "prefix" | "spelling" | "words" | "typo" | "code" | "old_code";

/** Which name of a place matched. */
export type NameField = "name" | "variant" | "zone" | "code";

/** One place of the index. */
export interface IndexedPlace {
  kind: PlaceKind;
  /** The postcode (post offices, localities), the DS division's code or the local authority's id. */
  id: string;
  /** The district searched by: the postal district of post offices and localities. */
  district: string;
  /** A post office's administrative district, where the data knows it differs. */
  adminDistrict: string | undefined;
  /** Ties are broken by this, lowest first (the 2025 list's offices first). */
  rank: number;
  /** The record. */
  record: PostcodeRecord | DsdRecord | LocalAuthorityRecord;
  /** For a locality: its index in the record's `localities`, or -1 for a Colombo area name. */
  locality: number;
}

/** One name of a place. */
interface IndexedName {
  place: number;
  text: string;
  lang: "en" | "si" | "ta";
  field: NameField;
  /** Folded, words separated by spaces. */
  folded: string;
}

/** A place found, with the name that matched and how. */
export interface PlaceHit {
  place: IndexedPlace;
  score: number;
  how: MatchHow;
  /** The name as the data writes it. */
  text: string;
  lang: "en" | "si" | "ta";
  field: NameField;
}

/** Options of {@linkcode searchPlaces}. */
export interface SearchOptions {
  /** ISO 3166-2 code of a district: places whose district (or administrative district) it is. */
  district?: string | undefined;
  /** Only places of this kind. */
  kind?: PlaceKind | undefined;
  /** At most this many (default 10). */
  limit?: number | undefined;
}

/** What an index is built from, for tests that leave some names out. */
export interface IndexOptions {
  /** Whether the sources' other spellings of names are indexed (default true). */
  variants?: boolean;
}

interface SortedKeys {
  keys: string[];
  name: Uint32Array;
  /** Whether the key starts at the first word of its name. */
  first: Uint8Array;
}

/** A built index. */
export interface PlaceIndex {
  places: IndexedPlace[];
  names: IndexedName[];
  folded: SortedKeys;
  sounds: SortedKeys;
  /** The distinct skeleton keys, each with its run in `sounds`. */
  distinct: string[];
  runStart: Uint32Array;
  /**
   * Letter pair (with `^` before the first letter) -> the distinct keys that have it and where:
   * `id * 32 + position` (positions past 31 counted as 31).
   */
  pairs: Map<string, Uint32Array>;
  /** Every postcode, in order (for searches by the first digits). */
  codes: string[];
  /** The post office of each code, for code searches. */
  byCode: Map<string, number>;
}

function collect(options: IndexOptions): { places: IndexedPlace[]; names: IndexedName[] } {
  const places: IndexedPlace[] = [];
  const names: IndexedName[] = [];
  const name = (text: string | undefined, lang: IndexedName["lang"], field: NameField) => {
    if (!text) return;
    const folded = fold(text);
    if (folded) names.push({ place: places.length - 1, text, lang, field, folded });
  };
  const withVariants = options.variants !== false;
  for (const r of POSTCODES) {
    const unlisted = r.status === undefined ? 0 : 3;
    places.push({
      kind: "post_office",
      id: r.code,
      district: r.district,
      adminDistrict: r.adminDistrictHint,
      rank: (r.office === "P" ? 0 : 1) + unlisted,
      record: r,
      locality: -1,
    });
    name(r.name, "en", "name");
    name(r.nameSi, "si", "name");
    name(r.nameTa, "ta", "name");
    if (withVariants) { for (const v of r.variants ?? []) name(v, "en", "variant"); }
    if (r.zone !== undefined) name(`Colombo ${r.zone}`, "en", "zone");
    const locality = (index: number, en: string, si?: string, ta?: string) => {
      places.push({
        kind: "locality",
        id: r.code,
        district: r.district,
        adminDistrict: r.adminDistrictHint,
        rank: 2 + unlisted,
        record: r,
        locality: index,
      });
      name(en, "en", "name");
      name(si, "si", "name");
      name(ta, "ta", "name");
    };
    if (r.area) locality(-1, r.area, r.areaSi, r.areaTa);
    // One place per name: the two older lists often name the same locality.
    const seen = new Set<string>();
    (r.localities ?? []).forEach((l, i) => {
      if (seen.has(fold(l.name))) return;
      seen.add(fold(l.name));
      locality(i, l.name, l.nameSi, l.nameTa);
    });
  }
  for (const d of DSDS) {
    places.push({
      kind: "ds_division",
      id: d.id,
      district: d.district,
      adminDistrict: undefined,
      rank: 1,
      record: d,
      locality: -1,
    });
    name(d.name, "en", "name");
    name(d.nameSi, "si", "name");
    name(d.nameTa, "ta", "name");
  }
  for (const l of LOCAL_AUTHORITIES) {
    places.push({
      kind: "local_authority",
      id: l.id,
      district: l.district,
      adminDistrict: undefined,
      rank: 2,
      record: l,
      locality: -1,
    });
    name(l.name, "en", "name");
    const base = l.name.replace(/ (MC|UC|PS)$/, "");
    // Written out as the source names the type, so "Colombo Municipal Council" finds it.
    const type = own(LOCAL_AUTHORITY_TYPES, l.type);
    if (base !== l.name && type) name(`${base} ${type}`, "en", "name");
    if (withVariants) { for (const v of l.variants ?? []) name(v, "en", "variant"); }
  }
  return { places, names };
}

/** Keys of every word start of each name, sorted (ties in name order). */
function sortedKeys(names: IndexedName[], key: (folded: string) => string): SortedKeys {
  // Each key with its row number after a NUL, sorted by the engine's own string order (far
  // faster than a comparison callback): a NUL sorts before any letter, so a key still sorts
  // before the keys it is the start of.
  const tagged: string[] = [];
  const nameOf: number[] = [];
  const firstOf: number[] = [];
  names.forEach((n, i) => {
    const words = key(n.folded).split(" ");
    let rest = words.join("");
    for (let w = 0; w < words.length && rest; w++) {
      tagged.push(`${rest}\0${tagged.length}`);
      nameOf.push(i);
      firstOf.push(w === 0 ? 1 : 0);
      rest = rest.slice(words[w]!.length);
    }
  });
  tagged.sort();
  const keys = new Array<string>(tagged.length);
  const name = new Uint32Array(tagged.length);
  const first = new Uint8Array(tagged.length);
  tagged.forEach((t, i) => {
    const cut = t.lastIndexOf("\0");
    const row = Number(t.slice(cut + 1));
    keys[i] = t.slice(0, cut);
    name[i] = nameOf[row]!;
    first[i] = firstOf[row]!;
  });
  return { keys, name, first };
}

/** The letter pairs of a key: `^` and its first letter, then each pair of neighbours. */
function letterPairs(key: string): string[] {
  const chars = [..."^" + key];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

/**
 * Builds the index of every place.
 *
 * @param options Which names to index (tests leave the sources' variants out to measure the
 *   matching alone).
 * @returns The index.
 */
export function buildPlaceIndex(options: IndexOptions = {}): PlaceIndex {
  const { places, names } = collect(options);
  const folded = sortedKeys(names, (f) => f);
  const sounds = sortedKeys(names, skeleton);
  const distinct: string[] = [];
  const starts: number[] = [];
  sounds.keys.forEach((k, i) => {
    if (i === 0 || k !== sounds.keys[i - 1]) {
      distinct.push(k);
      starts.push(i);
    }
  });
  starts.push(sounds.keys.length);
  const lists = new Map<string, number[]>();
  distinct.forEach((k, id) => {
    letterPairs(k).forEach((pair, position) => {
      let list = lists.get(pair);
      if (!list) lists.set(pair, list = []);
      list.push(id * 32 + Math.min(position, 31));
    });
  });
  const pairs = new Map<string, Uint32Array>();
  for (const [pair, list] of lists) pairs.set(pair, Uint32Array.from(list));
  const byCode = new Map<string, number>();
  places.forEach((p, i) => {
    if (p.kind === "post_office") byCode.set(p.id, i);
  });
  return {
    places,
    names,
    folded,
    sounds,
    distinct,
    runStart: Uint32Array.from(starts),
    pairs,
    byCode,
    codes: POSTCODES.map((p) => p.code),
  };
}

let shared: PlaceIndex | undefined;

/**
 * The index of every place, built on first use.
 *
 * @returns The index.
 */
export function placeIndex(): PlaceIndex {
  return shared ??= buildPlaceIndex();
}

/** The first index whose key is not below `key`. */
function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Rows of the distance table, reused (keys and queries are short; grown when one is not). */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

/**
 * The edit distance (insertions, deletions, substitutions and swaps of neighbours) between the
 * query and the closest start of the key, and between the query and the whole key; `max + 1`
 * when it is more than `max`.
 *
 * @param query The query's skeleton.
 * @param key A key's skeleton.
 * @param max The most errors that count.
 * @returns The two distances.
 *
 * @example Usage
 * ```ts
 * import { prefixDistance } from "./search.ts";
 * console.log(prefixDistance("mulatv", "mulativu", 1)); // { prefix: 1, whole: 2 }
 * ```
 */
export function prefixDistance(
  query: string,
  key: string,
  max: number,
): { prefix: number; whole: number } {
  const m = query.length;
  const n = Math.min(key.length, m + max);
  if (rows[0].length <= n) {
    rows = [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  }
  let [before, previous, current] = rows;
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= m; i++) {
    current[0] = i;
    let lowest = i;
    const q = query.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const k = key.charCodeAt(j - 1);
      let d = previous[j - 1]! + (q === k ? 0 : 1);
      if (previous[j]! + 1 < d) d = previous[j]! + 1;
      if (current[j - 1]! + 1 < d) d = current[j - 1]! + 1;
      if (
        i > 1 && j > 1 && q === key.charCodeAt(j - 2) && query.charCodeAt(i - 2) === k &&
        before[j - 2]! + 1 < d
      ) {
        d = before[j - 2]! + 1;
      }
      current[j] = d;
      if (d < lowest) lowest = d;
    }
    if (lowest > max) return { prefix: max + 1, whole: max + 1 };
    [before, previous, current] = [previous, current, before];
  }
  let prefix = max + 1;
  for (let j = 0; j <= n; j++) if (previous[j]! < prefix) prefix = previous[j]!;
  const whole = key.length <= n ? Math.min(previous[key.length]!, max + 1) : max + 1;
  return { prefix, whole };
}

/** Whether a place passes the filters. */
function passes(place: IndexedPlace, options: SearchOptions): boolean {
  if (options.kind && place.kind !== options.kind) return false;
  if (options.district) {
    return place.district === options.district || place.adminDistrict === options.district;
  }
  return true;
}

class Hits {
  readonly best = new Map<number, PlaceHit & { length: number }>();
  constructor(readonly index: PlaceIndex, readonly options: SearchOptions) {}

  add(nameId: number, score: number, how: MatchHow): void {
    const n = this.index.names[nameId]!;
    const place = this.index.places[n.place]!;
    const found = this.best.get(n.place);
    if (
      found && (found.score > score || (found.score === score && found.length <= n.text.length))
    ) {
      return;
    }
    if (!found && !passes(place, this.options)) return;
    this.best.set(n.place, {
      place,
      score,
      how,
      text: n.text,
      lang: n.lang,
      field: n.field,
      length: n.text.length,
    });
  }

  /** How many places scored more than `score`. */
  countAbove(score: number): number {
    let n = 0;
    for (const hit of this.best.values()) if (hit.score > score) n++;
    return n;
  }

  addCode(placeId: number, score: number, how: MatchHow, code: string): void {
    const place = this.index.places[placeId]!;
    const found = this.best.get(placeId);
    if ((found && found.score >= score) || !passes(place, this.options)) return;
    this.best.set(placeId, {
      place,
      score,
      how,
      text: code,
      lang: "en",
      field: "code",
      length: code.length,
    });
  }

  /**
   * The hits, best first: score, then rank, then the shorter name, then the id; codes found by
   * their first digits in code order.
   */
  ranked(limit: number): PlaceHit[] {
    const byId = (a: PlaceHit, b: PlaceHit) =>
      a.place.id < b.place.id ? -1 : a.place.id > b.place.id ? 1 : 0;
    return [...this.best.values()]
      .sort((a, b) =>
        b.score - a.score ||
        (a.how === "code" && b.how === "code"
          ? byId(a, b)
          : a.place.rank - b.place.rank || a.length - b.length || byId(a, b))
      )
      .slice(0, limit)
      .map(({ length: _, ...hit }) => hit);
  }
}

/** Looks a key up as a prefix in sorted keys, scoring each name it finds. */
function prefixLookup(
  hits: Hits,
  sorted: SortedKeys,
  key: string,
  scores: { whole: number; wholeLater: number; start: number; startLater: number },
  how: (whole: boolean) => MatchHow,
): void {
  const { keys } = sorted;
  for (let i = lowerBound(keys, key); i < keys.length && keys[i]!.startsWith(key); i++) {
    const whole = keys[i]!.length === key.length;
    const first = sorted.first[i] === 1;
    const score = whole
      ? (first ? scores.whole : scores.wholeLater)
      : (first ? scores.start : scores.startLater);
    hits.add(sorted.name[i]!, score, how(whole));
  }
}

/** Codes: the office of a code, the office an old code now has, then codes that start so. */
function codeSearch(hits: Hits, index: PlaceIndex, digits: string): void {
  const exact = index.byCode.get(digits);
  if (exact !== undefined) hits.addCode(exact, 100, "code", digits);
  const now = own(ALIASES, digits);
  const moved = now === undefined ? undefined : index.byCode.get(now);
  if (moved !== undefined) hits.addCode(moved, 95, "old_code", digits);
  if (digits.length < 5) {
    // Codes are in order: the ones that start with these digits are one run.
    const { codes } = index;
    for (let i = lowerBound(codes, digits); i < codes.length && codes[i]!.startsWith(digits); i++) {
      hits.addCode(index.byCode.get(codes[i]!)!, 50, "code", codes[i]!);
    }
  }
}

/** Names that have every word of the query as the start of one of their words. */
function wordsSearch(hits: Hits, index: PlaceIndex, words: string[]): void {
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  // One-letter words alone ("p p") would list every name with a word starting so.
  if (longest.length < 2) return;
  const { keys, name } = index.folded;
  const seen = new Set<number>();
  for (let i = lowerBound(keys, longest); i < keys.length && keys[i]!.startsWith(longest); i++) {
    const id = name[i]!;
    if (seen.has(id)) continue;
    seen.add(id);
    const nameWords = index.names[id]!.folded.split(" ");
    if (words.every((w) => nameWords.some((n) => n.startsWith(w)))) hits.add(id, 60, "words");
  }
}

/**
 * Names that are the query's first words, the rest being a qualifier the name does not carry
 * ("Homagama Town", "Beligala (Sab)", "Devinuwara (Dondra)"): the whole name must match.
 */
function leadingWords(hits: Hits, index: PlaceIndex, words: string[]): void {
  for (let n = words.length - 1; n >= 1; n--) {
    const key = words.slice(0, n).join("");
    const { keys, name, first } = index.folded;
    for (let i = lowerBound(keys, key); i < keys.length && keys[i] === key; i++) {
      if (first[i] === 1) hits.add(name[i]!, 50 - 5 * (words.length - n), "words");
    }
  }
}

/** The score of a name found with typing errors. */
function typoScore(distance: number, full: boolean, first: boolean): number {
  return 45 - 10 * (distance - 1) - (full ? 0 : 5) - (first ? 0 : 5);
}

/**
 * Names that start with the query once two neighbouring letters are swapped back ("Knady" for
 * Kandy): a swap changes three letter pairs, more than {@linkcode typoSearch} lets one error
 * change, so each swap is looked up as it is.
 */
function swapSearch(hits: Hits, index: PlaceIndex, sound: string): void {
  const { keys, name, first } = index.sounds;
  for (let i = 0; i + 1 < sound.length; i++) {
    if (sound[i] === sound[i + 1]) continue;
    const swapped = sound.slice(0, i) + sound[i + 1] + sound[i] + sound.slice(i + 2);
    for (let k = lowerBound(keys, swapped); k < keys.length && keys[k]!.startsWith(swapped); k++) {
      const score = typoScore(1, keys[k]!.length === swapped.length, first[k] === 1);
      hits.add(name[k]!, score, "typo");
    }
  }
}

/**
 * Skeletons within one or two typing errors of the query's, against the start of the name: the
 * candidates share enough of the query's letter pairs near the same places (an insertion,
 * deletion or substitution changes at most two pairs and moves the rest by at most one; swapped
 * letters are {@linkcode swapSearch}'s), and each candidate is then measured.
 */
function typoSearch(hits: Hits, index: PlaceIndex, sound: string): void {
  const max = sound.length >= 8 ? 2 : 1;
  const pairs = letterPairs(sound);
  const needed = pairs.length - 2 * max;
  if (needed < 1) return;
  const counts = new Uint8Array(index.distinct.length);
  const touched: number[] = [];
  pairs.forEach((pair, at) => {
    const list = index.pairs.get(pair);
    if (!list) return;
    const position = Math.min(at, 31);
    for (const entry of list) {
      const offset = (entry & 31) - position;
      if (offset > max || offset < -max) continue;
      const id = entry >>> 5;
      if (counts[id] === 0) touched.push(id);
      if (counts[id]! < 255) counts[id]!++;
    }
  });
  for (const id of touched) {
    if (counts[id]! < needed) continue;
    const key = index.distinct[id]!;
    if (key.length < sound.length - max) continue;
    const { prefix, whole } = prefixDistance(sound, key, max);
    if (prefix > max) continue;
    const distance = Math.min(prefix, whole);
    const full = whole <= max;
    for (let i = index.runStart[id]!; i < index.runStart[id + 1]!; i++) {
      const score = typoScore(distance, full, index.sounds.first[i] === 1);
      hits.add(index.sounds.name[i]!, score, "typo");
    }
  }
}

/**
 * Searches the places.
 *
 * @param query What the person typed: a name in any script (whole, its start, or with a
 *   spelling error), or a postcode or its first digits.
 * @param options District, kind and the most results.
 * @param index The index (default: the whole data, built on first use).
 * @returns The places found, best first, at most `limit`.
 *
 * @example Usage
 * ```ts
 * import { searchPlaces } from "./search.ts";
 * const [hit] = searchPlaces("Mullathivu");
 * console.log(hit?.place.id, hit?.how); // "42000" "exact"
 * ```
 */
export function searchPlaces(
  query: string,
  options: SearchOptions = {},
  index: PlaceIndex = placeIndex(),
): PlaceHit[] {
  const limit = options.limit ?? 10;
  const hits = new Hits(index, options);
  const folded = fold(query);
  const joined = folded.replaceAll(" ", "");
  if (!joined) return [];
  if (/^\d+$/.test(joined)) {
    codeSearch(hits, index, joined);
    return hits.ranked(limit);
  }
  prefixLookup(
    hits,
    index.folded,
    joined,
    { whole: 100, wholeLater: 88, start: 90, startLater: 80 },
    (whole) => (whole ? "exact" : "prefix"),
  );
  const sound = skeleton(folded).replaceAll(" ", "");
  prefixLookup(
    hits,
    index.sounds,
    sound,
    { whole: 75, wholeLater: 68, start: 70, startLater: 62 },
    () => "spelling",
  );
  const words = folded.split(" ");
  if (words.length > 1) {
    wordsSearch(hits, index, words);
    leadingWords(hits, index, words);
  }
  // A typing error scores at most 45: with enough better places found, none could be listed.
  if (sound.length >= 4 && hits.countAbove(45) < limit) {
    swapSearch(hits, index, sound);
    typoSearch(hits, index, sound);
  }
  return hits.ranked(limit);
}
