/**
 * The A/L subject combination page: three subjects in (the Z-score page's subject fields, no
 * marks), which the page makes into the operation's `subjects`; the stream first, then its rule,
 * how sure the rule is and the note saying whether it was verified.
 *
 * @module
 */
import { summaryList } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import type { ToolPage } from "./spec.ts";
import { fieldsFromSubjects, IDS, obj, subjectField } from "./z_score.ts";

const NTH = [1, 2, 3] as const;

/** The page of `GET /api/v1/education/al-combination`. */
export const alCombinationPage: ToolPage = {
  heading: "page.alcombination.heading",
  lead: "page.alcombination.lead",
  button: "page.alcombination.button",
  fields: NTH.map(subjectField),
  toParams: (fields) => {
    const errors: Record<string, string> = {};
    const chosen: string[] = [];
    for (const n of NTH) {
      const subject = fields.get(`subject${n}`) ?? "";
      const label = { label: t(`page.zscore.subject${n}`) };
      if (!IDS.has(subject)) errors[`subject${n}`] = t("page.zscore.subject_missing", label);
      else if (chosen.includes(subject)) {
        errors[`subject${n}`] = t("page.zscore.subject_twice", label);
      }
      chosen.push(subject);
    }
    return { params: [["subjects", chosen.join(",")]], errors };
  },
  fromParams: (pairs) => fieldsFromSubjects(pairs),
  answer: (r) => {
    const stream = obj(r.stream);
    return stream.permitted
      ? markup("page.alcombination.answer", { stream: String(stream.name ?? "") })
      : markup("page.alcombination.answer_other", {});
  },
  breakdown: (r) => {
    const stream = obj(r.stream);
    return summaryList([
      { label: t("page.zscore.row_stream"), value: String(stream.name ?? "") },
      { label: t("page.alcombination.row_rule"), value: String(stream.rule ?? "") },
      {
        label: t("page.alcombination.row_confidence"),
        value: t(`value.confidence.${String(stream.confidence ?? "")}`),
      },
    ]);
  },
  // The stream's sources are named in "How this was worked out", beside the note.
  notesNameSources: true,
  workedOut: (r) => {
    const sources = Array.isArray(r.sources) ? r.sources.map(String) : [];
    const links = sources.map((source, i) => {
      const url = /^https?:\/\/\S+/.exec(source)?.[0];
      const label = url ? new URL(url).host.replace(/^www\./, "") : source;
      return html`${i ? ", " : ""}${
        url ? html`<a href="${url}" rel="noopener" translate="no">${label}</a>` : label
      }`;
    });
    return [
      String(r.note ?? ""),
      ...(links.length ? [markup("page.alcombination.sources", { sites: html`${links}` })] : []),
    ];
  },
};
