/**
 * `POST /api/v1/voice`: reads and checks the JSON body, counts the voice quota, hands the text to
 * the worker pool and answers raw audio. The request thread only parses and waits; synthesis
 * never runs on it.
 *
 * @module
 */
import type { Handler } from "hono";
import type { z } from "zod";
import { ApiError, type ErrorDetail } from "../../core/errors.ts";
import { codePoints, voice, type VoiceRequest } from "../../core/ops/voice.ts";
import type { Clock } from "../clock.ts";
import { readBody, requireJson } from "../http/body.ts";
import type { AppEnv } from "../http/types.ts";
import type { QuotaDecision, QuotaStore } from "../quota/store.ts";
import { rateLimited, voiceCallerId } from "../http/quota.ts";
import { QueueFullError, type VoiceOutput, type VoiceSynthesizer } from "./service.ts";
import { hasContent, parseTags, type Piece, TagError } from "./tags.ts";

/** Largest request body, in bytes. */
export const MAX_VOICE_BODY = 64 * 1024;

/** What the handler needs. */
export interface VoiceHandlerDeps {
  service: VoiceSynthesizer;
  quota: QuotaStore;
  clock: Clock;
  /** Voice requests per key per UTC day. */
  dailyLimit: number;
}

function tooLarge(): ApiError {
  return new ApiError(
    413,
    "payload_too_large",
    `Request body is larger than ${MAX_VOICE_BODY} bytes (64 KB): send at most 6000 characters of text`,
  );
}

function badBody(message: string): ApiError {
  return ApiError.invalidParam("body", message);
}

/**
 * Reads a request body as UTF-8 text through `readBody` (`server/http/body.ts`): refusing more
 * than `limit` bytes whether or not Content-Length was sent (or was truthful), and a body that
 * has not arrived whole within its deadline.
 *
 * @param request The request.
 * @param limit Most bytes accepted.
 * @returns The text.
 * @throws {ApiError} 413 over the limit, 408 past the deadline, 400 for bytes that are not UTF-8.
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readBody(request, limit);
  } catch (error) {
    if (error instanceof ApiError && error.status === 413) throw tooLarge();
    throw error;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badBody("Request body is not valid UTF-8");
  }
}

function issuesToDetails(error: z.core.$ZodError): ErrorDetail[] {
  return error.issues.flatMap((issue): ErrorDetail[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        param: key,
        message: `Unknown field "${key}": allowed are text, voice, language, codec, sample_rate, ` +
          "bit_rate, text_normalization",
      }));
    }
    const param = issue.path.length ? issue.path.map(String).join(".") : "body";
    const subject = param === "body" ? "Request body" : `Field "${param}"`;
    return [{ param, message: `${subject} ${issue.message}` }];
  });
}

/** Options of {@linkcode checkVoiceRequest}. */
export interface VoiceCheckOptions {
  /**
   * A tighter limit on the text than the API's 6,000 characters (the page's 300), checked before
   * the schema so that its message names this limit.
   */
  maxText?: number;
}

/**
 * Validates a voice request given as data (the API's parsed JSON body, or the page's query made
 * into the same object): the `voice.body` schema, then the effect tags, then that something is
 * left to hear. The API and the text-to-speech page both validate through here.
 *
 * @param data The request as data.
 * @param options A tighter text limit, if any.
 * @returns The request and its parsed text.
 * @throws {ApiError} 400 naming each field with a problem (`text` for tag errors).
 */
export function checkVoiceRequest(
  data: unknown,
  options: VoiceCheckOptions = {},
): { request: VoiceRequest; pieces: Piece[] } {
  const { maxText } = options;
  if (maxText !== undefined && typeof data === "object" && data !== null) {
    const text = (data as Record<string, unknown>).text;
    if (typeof text === "string" && codePoints(text) > maxText) {
      throw ApiError.invalidParam(
        "text",
        `Field "text" must be at most ${maxText} characters: got ${codePoints(text)}`,
      );
    }
  }
  const parsed = voice.body!.safeParse(data);
  if (!parsed.success) throw ApiError.invalidParams(issuesToDetails(parsed.error));
  const request = parsed.data as VoiceRequest;
  let pieces: Piece[];
  try {
    pieces = parseTags(request.text);
  } catch (error) {
    if (!(error instanceof TagError)) throw error;
    throw ApiError.invalidParam("text", `Field "text" ${error.message}`);
  }
  if (!hasContent(pieces)) {
    throw ApiError.invalidParam(
      "text",
      'Field "text" has nothing to speak: only punctuation, spaces or empty tags',
    );
  }
  return { request, pieces };
}

/**
 * Parses and validates a voice request body (already read as text).
 *
 * @param raw The body text.
 * @returns The request and its parsed text.
 * @throws {ApiError} 400 naming the field (or `body` for JSON errors, `text` for tag errors).
 */
export function parseVoiceBody(raw: string): { request: VoiceRequest; pieces: Piece[] } {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    const reason = error instanceof SyntaxError ? `: ${error.message}` : "";
    throw badBody(
      raw.trim() === ""
        ? "Request body is empty: expected a JSON object with text"
        : `Request body is not valid JSON${reason}`,
    );
  }
  return checkVoiceRequest(data);
}

/**
 * The 503 `unavailable` error of a full synthesis queue, with `Retry-After`.
 *
 * @param retryAfter Seconds to wait.
 * @returns The error to throw.
 */
export function unavailable(retryAfter: number): ApiError {
  return new ApiError(
    503,
    "unavailable",
    `Every voice worker is busy and the queue is full: retry in ${retryAfter} s`,
    { headers: { "Retry-After": String(retryAfter) } },
  );
}

/**
 * Speaks a checked request through the workers; a full queue is the 503 `unavailable` answer with
 * its `Retry-After` (for the API and the text-to-speech page alike).
 *
 * @param service The voice service.
 * @param request The checked request.
 * @param pieces Its text, parsed into pieces.
 * @returns The audio and what the engine reports of it.
 * @throws {ApiError} 503 when every worker is busy and the queue is full.
 */
export async function synthesizeOr503(
  service: VoiceSynthesizer,
  request: VoiceRequest,
  pieces: Piece[],
): Promise<VoiceOutput> {
  try {
    return await service.synthesize(request, pieces);
  } catch (error) {
    if (error instanceof QueueFullError) throw unavailable(error.retryAfter);
    throw error;
  }
}

/**
 * The handler of `POST /api/v1/voice` (after the key check and the key's daily quota).
 *
 * @param deps Service, quota store, clock, daily voice limit.
 * @returns The Hono handler.
 */
export function voiceHandler(deps: VoiceHandlerDeps): Handler<AppEnv> {
  return async (c) => {
    await requireJson(c.req.raw);
    const { request, pieces } = parseVoiceBody(await readBodyText(c.req.raw, MAX_VOICE_BODY));

    const busy = deps.service.busyFor();
    if (busy !== undefined) throw unavailable(busy);

    const caller = c.get("caller");
    const now = deps.clock.now();
    const decision: QuotaDecision = await deps.quota.consume(
      voiceCallerId(caller.accountId ?? caller.id),
      deps.dailyLimit,
      now,
    );
    if (!decision.allowed) throw rateLimited(decision, now, "voice requests");

    const output = await synthesizeOr503(deps.service, request, pieces);
    const headers = new Headers({
      "Content-Type": request.codec === "mp3" ? "audio/mpeg" : "audio/wav",
      "Content-Length": String(output.audio.byteLength),
      "Cache-Control": "no-store",
      "X-Voice-Sample-Rate": String(output.sampleRate),
      "X-Voice-Duration": output.duration.toFixed(3),
      "X-Voice-Language": output.language,
      "X-Voice-Remaining": String(decision.remaining),
    });
    if (output.bitRate !== undefined) headers.set("X-Voice-Bit-Rate", String(output.bitRate));
    if (output.warnings.length) headers.set("X-Voice-Warning", output.warnings.join(" | "));
    return new Response(output.audio as Uint8Array<ArrayBuffer>, { status: 200, headers });
  };
}
