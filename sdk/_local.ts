/**
 * The client's local runtime: reads an operation's typed parameters exactly as the server reads
 * their text, runs the pure operation, and turns a core error into the SDK error the server would
 * have answered. Imported with the first operation a client loads (`_operations.ts`), so that the
 * client alone loads no zod and no parameter parsers.
 *
 * @module
 */
import { ApiError as CoreApiError, isApiError as isCoreApiError } from "../core/errors.ts";
import { chosenFormat, parseBody, valuesParser } from "../core/execute.ts";
import { hasMessages, loadMessages, MessagesNotLoadedError } from "../core/i18n.ts";
import type { AnyOperation, OperationContext } from "../core/operation.ts";
import { type ApiError, errorFromResponse } from "./errors.ts";
import { target } from "./_request.ts";

/** A local operation compiled for calls: typed parameters and today's context in, data out. */
export type Runner = (params: object | undefined, context: OperationContext) => unknown;

const runners = new WeakMap<AnyOperation, Runner>();

/**
 * The runner of a local operation, compiled once and remembered: reads its typed parameters
 * exactly as the server reads their text (`valuesParser`), runs the pure operation and gives the
 * data, as the server's envelope would carry it.
 *
 * @param op The operation (with `run`).
 * @returns The runner. It throws the SDK error the server would answer (a `ValidationError`
 *   naming the parameter, ...), or {@linkcode MessagesNotLoadedError} when the answer needs an
 *   area of the catalogue not loaded yet (see {@linkcode recover}).
 */
export function runner(op: AnyOperation): Runner {
  let compiled = runners.get(op);
  if (compiled === undefined) {
    const parse = readerOf(op);
    const pure = op.run!;
    const withPath = op.path.includes("{");
    compiled = (params, context) => {
      if (withPath) checkPath(op, params);
      try {
        return pure(parse(params), context);
      } catch (error) {
        throw isCoreApiError(error) ? fromCoreError(error) : error;
      }
    };
    runners.set(op, compiled);
  }
  return compiled;
}

/**
 * Runs a local operation on typed parameters (see {@linkcode runner}).
 *
 * @param op The operation (with `run`).
 * @param params Its typed parameters.
 * @param context Today in Colombo and the base URL.
 * @returns The data.
 */
export function run(
  op: AnyOperation,
  params: object | undefined,
  context: OperationContext,
): unknown {
  return runner(op)(params, context);
}

/**
 * Runs a local operation that has other representations (`format`): the rendered text when the
 * parameters ask for one (no envelope, as from the server), else the data.
 *
 * @param op The operation (with `run` and `formats`).
 * @param params Its typed parameters.
 * @param context Today in Colombo and the base URL.
 * @returns The data or the rendered text, and which it is.
 * @throws {ApiError} As {@linkcode run}.
 */
export function runFormatted(
  op: AnyOperation,
  params: object | undefined,
  context: OperationContext,
): { data: unknown; rendered: boolean } {
  if (op.path.includes("{")) checkPath(op, params);
  try {
    const parsed = readerOf(op)(params);
    const data = op.run!(parsed, context);
    const format = chosenFormat(op, parsed);
    return format
      ? { data: format.render(data, parsed), rendered: true }
      : { data, rendered: false };
  } catch (error) {
    throw isCoreApiError(error) ? fromCoreError(error) : error;
  }
}

/**
 * How an operation reads its input as the server does: a JSON body (the text converters) through
 * its body schema, else its typed parameters as the server reads their text.
 */
function readerOf(op: AnyOperation): (params: object | undefined) => unknown {
  return op.body ? (params) => parseBody(op, params ?? {}) : valuesParser(op);
}

/**
 * What to do about an error of {@linkcode run}: an area of the catalogue of text for people (a
 * chunk of its own in bundles) is loaded when an answer first needs it, and the caller runs the
 * pure operation again, as often as it asks for another area. Each round registers an area that
 * was missing, so the rounds end (at most one per language and area); an area still missing
 * after its load is an error, not another round.
 *
 * @param error What {@linkcode run} threw.
 * @returns The load to wait for before running again.
 * @throws The error itself, when no load can help.
 */
export function recover(error: unknown): Promise<void> {
  if (recoverable(error)) {
    const { lang, area } = error as MessagesNotLoadedError;
    return loadMessages(lang, area);
  }
  throw error;
}

/**
 * Whether {@linkcode recover} can help with an error of {@linkcode run}.
 *
 * @param error What {@linkcode run} threw.
 * @returns Whether a load of the catalogue would let the operation answer.
 */
export function recoverable(error: unknown): boolean {
  return error instanceof MessagesNotLoadedError && !hasMessages(error.lang, error.area);
}

/** The SDK error the server would have answered for a core error (same body, same class). */
function fromCoreError(error: CoreApiError): ApiError {
  const body = {
    ok: false as const,
    error: error.message,
    code: error.code,
    ...(error.details ? { details: error.details } : {}),
    ...error.extra,
  };
  return errorFromResponse(error.status, body, new Headers(error.headers));
}

/**
 * A path parameter no URL can carry ("", ".", "..") or none at all is refused as the remote call
 * is: the core's own validation names it, as the server's would.
 */
function checkPath(op: AnyOperation, params: object | undefined): void {
  let missing: string[];
  try {
    missing = target(op, params).missing;
  } catch (error) {
    throw isCoreApiError(error) ? fromCoreError(error) : error;
  }
  if (!missing.length) return;
  throw missingPathParams(op, params, missing);
}

/**
 * The error for path parameters that are missing: the core's own validation names them, as the
 * server's would.
 *
 * @param op The operation.
 * @param params Its typed parameters.
 * @param missing The path parameters missing.
 * @returns The error.
 */
export function missingPathParams(
  op: AnyOperation,
  params: object | undefined,
  missing: string[],
): ApiError {
  try {
    valuesParser(op)(params);
  } catch (error) {
    if (isCoreApiError(error)) return fromCoreError(error);
  }
  return fromCoreError(
    CoreApiError.invalidParams(
      missing.map((param) => ({ param, message: `Parameter "${param}" is required` })),
    ),
  );
}

/**
 * {@linkcode target} for a request to the server, with a parameter value no URL can carry
 * answered as the SDK's error.
 *
 * @param op The operation.
 * @param params Its typed parameters.
 * @returns Path, body and missing path parameters.
 */
export function sdkTarget(op: AnyOperation, params: object | undefined): ReturnType<typeof target> {
  try {
    return target(op, params);
  } catch (error) {
    throw isCoreApiError(error) ? fromCoreError(error) : error;
  }
}
