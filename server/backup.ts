/**
 * Backups of the KV store as JSON Lines: every entry (accounts, hashed keys, usage counters,
 * news, page views, ...), so a feature that stores something new is covered with no edit here.
 *
 * Format: a header line `{"format":"lanka-api-backup","version":1,"exportedAt":...}`, one line
 * per entry `{"key":[...],"value":...}`, and a trailer `{"end":true,"count":N}` so a truncated
 * file is refused. KV types that JSON cannot hold are tagged: `{"$t":"u64","v":"12"}` (a
 * `Deno.KvU64` counter), `bigint`, `date`, `bytes` (base64), `undefined`, non-finite `num`,
 * `map`, `set`, and `object` for a plain object that itself has a `$t` property.
 *
 * Sessions are left out: they expire within hours and their time-to-live cannot be restored.
 *
 * @module
 */

/** Key prefixes not exported (short-lived entries whose `expireIn` cannot be restored). */
export const SKIPPED_PREFIXES: readonly string[] = ["sessions"];

const FORMAT = "lanka-api-backup";
const VERSION = 1;

type Tagged = { $t: string; v?: unknown };

function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/**
 * Encodes a KV value or key part as JSON-safe data, tagging what JSON cannot hold.
 *
 * @param value Any value Deno KV stores.
 * @returns JSON-safe data.
 */
export function encodeValue(value: unknown): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    return Number.isFinite(value) ? value : { $t: "num", v: String(value) };
  }
  if (typeof value === "bigint") return { $t: "bigint", v: value.toString() };
  if (value === undefined) return { $t: "undefined" };
  if (value instanceof Deno.KvU64) return { $t: "u64", v: value.value.toString() };
  if (value instanceof Date) return { $t: "date", v: value.toISOString() };
  if (value instanceof Uint8Array) return { $t: "bytes", v: toBase64(value) };
  if (value instanceof Map) {
    return { $t: "map", v: [...value].map(([k, v]) => [encodeValue(k), encodeValue(v)]) };
  }
  if (value instanceof Set) return { $t: "set", v: [...value].map(encodeValue) };
  if (Array.isArray(value)) return value.map(encodeValue);
  if (typeof value === "object") {
    const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeValue(v)]));
    return "$t" in value ? { $t: "object", v: out } : out;
  }
  throw new TypeError(`Cannot back up a value of type ${typeof value}`);
}

/**
 * Decodes what {@linkcode encodeValue} wrote.
 *
 * @param data JSON data.
 * @returns The KV value.
 */
export function decodeValue(data: unknown): unknown {
  if (data === null || typeof data !== "object") return data;
  if (Array.isArray(data)) return data.map(decodeValue);
  const tagged = data as Tagged;
  if (typeof tagged.$t === "string") {
    const v = tagged.v;
    switch (tagged.$t) {
      case "num":
        return Number(v);
      case "bigint":
        return BigInt(String(v));
      case "undefined":
        return undefined;
      case "u64":
        return new Deno.KvU64(BigInt(String(v)));
      case "date":
        return new Date(String(v));
      case "bytes":
        return fromBase64(String(v));
      case "map":
        return new Map(
          (v as [unknown, unknown][]).map(([k, x]) => [decodeValue(k), decodeValue(x)]),
        );
      case "set":
        return new Set((v as unknown[]).map(decodeValue));
      case "object":
        return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, decodeValue(x)]));
      default:
        throw new TypeError(`Unknown tag "${tagged.$t}" in the backup`);
    }
  }
  return Object.fromEntries(Object.entries(data).map(([k, x]) => [k, decodeValue(x)]));
}

/**
 * Writes every entry of a KV store as JSON Lines.
 *
 * @param kv The store.
 * @param write Receives one line at a time (without the newline).
 * @param now The export time.
 * @returns How many entries were written.
 */
export async function exportKv(
  kv: Deno.Kv,
  write: (line: string) => void | Promise<void>,
  now = new Date(),
): Promise<number> {
  await write(JSON.stringify({ format: FORMAT, version: VERSION, exportedAt: now.toISOString() }));
  let count = 0;
  // One consistent snapshot would need a single transaction; KV lists are read in pages, so the
  // export is consistent per entry. Stop the server (or accept a few counts' drift) for a
  // point-in-time copy.
  for await (const entry of kv.list({ prefix: [] })) {
    if (SKIPPED_PREFIXES.includes(String(entry.key[0]))) continue;
    await write(
      JSON.stringify({ key: entry.key.map(encodeValue), value: encodeValue(entry.value) }),
    );
    count++;
  }
  await write(JSON.stringify({ end: true, count }));
  return count;
}

/** A backup file could not be restored; nothing was written. */
export class BackupError extends Error {
  /** @param message What is wrong. */
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/**
 * Reads and checks a backup completely (header, every line, trailer count) before anything is
 * written, then restores it into an empty KV store in atomic batches that refuse to overwrite.
 *
 * @param kv The target store, which must be empty.
 * @param text The backup file's text.
 * @returns How many entries were restored.
 * @throws {BackupError} When the file is malformed or truncated, or the store is not empty.
 */
export async function importKv(kv: Deno.Kv, text: string): Promise<number> {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const parse = (line: string, n: number) => {
    try {
      return JSON.parse(line);
    } catch {
      throw new BackupError(`Line ${n} is not JSON`);
    }
  };
  const header = lines.length ? parse(lines[0]!, 1) : undefined;
  if (header?.format !== FORMAT || header?.version !== VERSION) {
    throw new BackupError(`Line 1 is not a ${FORMAT} version ${VERSION} header`);
  }
  const trailer = lines.length > 1 ? parse(lines.at(-1)!, lines.length) : undefined;
  if (trailer?.end !== true || trailer.count !== lines.length - 2) {
    throw new BackupError(
      "The backup is truncated: its last line is not the trailer with the entry count",
    );
  }
  const entries: { key: Deno.KvKey; value: unknown }[] = [];
  for (let i = 1; i < lines.length - 1; i++) {
    const row = parse(lines[i]!, i + 1);
    if (!Array.isArray(row?.key) || !("value" in row)) {
      throw new BackupError(`Line ${i + 1} has no key and value`);
    }
    entries.push({ key: row.key.map(decodeValue) as Deno.KvKey, value: decodeValue(row.value) });
  }
  for await (const _ of kv.list({ prefix: [] }, { limit: 1 })) {
    throw new BackupError("The target KV is not empty: restore into an empty one");
  }
  for (let i = 0; i < entries.length; i += 100) {
    const op = kv.atomic();
    for (const { key, value } of entries.slice(i, i + 100)) {
      op.check({ key, versionstamp: null }).set(key, value);
    }
    const result = await op.commit();
    if (!result.ok) {
      throw new BackupError("An entry appeared in the target KV during the restore: stopped");
    }
  }
  return entries.length;
}
