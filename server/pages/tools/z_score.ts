/**
 * The A/L Z-score page: three subjects and three marks in (and, under "More options", each
 * subject's mean and standard deviation when known), which the page makes into the operation's
 * `subjects`; the estimated Z-score and the stream first, then each subject's z (beside the mark,
 * so that a phone shows it before the table scrolls) with the mean and standard deviation.
 *
 * @module
 */
import { AL_METHOD, AL_SUBJECTS, findSubject } from "../../../core/al_subjects.ts";
import { figureOf, plain, type Row, summaryList, tableWrap } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import type { FieldSpec, Json, ToolPage } from "./spec.ts";

/** An object field of an answer, or an empty one. */
export function obj(value: unknown): Json {
  return typeof value === "object" && value !== null ? value as Json : {};
}

const NTH = [1, 2, 3] as const;

/** The subjects still examined, in code order: the choices of each subject field. */
const CURRENT = AL_SUBJECTS.filter((s) => !s.legacy);
/** The ids of the subjects a subject field offers. */
export const IDS: ReadonlySet<string> = new Set(CURRENT.map((s) => s.id));

const MARK = /^\d{1,3}(?:\.\d{1,2})?$/;
const STAT = /^\d{1,3}(?:\.\d{1,4})?$/;

/**
 * The field of the `n`th subject (1 to 3): a choice of the subjects still examined.
 *
 * @param n Which subject.
 * @returns The field.
 */
export function subjectField(n: number): FieldSpec {
  return {
    name: `subject${n}`,
    kind: "choice",
    keys: true,
    required: true,
    label: `page.zscore.subject${n}`,
    options: [
      { value: "", label: "page.zscore.choose" },
      ...CURRENT.map((s) => ({ value: s.id, label: `zscore.subject.${s.id}` })),
    ],
  };
}

function markField(n: number): FieldSpec {
  return {
    name: `mark${n}`,
    kind: "number",
    keys: true,
    required: true,
    label: `page.zscore.mark${n}`,
    hint: "page.zscore.mark_hint",
    min: 0,
    max: 100,
  };
}

function statField(kind: "mean" | "sd", n: number): FieldSpec {
  return {
    name: `${kind}${n}`,
    kind: "number",
    keys: true,
    more: true,
    label: `page.zscore.${kind}${n}`,
    ...(kind === "mean" && n === 1 ? { hint: "page.zscore.stats_hint" } : {}),
    min: 0,
    max: 100,
  };
}

/**
 * A subjects page's fields from the operation's parameters: each of the first three terms of
 * `subjects` (`id` or `id:mark...`) gives `subject<n>` (the subject's id) and whatever `more`
 * makes of its other parts; other parameters are kept, empty fields dropped.
 *
 * @param pairs The parameters.
 * @param more The fields of a term beyond its subject, from its parts and its number.
 * @returns The fields.
 */
export function fieldsFromSubjects(
  pairs: readonly (readonly [string, string])[],
  more: (parts: string[], n: number) => [string, string][] = () => [],
): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of pairs) {
    if (name !== "subjects") {
      out.push([name, value]);
      continue;
    }
    value.split(",").slice(0, 3).forEach((term, i) => {
      const parts = term.split(":").map((f) => f.trim());
      const id = parts[0] ?? "";
      const subject = findSubject(id);
      out.push(
        [`subject${i + 1}`, typeof subject === "object" ? subject.id : id],
        ...more(parts, i + 1),
      );
    });
  }
  return out.filter(([, value]) => value !== "");
}

/** A field's problem, in people's words, naming the field by its label. */
function wrong(key: string, field: string): string {
  return t(key, { label: t(`page.zscore.${field}`) });
}

/** The page of `GET /api/v1/z-score`. */
export const zScorePage: ToolPage = {
  heading: "page.zscore.heading",
  lead: "page.zscore.lead",
  button: "page.zscore.button",
  fields: [
    ...NTH.flatMap((n) => [subjectField(n), markField(n)]),
    ...NTH.flatMap((n) => [statField("mean", n), statField("sd", n)]),
  ],
  toParams: (fields) => {
    const errors: Record<string, string> = {};
    const terms: string[] = [];
    const seen = new Set<string>();
    for (const n of NTH) {
      const subject = fields.get(`subject${n}`) ?? "";
      const mark = fields.get(`mark${n}`) ?? "";
      const mean = fields.get(`mean${n}`) ?? "";
      const sd = fields.get(`sd${n}`) ?? "";
      if (!IDS.has(subject)) {
        errors[`subject${n}`] = wrong("page.zscore.subject_missing", `subject${n}`);
      } else if (seen.has(subject)) {
        errors[`subject${n}`] = wrong("page.zscore.subject_twice", `subject${n}`);
      }
      seen.add(subject);
      if (mark === "") errors[`mark${n}`] = wrong("page.zscore.mark_missing", `mark${n}`);
      else if (!MARK.test(mark)) errors[`mark${n}`] = wrong("page.zscore.mark_number", `mark${n}`);
      else if (Number(mark) > 100) errors[`mark${n}`] = wrong("page.zscore.mark_range", `mark${n}`);
      for (const [name, value, other] of [[`mean${n}`, mean, sd], [`sd${n}`, sd, mean]]) {
        if (value === "" && other !== "") errors[name!] = wrong("page.zscore.stats_pair", name!);
        else if (value !== "" && (!STAT.test(value!) || Number(value) > 100)) {
          errors[name!] = wrong("page.zscore.stat_number", name!);
        }
      }
      if (!errors[`sd${n}`] && sd !== "" && Number(sd) === 0) {
        errors[`sd${n}`] = wrong("page.zscore.sd_zero", `sd${n}`);
      }
      terms.push([subject, mark, ...(mean !== "" && sd !== "" ? [mean, sd] : [])].join(":"));
    }
    return { params: [["subjects", terms.join(",")]], errors };
  },
  fromParams: (pairs) =>
    fieldsFromSubjects(pairs, ([, mark = "", mean = "", sd = ""], n) => [
      [`mark${n}`, mark],
      ...(mean !== "" ? [[`mean${n}`, mean] as [string, string]] : []),
      ...(sd !== "" ? [[`sd${n}`, sd] as [string, string]] : []),
    ]),
  answer: (r) => {
    const stream = obj(r.stream);
    const z = figureOf("zScore", Number(r.zScore).toFixed(4));
    const first = stream.permitted
      ? markup("page.zscore.answer", { z, stream: String(stream.name ?? "") })
      : markup("page.zscore.answer_other", { z });
    const percentile = obj(r.percentile);
    return html`${first} ${
      markup(r.authoritative ? "page.zscore.given" : "page.zscore.estimate", {
        percent: figureOf("percentile", plain(percentile.value)),
      })
    }`;
  },
  keyFigure: (r) => typeof r.zScore === "number" ? r.zScore.toFixed(4) : undefined,
  breakdown: (r) => {
    const subjects = Array.isArray(r.subjects) ? r.subjects.map(obj) : [];
    const percentile = obj(r.percentile);
    const rows: Row[] = [
      { label: t("page.zscore.row_stream"), value: String(obj(r.stream).name ?? "") },
      {
        label: t("page.zscore.row_percentile"),
        value: plain(percentile.value),
        num: true,
        field: "percentile.value",
      },
    ];
    return html`${
      tableWrap(
        "zscore-subjects",
        html`
          <table class="list">
            <caption id="zscore-subjects">${t("page.zscore.table")}</caption>
            <thead>
              <tr>
                <th scope="col">${t("page.zscore.col_subject")}</th>
                <th scope="col" class="num">${t("page.zscore.col_mark")}</th>
                <th scope="col" class="num">${t("page.zscore.col_z")}</th>
                <th scope="col" class="num">${t("page.zscore.col_mean")}</th>
                <th scope="col" class="num">${t("page.zscore.col_sd")}</th>
              </tr>
            </thead>
            <tbody>${subjects.map((s) =>
              html`
                <tr>
                  <td>${String(s.name ?? "")}</td>
                  <td class="num">${plain(s.mark)}</td>
                  <td class="num" data-field="z.${String(s.id ?? "")}">${Number(s.z).toFixed(
                    4,
                  )}</td>
                  <td class="num">${plain(s.mean)}</td>
                  <td class="num">${plain(s.sd)}</td>
                </tr>
              `
            )}</tbody>
          </table>
        `,
      )
    }${summaryList(rows)}${
      subjects.filter((s) => s.basis).length
        ? html`<p class="muted">${t("page.zscore.builtin_how")} ${
          [...new Set(subjects.map((s) => String(obj(s.basis).how ?? "")).filter(Boolean))].join(
            " ",
          )
        }</p>`
        : ""
    }`;
  },
  // The built-in statistics and the guides to the method are named in the notes and breakdown.
  notesNameSources: true,
  notes: [
    "zscore.text.method.subject",
    "zscore.text.method.final",
    // The guides that describe the method, by their host names (no Sinhala or Tamil form).
    () =>
      markup("page.zscore.note_source", {
        sites: html`${
          AL_METHOD.sources.map((url, i) =>
            html`${i ? ", " : ""}<a href="${url}" rel="noopener" translate="no">${
              new URL(url).host.replace(/^www\./, "")
            }</a>`
          )
        }`,
      }),
    "page.zscore.note_estimate",
  ],
};
