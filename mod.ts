/**
 * Lanka API: a typed client for Sri Lanka specific calculators and data that computes local
 * operations in-process with the same core code the public API serves (each loaded on first
 * use) and calls the server for the rest (news, store, voice); its errors, caches and every
 * operation's types. The pure functions are in subpaths (`@lanka/api/calc`, `@lanka/api/payroll`,
 * ...), so that a bundle of the client loads none of them up front.
 *
 * @example Usage
 * ```ts
 * import { createClient } from "./mod.ts";
 * import { computePaye } from "./sdk/calc.ts"; // "@lanka/api/calc" in an app
 * console.log(computePaye({ monthly: 250000, date: "2026-01-01" }).monthlyTax); // 8000
 * const client = createClient();
 * console.log((await client.paye({ monthly: 250000, date: "2026-01-01" })).monthlyTax); // 8000
 * ```
 *
 * @module
 */
export { createClient, LankaClient } from "./sdk/client.ts";
export type {
  ClientOptions,
  NewsMethods,
  StoreGetOptions,
  StoreListInput,
  StoreMethods,
  VoiceInput,
  VoiceMethods,
} from "./sdk/client.ts";
export type { ApiPromise } from "./sdk/promise.ts";
export type { OperationMap, OperationName, OperationTypes } from "./sdk/operations.ts";
export type {
  ApiResponse,
  FetchLike,
  Input,
  Meta,
  Mode,
  ParamValue,
  RateLimit,
  RequestOptions,
  VoiceInfo,
} from "./sdk/types.ts";
export type { RetryOptions } from "./sdk/transport.ts";
export {
  AbortError,
  ApiError,
  AuthError,
  isAbortError,
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
export type { Lang } from "./core/i18n.ts";
export { MemoryCache } from "./sdk/cache.ts";
export type { CacheEntry, CacheStore } from "./sdk/cache.ts";
export { DenoKvCache } from "./sdk/cache_kv.ts";
export type { DenoKvCacheOptions, KvKeyPart, KvLike } from "./sdk/cache_kv.ts";
export { LocalStorageCache } from "./sdk/cache_local_storage.ts";
export type { StorageLike } from "./sdk/cache_local_storage.ts";
export type {
  AnyOperation,
  Operation,
  OperationContext,
  OperationFormat,
  Provenance,
} from "./core/operation.ts";
export type {
  AnnualApitOptions,
  ApitTable,
  PayeOptions,
  PayeResult,
  PayeRounding,
  PrintedApitTable,
} from "./core/calc/paye.ts";
export type { PayeParams } from "./core/ops/paye.ts";
// The electricity calculator itself is exported by `@lanka/api/operations` (with the phone
// lookup): exported here, bundlers put its tariff tables in the client's initial load.
export type {
  ElectricityBill,
  ElectricityBillOptions,
  ElectricityBlock,
  ElectricityCategory,
  ElectricityDecision,
} from "./core/calc/electricity.ts";
export type { ElectricityParams } from "./core/ops/electricity.ts";
// The phone operation is reached through the client (`client.phone()`), which loads it and
// libphonenumber-js on first use; only its types are exported here, so that importing this
// entry never loads the phone metadata.
export type {
  PhoneArea,
  PhoneOperator,
  PhoneParams,
  PhoneReasonCode,
  PhoneResult,
} from "./core/ops/phone.ts";
export type {
  WhtOptions,
  WhtParams,
  WhtPaymentType,
  WhtResult,
  WhtVersion,
} from "./core/ops/wht.ts";
export type {
  SsclActivity,
  SsclOptions,
  SsclParams,
  SsclResult,
  SsclVersion,
} from "./core/ops/sscl.ts";
export type { VatParams, VatResult } from "./core/ops/vat.ts";
export type { VatOptions } from "./core/calc/vat.ts";
export type {
  AmountInWordsOptions,
  NumberInWordsOptions,
  WordsLanguage,
  WordsStyle,
} from "./core/calc/words.ts";
export type { WordsParams, WordsResult } from "./core/ops/words.ts";
export type {
  AmortizationRow,
  AmortizeOptions,
  EmiOptions,
  LoanOptions,
  LoanResult,
} from "./core/calc/loan.ts";
export type { LoanParams } from "./core/ops/loan.ts";
export type { FdCredit, FdOptions, FdResult, Payout } from "./core/calc/fd.ts";
export type { FdParams } from "./core/ops/fd.ts";
export type { ConvertLandOptions } from "./core/calc/land.ts";
export type { Deed, LandParams, LandResult, LandUnit } from "./core/ops/land.ts";
export type {
  GovernmentClosure,
  Holiday,
  HolidayCalendar,
  HolidayDataset,
  HolidayOnDate,
  HolidaysParams,
  HolidaysResult,
  HolidayType,
  HolidayYearSource,
} from "./core/ops/holidays.ts";
export type { IsHolidayParams } from "./core/ops/is_holiday.ts";
export type {
  LongWeekend,
  LongWeekendsOptions,
  LongWeekendsParams,
  LongWeekendsResult,
} from "./core/ops/long_weekends.ts";
export type { AddWorkingDaysResult, WorkingDaysAddParams } from "./core/ops/working_days_add.ts";
export type {
  WorkCalendar,
  WorkingDayCounter,
  WorkingDayHoliday,
  WorkingDaysParams,
  WorkingDaysResult,
} from "./core/ops/working_days.ts";
export type { AllDayEvent, CalendarInfo } from "./core/ical.ts";
export type {
  District,
  DistrictsResult,
  ListDistrictsOptions,
  Province,
} from "./core/calc/districts.ts";
export type { DistrictsParams } from "./core/ops/districts.ts";
export type { Tool, ToolsParams, ToolsResult } from "./core/ops/tools.ts";
// Places (issue 45): postcodes, the places search and divisions; the data loads with the first call.
export type {
  Area,
  Disagreement,
  Division,
  DivisionKind,
  DivisionParams,
  DivisionsResult,
  DivisionSummary,
  FindPlacesParams,
  ListDivisionsParams,
  Names,
  PlaceKind,
  PlaceMatch,
  PlacesParams,
  PlacesResult,
  PostcodeParams,
  PostcodeResult,
  PostOffice,
  Translation,
} from "./core/ops/places.ts";
// The rules of `data/rules/` (issue 42): each rule's parameters and answer by its id
// (`client.call("<rule>", params)`), and the answer of each formula kind.
export type { RuleTypes } from "./core/rules/_types.ts";
export type { RuleOperationMap } from "./sdk/operations.ts";
export type {
  AgeBandAnswer,
  BandResult,
  BandsAnswer,
  BlockResult,
  BlockTariffAnswer,
  DueDatesAnswer,
  FeeAnswer,
  FeeLineResult,
  FirstYearAnswer,
  IndexRatioAnswer,
  RuleAnswerBase,
  RuleStep,
  ThresholdAnswer,
  UsedSource,
} from "./core/rules/answers.ts";
// The text converters' types (issue 46); the functions are in `@lanka/api/operations`.
export type {
  FontDetection,
  LegacyFont,
  SinglishLanguage,
  SinglishSuggestion,
  TextLegacyParams,
  TextLegacyResult,
  TextSinglishParams,
  TextSinglishResult,
  TextUnicodeParams,
  TextUnicodeResult,
  WritableFont,
} from "./core/ops/text.ts";
export type { AlStream, AlSubject, StatisticsBasis } from "./core/al_subjects.ts";
export type {
  PercentileEstimate,
  StreamResult,
  ZScoreCalculation,
  ZScoreListing,
  ZScoreParams,
  ZScoreResult,
  ZSubjectListing,
  ZSubjectResult,
  ZTerm,
} from "./core/ops/z_score.ts";
export type { AlCombinationParams, AlCombinationResult } from "./core/ops/al_combination.ts";
export type {
  Medium,
  ScholarshipCutoff,
  ScholarshipListing,
  ScholarshipParams,
  ScholarshipResult,
  SchoolCutoff,
  SchoolResult,
  SchoolsAnswer,
  YearCoverage,
  YearStatus,
} from "./core/ops/scholarship.ts";
export type {
  StoreDelivery,
  StoreFacet,
  StoreFacts,
  StoreInfo,
  StoreListing,
  StoreParams,
  StorePrice,
  StorePricing,
  StoreProduct,
  StoreProductStatus,
  StoreResult,
} from "./core/ops/store.ts";
export type {
  DecodeNicOptions,
  NicFormat,
  NicGender,
  NicReasonCode,
  NicResult,
} from "./core/calc/nic.ts";
export type { NicParams } from "./core/ops/nic.ts";
export type { Age } from "./core/_calendar.ts";
export type {
  DecodePlateOptions,
  PlateConfidence,
  PlateEra,
  PlateFormat,
  PlateParams,
  PlateProvince,
  PlateResult,
  PlateVehicleClass,
} from "./core/ops/plate.ts";
export type {
  InlineTag,
  Voice,
  VoiceLanguage,
  VoiceRequest,
  VoiceSampleRate,
  WrappingTag,
} from "./core/ops/voice.ts";
export type {
  AccountResult,
  Credentials,
  KeyInfo,
  KeyList,
  MailSent,
  NewKey,
  NewKeyBody,
  ResetRequestBody,
} from "./core/ops/accounts.ts";
export type {
  DraftBody,
  DraftResult,
  NewsList,
  NewsParams,
  NewsPost,
  NewsResult,
  NewsStatus,
  NewsSummary,
  PostContent,
} from "./core/ops/news.ts";
export type { ApitParams, ApitResult } from "./core/ops/apit.ts";
export type { PayslipParams, PayslipResult } from "./core/ops/payslip.ts";
export type { GratuityParams, GratuityResult } from "./core/ops/gratuity.ts";
export type { MinimumWage, MinimumWageParams } from "./core/ops/minimum_wage.ts";
export type { EpfProjectionParams, EpfProjectionResult } from "./core/ops/epf_projection.ts";
export type { MaternityParams, MaternityResult } from "./core/ops/labour_maternity.ts";
export type { LeaveParams, LeaveResult } from "./core/ops/labour_leave.ts";
export type { OvertimeParams, OvertimeResult } from "./core/ops/labour_overtime.ts";
export type { NoPayParams, NoPayResult } from "./core/ops/labour_no_pay.ts";
export type { HolidayPayParams, HolidayPayResult } from "./core/ops/labour_holiday_pay.ts";
export type { TerminationParams, TerminationResult } from "./core/ops/labour_termination.ts";
export type { InjuryParams, InjuryResult } from "./core/ops/labour_injury.ts";
export type { ScholarshipOpParams } from "./core/ops/scholarship.ts";
