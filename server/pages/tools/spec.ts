/**
 * What a tool page file (`server/pages/tools/<tool>.ts`) says about its page: the fields it shows
 * and in what order, their labels and hints (catalogue keys), and how the answer sentence and the
 * breakdown read the operation's result. Everything else (the form, the error summary, the answer
 * block, "How this was worked out", "For developers") is shared (docs/pages.md).
 *
 * @module
 */
import type { SafeHtml } from "../html.ts";

/** A result of an operation, as the page reads it. */
export type Json = Record<string, unknown>;

/**
 * How a field is asked: `amount` money (text input, `inputmode="decimal"`, "Rs" prefix, read by
 * `readAmount`), `percent` a rate (decimal, "%" suffix), `number` any other decimal (an extent),
 * `count` a whole number
 * (`inputmode="numeric"`), `date` a date, `choice` radios (a select past 6 options), `flag` a
 * checkbox, `code` a code (no spellcheck, wider letter spacing), `text` anything else.
 */
export type FieldKind =
  | "amount"
  | "percent"
  | "number"
  | "count"
  | "date"
  | "choice"
  | "flag"
  | "code"
  | "text";

/** One field of a tool page. */
export interface FieldSpec {
  /** The operation's parameter name (the form field's name, so the URL is the API's query). */
  name: string;
  /** How it is asked. */
  kind: FieldKind;
  /** Its label: a catalogue key (or, in the generic page, the text itself). */
  label: string;
  /** A one-line hint: a catalogue key (or text in the generic page). */
  hint?: string | undefined;
  /** The message beside the field when it is missing or not understood: a catalogue key. */
  error?: string | undefined;
  /** Whether the field sits under "More options". */
  more?: boolean | undefined;
  /** Whether the operation needs it (not marked "(optional)"). */
  required?: boolean | undefined;
  /** The choices of a `choice` field, each value with its label (a catalogue key or text). */
  options?: readonly { value: string; label: string }[] | undefined;
  /** Whether labels, hints, errors and option labels are catalogue keys (page files: yes). */
  keys?: boolean | undefined;
  /** The lowest and highest values, for the "between" message. */
  min?: number | undefined;
  max?: number | undefined;
}

/** A tool page file. */
export interface ToolPage {
  /** The fields, in the order shown. */
  fields: readonly FieldSpec[];
  /** The `<h1>`, a catalogue key (default: the tool's title). */
  heading?: string;
  /** The lead paragraph under the `<h1>`, a catalogue key (default: the tool's description). */
  lead?: string;
  /** The button's words, a catalogue key (default "Calculate"). */
  button?: string;
  /** Parameters the page adds to the computation when not given (the loan's `schedule=1`). */
  internal?: Readonly<Record<string, string>>;
  /** Whether a first visit (no query) shows the answer for no input (holidays: this year). */
  answerOnFirstVisit?: boolean;
  /**
   * Whether the page answers as the person types (a search): the form comes before the answer,
   * and the page script, when it runs, fetches the page for what is typed and puts its answer in
   * place (docs/pages.md). Without the script it is an ordinary form.
   */
  live?: boolean;
  /** The answer: one or two sentences with the figures people came for. */
  answer(result: Json, given: ReadonlyMap<string, string>): SafeHtml;
  /** The key figure, copied by the "Copy" button (text). */
  keyFigure?(result: Json): string | undefined;
  /** The breakdown that fits the tool (bands, payslip, schedule chart, holiday list...). */
  breakdown?(result: Json, given: ReadonlyMap<string, string>): SafeHtml | undefined;
  /**
   * Lines for "How this was worked out", beside the source and its date: catalogue keys, or a
   * line made when the page is drawn (a catalogue sentence with links, through `markup`).
   */
  notes?: readonly (string | (() => SafeHtml))[];
  /**
   * The page's notes name where its figures come from, the operation having no single source
   * (`provenance`): "How this was worked out" then does not say that no published figures are
   * behind the tool.
   */
  notesNameSources?: boolean;
  /**
   * Lines for "How this was worked out" made from the answer (a rule's sources, each step's
   * figure's), after `notes`.
   */
  workedOut?(result: Json): readonly (string | SafeHtml)[];
  /** "For developers"' view of the answer, instead of every field as a list (a rule's answer). */
  raw?(result: Json): SafeHtml;
  /**
   * A problem of the answer in the page's words, when the page can say it better than the API's
   * English message (a rule's gap in the sources, from the rule's own texts).
   */
  problem?(error: { extra?: Readonly<Record<string, unknown>> | undefined }): string | undefined;
  /**
   * The operation's parameters from the page's own fields, for a page whose fields are not the
   * parameters (the Z-score's three subjects and marks make `subjects`). Gets the fields as read
   * (numbers without grouping); returns the parameters and, by field name, what is wrong in
   * people's words (then the operation is not run). Fields it does not use are dropped; any
   * other pair (`lang`) goes to the operation as it is.
   */
  toParams?(fields: ReadonlyMap<string, string>): FieldsToParams;
  /**
   * The fields from the operation's parameters, the inverse of `toParams`: a link with the API's
   * query (`?subjects=...`, the example) fills the form. Pairs it does not know are kept.
   */
  fromParams?(pairs: readonly (readonly [string, string])[]): [string, string][];
}

/** What {@linkcode ToolPage.toParams} makes of the fields. */
export interface FieldsToParams {
  /** The operation's parameters. */
  params: [string, string][];
  /** What is wrong, by field name, in people's words (empty or absent: nothing). */
  errors?: Readonly<Record<string, string>>;
}
