/**
 * Lanka API: Sri Lanka specific calculators and decoders that run offline with the same core
 * code the public API serves, plus a client for the server-only endpoints.
 *
 * @example Usage
 * ```ts
 * import { apitTableOn, computePaye } from "./mod.ts";
 * const table = apitTableOn("2026-01-01")!;
 * console.log(computePaye(250000, table).monthlyTax); // 8000
 * ```
 *
 * @module
 */
export { ApiError, isApiError } from "./core/errors.ts";
export type { ApiErrorOptions, ErrorCode, ErrorDetail } from "./core/errors.ts";
export { execute, parseParams } from "./core/execute.ts";
export { roundMoney, roundTo } from "./core/money.ts";
export type { AnyOperation, Operation, OperationContext, Provenance } from "./core/operation.ts";
export { findOperation, operations } from "./core/registry.ts";
export { buildOpenApi } from "./core/openapi.ts";
export { buildServiceIndex } from "./core/service_index.ts";
export type { IndexEntry, ServiceIndex } from "./core/service_index.ts";
export { annualApit, apitTableOn, computePaye, paye } from "./core/ops/paye.ts";
export type { ApitTable, PayeParams, PayeResult } from "./core/ops/paye.ts";
export { computeVat, standardVatRate, vat } from "./core/ops/vat.ts";
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
export {
  accountOperations,
  createAccount,
  createKey,
  createSession,
  deleteSession,
  listKeys,
  revokeKey,
} from "./core/ops/accounts.ts";
export type {
  AccountResult,
  Credentials,
  KeyInfo,
  KeyList,
  NewKey,
  NewKeyBody,
} from "./core/ops/accounts.ts";
