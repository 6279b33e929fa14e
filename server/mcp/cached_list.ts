/**
 * The answer to `tools/list`, made once: the list is the same for every caller, so its JSON and
 * its gzip form are built when the server starts, and each answer only adds the request's id.
 *
 * The JSON-RPC answer is written `{"result":<list>,"jsonrpc":"2.0","id":<id>}`, so everything
 * but the last few bytes is the same for every request. Its gzip form is the list's DEFLATE
 * stream, made once and ended with a sync flush (RFC 1951: the data so far, then an empty stored
 * block, ending on a byte boundary), followed per request by the id in a final stored block,
 * with the gzip header and trailer (RFC 1952) around it; the CRC-32 of the fixed part is made
 * once and carried on over the id. So an answer costs its id's bytes, never a serialisation or a
 * compression of the list.
 *
 * An answer is a stream of the cached bytes themselves (never a copy of them per request) and its
 * few own bytes: Deno's HTTP server writes from the buffer it is given. Measured with 150 clients
 * that never read (`tests/bench/slow_reader_bodies.ts`, `docs/performance.md`): a 4 MB answer
 * made per request held 3.7 MB of the server's memory for each; copied out 16 KiB at a time,
 * 0.44 MB; the one cached buffer handed over as it is, 0.15 MB.
 *
 * @module
 */
import { constants, deflateRawSync } from "node:zlib";

const encoder = new TextEncoder();

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * The CRC-32 of gzip (ISO 3309, as zlib's `crc32`), carried on from an earlier value.
 *
 * @param bytes The bytes.
 * @param previous The CRC-32 of the bytes before them (0 for none).
 * @returns The CRC-32 of all of them.
 *
 * @example Usage
 * ```ts
 * import { crc32 } from "./cached_list.ts";
 * const bytes = new TextEncoder().encode("123456789");
 * console.log(crc32(bytes).toString(16)); // "cbf43926", the check value of CRC-32
 * ```
 */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0;
  for (let i = 0; i < bytes.length; i++) {
    crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  }
  return ~crc >>> 0;
}

const GZIP_HEADER = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A JSON-RPC answer that is the same for every request but its id. */
export class CachedAnswer {
  /** `{"result":<result>,"jsonrpc":"2.0","id":` as bytes. */
  readonly #head: Uint8Array;
  /** The gzip header and the head's DEFLATE stream, ended by a sync flush. */
  readonly #deflated: Uint8Array;
  readonly #crc: number;

  /**
   * @param result The result, as JSON text.
   */
  constructor(result: string) {
    this.#head = encoder.encode(`{"result":${result},"jsonrpc":"2.0","id":`);
    const body = deflateRawSync(this.#head, { level: 1, finishFlush: constants.Z_SYNC_FLUSH });
    this.#deflated = new Uint8Array(GZIP_HEADER.length + body.length);
    this.#deflated.set(GZIP_HEADER);
    this.#deflated.set(body, GZIP_HEADER.length);
    this.#crc = crc32(this.#head);
  }

  /** The length of the answer's fixed part, uncompressed. */
  get size(): number {
    return this.#head.length;
  }

  /**
   * The answer's pieces for a request id, plain or gzipped.
   *
   * @param id The request's id (a string or a number, as JSON-RPC allows).
   * @param gzip Whether to send it gzipped.
   * @returns The pieces, in order.
   */
  pieces(id: string | number, gzip: boolean): Uint8Array[] {
    const tail = encoder.encode(`${JSON.stringify(id)}}`);
    if (!gzip) return [this.#head, tail];
    // The tail in stored blocks (at most 65,535 bytes each), the last one final.
    const blocks: number[] = [];
    for (let at = 0; at < tail.length || at === 0; at += 65_535) {
      const part = tail.subarray(at, at + 65_535);
      const last = at + 65_535 >= tail.length;
      const len = part.length;
      blocks.push(last ? 1 : 0, len & 0xff, len >> 8, ~len & 0xff, (~len >> 8) & 0xff, ...part);
      if (last) break;
    }
    const crc = crc32(tail, this.#crc);
    const size = (this.#head.length + tail.length) >>> 0;
    const trailer = [crc, size].flatMap((
      n,
    ) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24]);
    return [this.#deflated, new Uint8Array([...blocks, ...trailer])];
  }

  /**
   * The answer as a stream of its pieces: the cached bytes as they are (nobody writes to them
   * once made), then the request's own.
   *
   * @param id The request's id.
   * @param gzip Whether to send it gzipped.
   * @returns The body.
   */
  stream(id: string | number, gzip: boolean): ReadableStream<Uint8Array> {
    const parts = this.pieces(id, gzip);
    let next = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(parts[next++]!);
        if (next === parts.length) controller.close();
      },
    }, { highWaterMark: 0 });
  }
}
