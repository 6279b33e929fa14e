/**
 * The `@lanka/api/operations` subpath: every operation definition of the registry, and the
 * server-only ones (store, voice, accounts, news) with their helpers, for servers, generators and
 * tests rather than apps (a subpath, so that the main entry does not ship them); and the
 * parameters and result of every operation by its id, for {@linkcode LankaClient.call} (the
 * client imports those types only, which load nothing). Import it as `@lanka/api/operations`
 * (npm) or `jsr:@lanka/api/operations`.
 *
 * @module
 */
import type { DistrictsParams, DistrictsResult } from "../core/ops/districts.ts";
import type { ElectricityBill, ElectricityParams } from "../core/ops/electricity.ts";
import type { PhoneParams, PhoneResult } from "../core/ops/phone.ts";
import type {
  Division,
  DivisionParams,
  DivisionsResult,
  ListDivisionsParams,
  PlacesParams,
  PlacesResult,
  PostcodeParams,
  PostcodeResult,
} from "../core/ops/places.ts";
import type { FdParams, FdResult } from "../core/ops/fd.ts";
import type { HolidayOnDate, HolidaysParams, HolidaysResult } from "../core/ops/holidays.ts";
import type { IsHolidayParams } from "../core/ops/is_holiday.ts";
import type { LongWeekendsParams, LongWeekendsResult } from "../core/ops/long_weekends.ts";
import type { AlCombinationParams, AlCombinationResult } from "../core/ops/al_combination.ts";
import type { AddWorkingDaysResult, WorkingDaysAddParams } from "../core/ops/working_days_add.ts";
import type { LandParams, LandResult } from "../core/ops/land.ts";
import type { LoanParams, LoanResult } from "../core/ops/loan.ts";
import type { NewsParams, NewsResult } from "../core/ops/news.ts";
import type { NicResult } from "../core/ops/nic.ts";
import type { PayeParams, PayeResult } from "../core/ops/paye.ts";
import type { ApitParams, ApitResult } from "../core/ops/apit.ts";
import type { GratuityParams, GratuityResult } from "../core/ops/gratuity.ts";
import type { MinimumWage, MinimumWageParams } from "../core/ops/minimum_wage.ts";
import type { EpfProjectionParams, EpfProjectionResult } from "../core/ops/epf_projection.ts";
import type { MaternityParams, MaternityResult } from "../core/ops/labour_maternity.ts";
import type { LeaveParams, LeaveResult } from "../core/ops/labour_leave.ts";
import type { OvertimeParams, OvertimeResult } from "../core/ops/labour_overtime.ts";
import type { NoPayParams, NoPayResult } from "../core/ops/labour_no_pay.ts";
import type { HolidayPayParams, HolidayPayResult } from "../core/ops/labour_holiday_pay.ts";
import type { TerminationParams, TerminationResult } from "../core/ops/labour_termination.ts";
import type { InjuryParams, InjuryResult } from "../core/ops/labour_injury.ts";
import type { PayslipParams, PayslipResult } from "../core/ops/payslip.ts";
import type { PlateResult } from "../core/ops/plate.ts";
import type { ScholarshipParams, ScholarshipResult } from "../core/ops/scholarship.ts";
import type { StoreParams, StoreResult } from "../core/ops/store.ts";
import type { ToolsParams, ToolsResult } from "../core/ops/tools.ts";
import type { VatParams, VatResult } from "../core/ops/vat.ts";
import type { WhtParams, WhtResult } from "../core/ops/wht.ts";
import type { SsclParams, SsclResult } from "../core/ops/sscl.ts";
import type { WordsParams, WordsResult } from "../core/ops/words.ts";
import type { VoiceRequest } from "../core/ops/voice.ts";
import type { WorkingDaysParams, WorkingDaysResult } from "../core/ops/working_days.ts";
import type { ZScoreParams, ZScoreResult } from "../core/ops/z_score.ts";
import type {
  TextLegacyParams,
  TextLegacyResult,
  TextSinglishParams,
  TextSinglishResult,
  TextUnicodeParams,
  TextUnicodeResult,
} from "../core/ops/text.ts";
import type { Input, Meta } from "./types.ts";
import type { RuleTypes } from "../core/rules/_types.ts";

/**
 * One operation's types for {@linkcode LankaClient.call}.
 *
 * @typeParam P What the call takes.
 * @typeParam R What it resolves with.
 * @typeParam M The `meta` of `withResponse()`: `Meta` where the server always sends the JSON
 *   envelope, `undefined` for binary answers.
 */
export interface OperationTypes<P, R, M extends Meta | undefined = Meta> {
  /** The parameters, typed values (each becomes the string the server would see). */
  params: P;
  /** The data. */
  result: R;
  /** The envelope's meta. */
  meta: M;
}

/** The rules held (`data/rules/`), by id, typed from their files (`core/rules/_types.ts`). */
export type RuleOperationMap = {
  [K in keyof RuleTypes]: OperationTypes<RuleTypes[K]["params"], RuleTypes[K]["result"]>;
};

/** Every operation the client knows by id (`meta.endpoint`), with its parameters and result. */
export interface OperationMap extends RuleOperationMap {
  /** `GET /nic/{number}`. */
  nic: OperationTypes<{ number: string }, NicResult>;
  /** `GET /phone/{number}`. */
  phone: OperationTypes<PhoneParams, PhoneResult>;
  /** `GET /electricity/bill`. */
  "electricity-bill": OperationTypes<ElectricityParams, ElectricityBill>;
  /** `GET /plate/{plate}`. */
  plate: OperationTypes<{ plate: string }, PlateResult>;
  /** `GET /tax/paye`. */
  paye: OperationTypes<Input<PayeParams, "rounding">, PayeResult>;
  /** `GET /tax/apit`: any APIT table by number. */
  apit: OperationTypes<ApitParams, ApitResult>;
  /** `GET /payroll/payslip`. */
  payslip: OperationTypes<
    Input<
      PayslipParams,
      | "allowances"
      | "allowancesEpf"
      | "bra"
      | "bonus"
      | "bonusEpf"
      | "previousLumpSums"
      | "previousLumpSumTax"
      | "employment"
      | "taxOnTax"
      | "rounding"
    >,
    PayslipResult
  >;
  /** `GET /payroll/gratuity`. */
  gratuity: OperationTypes<Input<GratuityParams, "basis" | "workmen15">, GratuityResult>;
  /** `GET /payroll/minimum-wage`. */
  "minimum-wage": OperationTypes<MinimumWageParams, MinimumWage>;
  /** `GET /payroll/epf-projection`. */
  "epf-projection": OperationTypes<
    Input<EpfProjectionParams, "epfOpening" | "etfOpening" | "crediting">,
    EpfProjectionResult
  >;
  /** `GET /labour/maternity`. */
  "maternity": OperationTypes<Input<MaternityParams, "live" | "scheme">, MaternityResult>;
  /** `GET /labour/leave`. */
  "leave": OperationTypes<Input<LeaveParams, "firstYearCasual">, LeaveResult>;
  /** `GET /labour/overtime`. */
  "overtime": OperationTypes<Input<OvertimeParams, "divisor">, OvertimeResult>;
  /** `GET /labour/no-pay`. */
  "no-pay": OperationTypes<Input<NoPayParams, "days" | "hours" | "divisor">, NoPayResult>;
  /** `GET /labour/holiday-pay`. */
  "holiday-pay": OperationTypes<
    Input<HolidayPayParams, "days" | "divisor">,
    HolidayPayResult
  >;
  /** `GET /labour/termination`. */
  "termination": OperationTypes<TerminationParams, TerminationResult>;
  /** `GET /labour/injury`. */
  "injury": OperationTypes<InjuryParams, InjuryResult>;
  /** `GET /vat`. */
  vat: OperationTypes<Input<VatParams, "mode">, VatResult>;
  /** `GET /tax/wht`. */
  wht: OperationTypes<WhtParams, WhtResult>;
  /** `GET /tax/sscl`. */
  sscl: OperationTypes<Input<SsclParams, "activity" | "period">, SsclResult>;
  /** `GET /words`. */
  words: OperationTypes<Input<WordsParams, "only">, WordsResult>;
  /** `GET /loan`. */
  loan: OperationTypes<Input<LoanParams, "schedule">, LoanResult>;
  /** `GET /fd`. */
  fd: OperationTypes<Input<FdParams, "payout" | "wht">, FdResult>;
  /** `GET /convert/land`. */
  land: OperationTypes<Input<LandParams>, LandResult>;
  /** `GET /holidays` as JSON (for `format: "ics"` the data is the iCalendar text, no meta). */
  holidays: OperationTypes<Input<HolidaysParams, "format"> & { format?: "json" }, HolidaysResult>;
  /** `GET /working-days`. */
  "working-days": OperationTypes<
    Input<WorkingDaysParams, "calendar" | "saturday">,
    WorkingDaysResult
  >;
  /** `GET /holidays/{date}`. */
  "is-holiday": OperationTypes<IsHolidayParams, HolidayOnDate>;
  /** `GET /holidays/long-weekends`. */
  "long-weekends": OperationTypes<Input<LongWeekendsParams, "calendar">, LongWeekendsResult>;
  /** `GET /working-days/add`. */
  "working-days-add": OperationTypes<
    Input<WorkingDaysAddParams, "calendar" | "saturday">,
    AddWorkingDaysResult
  >;
  /** `GET /districts`. */
  districts: OperationTypes<DistrictsParams, DistrictsResult>;
  /** `GET /postcodes/{code}`. */
  postcode: OperationTypes<PostcodeParams, PostcodeResult>;
  /** `GET /places`. */
  places: OperationTypes<Input<PlacesParams, "limit">, PlacesResult>;
  /** `GET /divisions`. */
  divisions: OperationTypes<Input<ListDivisionsParams, "limit" | "offset">, DivisionsResult>;
  /** `GET /divisions/{id}`. */
  division: OperationTypes<DivisionParams, Division>;
  /** `GET /tools`. */
  tools: OperationTypes<Input<ToolsParams, "limit" | "offset">, ToolsResult>;
  /** `GET /z-score`. */
  "z-score": OperationTypes<ZScoreParams, ZScoreResult>;
  /** `GET /education/al-combination`. */
  "al-combination": OperationTypes<AlCombinationParams, AlCombinationResult>;
  /** `GET /scholarship-cutoff`. */
  "scholarship-cutoff": OperationTypes<ScholarshipParams, ScholarshipResult>;
  /** `GET /store` (server only). */
  store: OperationTypes<Input<StoreParams, "limit" | "offset">, StoreResult>;
  /** `GET /news` (server only). */
  news: OperationTypes<Partial<NewsParams>, NewsResult>;
  /** `POST /text/unicode`: text in a legacy font to Unicode (local). */
  "text-unicode": OperationTypes<TextUnicodeParams, TextUnicodeResult>;
  /** `POST /text/legacy`: Unicode Sinhala to FM Abhaya or DL Manel (local). */
  "text-legacy": OperationTypes<TextLegacyParams, TextLegacyResult>;
  /** `POST /text/singlish`: Latin letters to Sinhala or Tamil (local). */
  "text-singlish": OperationTypes<Input<TextSinglishParams, "lang">, TextSinglishResult>;
  /** `POST /voice` (server only, with a key): the audio bytes, no envelope. */
  voice: OperationTypes<
    Input<VoiceRequest, "voice" | "language" | "codec" | "sample_rate" | "text_normalization">,
    Uint8Array,
    undefined
  >;
}

/** An operation id the client knows the types of. */
export type OperationName = keyof OperationMap;

export { findOperation, operations } from "../core/registry.ts";
export { wht } from "../core/ops/wht.ts";
export { sscl } from "../core/ops/sscl.ts";
export {
  ELECTRICITY_CATEGORIES,
  ELECTRICITY_FIRST_DATE,
  electricityBill,
  ssclGrossUp,
} from "../core/calc/electricity.ts";
export { electricity, localizeElectricityBill } from "../core/ops/electricity.ts";
export { lookupPhone, phone } from "../core/ops/phone.ts";
export { store, STORE_MAX_LIMIT, STORE_TOPICS, STORE_VENDORS } from "../core/ops/store.ts";
export {
  codePoints,
  INLINE_TAGS,
  MAX_VOICE_TEXT,
  voice,
  VOICE_LANGUAGES,
  VOICE_SAMPLE_RATES,
  VOICES,
  WRAPPING_TAGS,
} from "../core/ops/voice.ts";
export {
  accountOperations,
  createAccount,
  createKey,
  createSession,
  deleteSession,
  listKeys,
  requestPasswordReset,
  revokeKey,
} from "../core/ops/accounts.ts";
export {
  createNewsDraft,
  DEFAULT_NEWS_CATEGORIES,
  foldForSearch,
  independentSources,
  news,
  NEWS_DEFAULT_LIMIT,
  NEWS_MAX_LIMIT,
  newsOperations,
  readingMinutes,
  sourceHost,
  submitNewsDraft,
  updateNewsDraft,
} from "../core/ops/news.ts";
// Legacy fonts, Unicode and Singlish (issue 46): the converters, each from its own file (so that
// one imported alone bundles no zod), and their operations.
export { textLegacy, textOperations, textSinglish, textUnicode } from "../core/ops/text.ts";
export {
  fontName,
  fontScript,
  LEGACY_FONTS,
  legacyToUnicode,
  unicodeToLegacy,
  WRITABLE_FONTS,
} from "../core/calc/legacy_fonts.ts";
export { detectFont } from "../core/calc/font_detect.ts";
export { singlishToUnicode } from "../core/calc/singlish.ts";
export { dropStrayJoiners, tidyUnicode } from "../core/calc/_joiners.ts";
