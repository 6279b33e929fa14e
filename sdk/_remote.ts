/**
 * The client's calls to the server: the request an operation's typed parameters make, sent with
 * the transport's timeouts and retries, the last good answer of a server-only read kept in the
 * cache and served when the network fails. Imported on a client's first remote call, so that an
 * app that only computes locally never loads it.
 *
 * @module
 */
import type { AnyOperation } from "../core/operation.ts";
import type { CacheEntry, CacheStore } from "./cache.ts";
import { ApiError, NetworkError, TimeoutError } from "./errors.ts";
import { missingPathParams, sdkTarget } from "./_local.ts";
import { send, type TransportSettings } from "./transport.ts";
import type { ApiResponse, Meta, RequestOptions, VoiceInfo } from "./types.ts";

/** What a remote call needs of its client. */
export interface RemoteClient {
  /** The server, without a trailing slash. */
  baseUrl: string;
  /** The transport's settings. */
  settings: TransportSettings;
  /** The client's timeout, for calls that give none. */
  timeoutMs: number;
  /** Where server-only reads are kept, if anywhere. */
  cache: CacheStore | undefined;
  /** The clock, epoch ms. */
  now: () => number;
}

/**
 * Sends an operation's request to the server.
 *
 * @param client The client's settings.
 * @param op The operation.
 * @param params Its typed parameters.
 * @param options Signal and timeout.
 * @returns The answer, from the server or (offline) from the cache.
 */
export async function remote(
  client: RemoteClient,
  op: AnyOperation,
  params: object | undefined,
  options: RequestOptions,
): Promise<ApiResponse<unknown, Meta | undefined>> {
  const { path, body, missing } = sdkTarget(op, params);
  if (missing.length) throw missingPathParams(op, params, missing);
  const url = client.baseUrl + path;
  const cache = op.method === "GET" && !op.run && !op.produces ? client.cache : undefined;
  const key = `GET ${url}`;
  try {
    const result = await send({
      method: op.method,
      url,
      body,
      idempotent: op.method === "GET",
      binary: Boolean(op.produces),
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? client.timeoutMs,
    }, client.settings);
    if (cache) {
      const { data, meta, rateLimit, requestId } = result;
      await bestEffort(() =>
        cache.set(key, { savedAt: client.now(), data, meta, rateLimit, requestId })
      );
    }
    const voice = op.produces ? voiceInfo(result.headers) : undefined;
    return { ...result, source: "remote", stale: false, age: 0, voice };
  } catch (error) {
    const entry = cache && isOffline(error) ? await bestEffort(() => cache.get(key)) : undefined;
    if (!entry) throw error;
    return fromCache(entry, client.now());
  }
}

function fromCache(entry: CacheEntry, now: number): ApiResponse<unknown, Meta | undefined> {
  return {
    data: entry.data,
    meta: entry.meta,
    rateLimit: entry.rateLimit,
    requestId: entry.requestId,
    headers: undefined,
    voice: undefined,
    source: "cache",
    stale: true,
    age: Math.max(Math.floor((now - entry.savedAt) / 1000), 0),
  };
}

/** What a voice answer's `X-Voice-*` headers say. */
function voiceInfo(headers: Headers): VoiceInfo {
  const number = (name: string) => {
    const value = headers.get(name);
    const parsed = value === null || value.trim() === "" ? NaN : Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  };
  const warning = headers.get("x-voice-warning");
  return {
    duration: number("x-voice-duration"),
    language: headers.get("x-voice-language") ?? undefined,
    sampleRate: number("x-voice-sample-rate"),
    bitRate: number("x-voice-bit-rate"),
    remaining: number("x-voice-remaining"),
    warnings: warning ? warning.split(" | ") : [],
  };
}

/** Failures that mean "the server cannot be reached right now". */
function isOffline(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof TimeoutError ||
    (error instanceof ApiError && [502, 503, 504].includes(error.status));
}

/** Runs a cache call; a failing cache never fails the request. */
async function bestEffort<T>(action: () => Promise<T> | T): Promise<T | undefined> {
  try {
    return await action();
  } catch {
    return undefined;
  }
}
