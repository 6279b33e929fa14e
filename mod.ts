/**
 * Lanka API: Sri Lanka specific calculators and decoders that run offline with the same core
 * code the public API serves, plus a typed client that computes local operations in-process and
 * calls the server for the rest (news, store, voice).
 *
 * @example Usage
 * ```ts
 * import { apitTableOn, computePaye, createClient } from "./mod.ts";
 * const table = apitTableOn("2026-01-01")!;
 * console.log(computePaye(250000, table).monthlyTax); // 8000
 * const client = createClient();
 * console.log((await client.paye({ monthly: 250000, date: "2026-01-01" })).monthlyTax); // 8000
 * ```
 *
 * @module
 */
export { createClient, LankaClient } from "./sdk/client.ts";
export type { ClientOptions } from "./sdk/client.ts";
export { ApiPromise } from "./sdk/promise.ts";
export type {
  ApiResponse,
  FetchLike,
  Input,
  Meta,
  Mode,
  ParamValue,
  RateLimit,
  RequestOptions,
} from "./sdk/types.ts";
export type { RetryOptions } from "./sdk/transport.ts";
export {
  ApiError,
  AuthError,
  isApiError,
  isAuthError,
  isLankaError,
  isNetworkError,
  isNotFoundError,
  isRateLimitError,
  isTimeoutError,
  isValidationError,
  LankaError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
  ValidationError,
} from "./sdk/errors.ts";
export type { ApiErrorInit, ErrorBody } from "./sdk/errors.ts";
export type { ErrorCode, ErrorDetail } from "./core/errors.ts";
export { MemoryCache } from "./sdk/cache.ts";
export type { CacheEntry, CacheStore } from "./sdk/cache.ts";
export { DenoKvCache } from "./sdk/cache_kv.ts";
export type { DenoKvCacheOptions, KvKeyPart, KvLike } from "./sdk/cache_kv.ts";
export { LocalStorageCache } from "./sdk/cache_local_storage.ts";
export type { StorageLike } from "./sdk/cache_local_storage.ts";
export { roundMoney, roundTo } from "./core/money.ts";
export type { AnyOperation, Operation, OperationContext, Provenance } from "./core/operation.ts";
export { findOperation, operations } from "./core/registry.ts";
export { annualApit, apitTableOn, computePaye, paye } from "./core/ops/paye.ts";
export type { ApitTable, PayeParams, PayeResult } from "./core/ops/paye.ts";
export { computeVat, standardVatRate } from "./core/calc/vat.ts";
export { vat } from "./core/ops/vat.ts";
export type { VatParams, VatResult } from "./core/ops/vat.ts";
export { amortize, computeLoan, emi, loan } from "./core/ops/loan.ts";
export type { AmortizationRow, LoanParams, LoanResult } from "./core/ops/loan.ts";
export { computeFd, fd, interestWhtRate } from "./core/ops/fd.ts";
export type { FdParams, FdResult, Payout } from "./core/ops/fd.ts";
export {
  convertLand,
  land,
  LAND_UNITS,
  parseDeed,
  SQUARE_METRES,
  toDeed,
} from "./core/ops/land.ts";
export type { Deed, LandParams, LandResult, LandUnit } from "./core/ops/land.ts";
