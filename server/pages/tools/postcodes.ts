/**
 * The postcode finder: a place name (in English, Sinhala or Tamil, or its first letters) or a
 * postcode in; the best match and its postcode first, then every place found. A postcode (or an
 * old one) shows its office in full: names in three languages, postal district, province,
 * coordinates, sources and where they disagree. The form searches as you type when the page
 * script runs (`live`), and is an ordinary GET form without it.
 *
 * @module
 */
import { DISTRICTS } from "../../../core/calc/districts.ts";
import { isApiError } from "../../../core/errors.ts";
import { lookupPostcode, type PostcodeResult } from "../../../core/places/lookup.ts";
import { figureOf, plain } from "../components.ts";
import { html, markup, type SafeHtml } from "../html.ts";
import { pageContext, t } from "../lang.ts";
import type { FieldSpec, Json, ToolPage } from "./spec.ts";

type Lang = "en" | "si" | "ta";

/** The script a text is written in, as a language code. */
function scriptOf(text: string): Lang {
  if (/[\u0D80-\u0DFF]/.test(text)) return "si";
  if (/[\u0B80-\u0BFF]/.test(text)) return "ta";
  return "en";
}

/** Data text (a name, a query) marked with its language where it is not the page's. */
function inScript(text: string): SafeHtml {
  const lang = scriptOf(text);
  return lang === pageContext().lang ? html`${text}` : html`<span lang="${lang}">${text}</span>`;
}

function obj(value: unknown): Json {
  return typeof value === "object" && value !== null ? value as Json : {};
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** A name in the page's language, or in English (marked) where the sources give none. */
function nameIn(names: unknown): SafeHtml {
  const n = obj(names);
  const own = n[pageContext().lang];
  return inScript(typeof own === "string" && own ? own : str(n.en));
}

/** Data that stays as the sources write it (source ids, their values). */
function asWritten(text: string): SafeHtml {
  return html`<span lang="en" translate="no">${text}</span>`;
}

function list(r: Json): Json[] {
  return Array.isArray(r.places) ? r.places as Json[] : [];
}

/** `{district} postal district, {province} Province` or `{district} district, {province} Province`. */
function districtText(district: unknown, province: unknown): SafeHtml {
  const d = obj(district);
  const key = d.kind === "postal"
    ? "page.postcodes.postal_district"
    : "page.postcodes.admin_district";
  return markup(key, { district: nameIn(d.name), province: nameIn(obj(province).name) });
}

/** What a place is: post office, sub post office, locality, DS division, MC, UC or PS. */
function kindText(place: Json): string {
  if (place.kind === "post_office" || place.kind === "locality") {
    if (place.kind === "locality") return t("page.postcodes.kind.locality");
    return t(
      place.officeType === "sub_post_office"
        ? "page.postcodes.kind.sub_post_office"
        : "page.postcodes.kind.post_office",
    );
  }
  return t(`page.postcodes.kind.${String(place.kind)}`);
}

/** A link that looks the code up on this page. */
function codeLink(code: string): SafeHtml {
  return html`<a href="/tools/postcodes?q=${code}#answer" class="nowrap">${code}</a>`;
}

/** Why a place was found, when it was not by its own name as typed. */
function howFound(place: Json): SafeHtml | string {
  const matched = obj(place.matched);
  const how = str(matched.how);
  const written = str(matched.written);
  if (how === "spelling" || how === "typo" || how === "words") {
    return markup(`page.postcodes.found_${how}`, { name: inScript(written) });
  }
  if (how === "old_code") return markup("page.postcodes.found_old_code", { code: written });
  if (matched.field === "variant") {
    return markup("page.postcodes.found_variant", { name: inScript(written) });
  }
  return "";
}

/** One place found, as a list item. */
function placeItem(place: Json): SafeHtml {
  const postcode = str(place.postcode);
  const served = place.servedBy
    ? markup("page.postcodes.served_by", { office: nameIn(place.servedBy) })
    : "";
  const found = howFound(place);
  const admin = place.administrativeDistrict
    ? markup("page.postcodes.probably_in", {
      district: nameIn(obj(place.administrativeDistrict).name),
    })
    : "";
  return html`
    <li>
      <strong>${nameIn(place.name)}</strong>${postcode
        ? html`
          ${codeLink(postcode)}
        `
        : ""}
      <p>${kindText(place)}${served
        ? html`
          · ${served}
        `
        : ""} · ${districtText(place.district, place.province)}</p>
      ${admin ? html`<p class="muted">${admin}</p>` : ""}
      ${found ? html`<p class="muted">${found}</p>` : ""}
    </li>
  `;
}

/** A row of the office's details. */
function row(label: string, value: SafeHtml | string): SafeHtml {
  return html`
    <div class="row text">
      <dt>${label}</dt>
      <dd>${value}</dd>
    </div>
  `;
}

/** The sources a disagreement names. */
const SOURCES = new Set(["g9p999", "slwdc", "madurapa"]);

/** What each source gives, as it writes it (a duplicate row's rows as they are). */
function valuesText(values: Json): SafeHtml {
  const named = Object.entries(values).filter(([k]) => SOURCES.has(k) || /^row \d+$/.test(k));
  return asWritten(named.map(([k, v]) => `${k}: ${String(v)}`).join(", "));
}

/** One disagreement between the sources, in the page's language. */
function disagreementText(d: Json): SafeHtml {
  const values = obj(d.values);
  if (d.kind === "code_differs_between_sources") {
    const old = Object.entries(values).find(([k]) => /^code_in_(slwdc|madurapa)$/.test(k));
    return markup("page.postcodes.conflict.code_differs_between_sources", {
      place: inScript(str(values.place)),
      old: old ? String(old[1]) : "",
      new: str(values.code_in_g9p999),
      sources: asWritten(str(d.sources)),
    });
  }
  const kind = [
      "district_mismatch",
      "postal_vs_admin_district",
      "name_mismatch",
      "duplicate_row",
    ].includes(str(d.kind))
    ? str(d.kind)
    : "other";
  return markup(`page.postcodes.conflict.${kind}`, { values: valuesText(values) });
}

/** The office behind a code, in full. */
function officeDetails(answer: PostcodeResult): SafeHtml {
  const office = answer.offices[0]!;
  const names = (["en", "si", "ta"] as const).map((l) =>
    office.name[l] ? html`<span lang="${l}">${office.name[l]}</span>` : ""
  )
    .filter(Boolean);
  const rows: SafeHtml[] = [
    row(t("page.postcodes.row_postcode"), html`<strong>${office.code}</strong>`),
    row(t("page.postcodes.row_names"), html`${names.map((n, i) => html`${i ? " · " : ""}${n}`)}`),
  ];
  if (office.translation === "community") {
    rows.push(row(t("page.postcodes.row_translation"), t("page.postcodes.translation_community")));
  }
  if (office.zone) rows.push(row(t("page.postcodes.row_zone"), nameIn(office.zone)));
  if (office.area) rows.push(row(t("page.postcodes.row_area"), nameIn(office.area)));
  rows.push(
    row(
      t("page.postcodes.row_office_type"),
      office.officeType
        ? t(`page.postcodes.kind.${office.officeType}`)
        : t("page.postcodes.not_said"),
    ),
    row(
      t("page.postcodes.row_postal_district"),
      html`${nameIn(office.postalDistrict.name)}${
        office.postalDistrict.postCode
          ? html`
            (${office.postalDistrict.postCode})
          `
          : ""
      }`,
    ),
    row(
      t("page.postcodes.row_admin_district"),
      office.administrativeDistrict
        ? markup("page.postcodes.admin_hint", {
          district: nameIn(office.administrativeDistrict.name),
        })
        : t("page.postcodes.admin_unknown"),
    ),
    row(t("page.postcodes.row_province"), nameIn(office.province.name)),
  );
  if (office.variants.length) {
    rows.push(row(t("page.postcodes.row_variants"), asWritten(office.variants.join(", "))));
  }
  if (office.localities.length) {
    const seen = new Set<string>();
    const places = office.localities.filter((l) => !seen.has(l.name.en) && seen.add(l.name.en));
    rows.push(row(
      t("page.postcodes.row_localities"),
      html`${places.map((l, i) => html`${i ? ", " : ""}${nameIn(l.name)}`)}`,
    ));
  }
  if (office.olderCodes.length) {
    rows.push(row(t("page.postcodes.row_older_codes"), office.olderCodes.join(", ")));
  }
  rows.push(
    row(
      t("page.postcodes.row_coordinates"),
      office.coordinates
        ? html`<span class="nowrap">${office.coordinates.lat}, ${office.coordinates.lng}</span> (${
          t(`page.postcodes.quality.${office.coordinates.quality}`)
        })`
        : t("page.postcodes.no_coordinates"),
    ),
    row(t("page.postcodes.row_status"), t(`page.postcodes.status.${office.status}`)),
    row(t("page.postcodes.row_sources"), asWritten(office.sources.join(", "))),
  );
  const conflicts = answer.disagreements;
  return html`
    <h3>${t("page.postcodes.office_heading")}</h3>
    <dl class="summary">${rows}</dl>
    ${answer.formerlyHere.length
      ? html`<p>${
        markup("page.postcodes.formerly_here", {
          places: html`${
            answer.formerlyHere.map((f, i) =>
              html`${i ? ", " : ""}${inScript(f.place)} (${codeLink(f.code)})`
            )
          }`,
        })
      }</p>`
      : ""}
    ${conflicts.length
      ? html`
        <h3>${t("page.postcodes.conflicts_heading")}</h3>
        <ul>${conflicts.map((d) => html`<li>${disagreementText(d as unknown as Json)}</li>`)}</ul>
      `
      : ""}
  `;
}

/** The office of the first place when the query was its code or an old code of it. */
function exactCode(r: Json): PostcodeResult | undefined {
  const first = list(r)[0];
  const how = obj(first?.matched).how;
  if (!first || (how !== "code" && how !== "old_code") || Number(first.score) < 95) {
    return undefined;
  }
  try {
    return lookupPostcode(str(obj(first.matched).written));
  } catch (error) {
    if (isApiError(error)) return undefined;
    throw error;
  }
}

/** The kinds of place, as the operation names them. */
const KINDS = ["post_office", "locality", "ds_division", "local_authority"] as const;

/** The page's fields; the district's choices are the districts' names in the page's language. */
function fields(): readonly FieldSpec[] {
  const { lang } = pageContext();
  return [
    {
      name: "q",
      kind: "text",
      keys: true,
      required: true,
      label: "page.postcodes.q",
      hint: "page.postcodes.q_hint",
      error: "page.postcodes.q_error",
    },
    {
      name: "district",
      kind: "choice",
      keys: false,
      more: true,
      label: t("page.postcodes.district"),
      options: DISTRICTS.map((d) => ({
        value: d.name,
        label: lang === "si" ? d.nameSinhala : lang === "ta" ? d.nameTamil : d.name,
      })),
    },
    {
      name: "kind",
      kind: "choice",
      keys: true,
      more: true,
      label: "page.postcodes.kind",
      options: KINDS.map((k) => ({ value: k, label: `param.option.kind.${k}` })),
    },
  ];
}

/** The page of `GET /api/v1/places`. */
export const postcodesPage: ToolPage = {
  heading: "page.postcodes.heading",
  lead: "page.postcodes.lead",
  button: "page.postcodes.button",
  live: true,
  get fields(): readonly FieldSpec[] {
    return fields();
  },
  answer: (r, given) => {
    const places = list(r);
    const query = inScript(given.get("q") ?? str(r.query));
    const first = places[0];
    if (!first) return markup("page.postcodes.answer_none", { query });
    const how = obj(first.matched).how;
    const postcode = str(first.postcode);
    const name = html`<strong>${nameIn(first.name)}</strong>`;
    if (how === "old_code" && Number(first.score) >= 95) {
      return markup("page.postcodes.answer_old_code", {
        query,
        name,
        code: figureOf("postcode", postcode),
      });
    }
    if (how === "code" && Number(first.score) === 100) {
      return markup("page.postcodes.answer_code", { code: figureOf("postcode", postcode), name });
    }
    const count = figureOf("count", plain(places.length));
    if (postcode) {
      return markup("page.postcodes.answer_post", {
        count,
        query,
        name,
        code: figureOf("postcode", postcode),
      });
    }
    return markup("page.postcodes.answer_division", {
      count,
      query,
      name,
      kind: kindText(first),
      district: nameIn(obj(first.district).name),
    });
  },
  keyFigure: (r) => {
    const code = list(r)[0]?.postcode;
    return typeof code === "string" ? code : undefined;
  },
  breakdown: (r) => {
    const places = list(r);
    if (!places.length) return undefined;
    const office = exactCode(r);
    return html`
      ${office ? officeDetails(office) : ""}
      ${office && places.length === 1 ? "" : html`
        <h3 id="places-found">${t("page.postcodes.list")}</h3>
        <ul class="tool-list places" aria-labelledby="places-found">${places.map(placeItem)}</ul>
      `}
    `;
  },
  notes: [
    "page.postcodes.note_postal",
    "page.postcodes.note_translation",
    "page.postcodes.note_changed",
    "page.postcodes.note_sources",
  ],
  notesNameSources: true,
};
