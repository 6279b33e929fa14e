/**
 * `deno run --allow-read --allow-write=data scripts/import_places.ts <research folder>`: writes
 * `data/places.json` (postcodes, post offices, the codes that changed, the logged conflicts) and
 * `data/divisions.json` (Divisional Secretariat divisions and local authorities) from the research
 * files `places.json` and `places-admin.json`, which were built from repository snapshots on
 * 2026-11-28 (their sources, licences and cleaning: `docs/places.md`).
 *
 * What it changes is the shape, never a fact: keys in the project's camelCase, districts by
 * their ISO 3166-2 code (the names come from `data/districts.json`), Colombo's zones by number,
 * empty fields left out. Every record keeps its sources and the source of each field. Nothing
 * comes from the ODbL list (dr5hn), which the research did not use either.
 *
 * @module
 */

// deno-lint-ignore no-explicit-any
type Json = any;

const ROOT = new URL("../", import.meta.url);

/** The research district names as ISO codes, from the project's districts. */
async function districtCodes(): Promise<Map<string, string>> {
  const districts = JSON.parse(await Deno.readTextFile(new URL("data/districts.json", ROOT)));
  return new Map(districts.districts.map((d: Json) => [d.name, d.code]));
}

/** A copy without the keys whose value is null, undefined or an empty list. */
function compact<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(record).filter(([, v]) =>
      v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0)
    ),
  ) as Partial<T>;
}

const PROVENANCE_KEYS: Record<string, string> = {
  name_en: "name",
  name_si: "nameSi",
  name_ta: "nameTa",
  office_type: "office",
  district: "district",
  coords: "coords",
};

/**
 * The source of each field, written `source: field field; source: field` (for example
 * `g9p999: name office district; madurapa: nameSi nameTa coords`), sources in the order their
 * first field has in {@linkcode PROVENANCE_KEYS}.
 */
function patternOf(provenance: Record<string, string>): string {
  const bySource = new Map<string, string[]>();
  for (const field of Object.values(PROVENANCE_KEYS)) {
    const source = provenance[field];
    if (source === undefined) continue;
    bySource.set(source, [...(bySource.get(source) ?? []), field]);
  }
  return [...bySource].map(([source, fields]) => `${source}: ${fields.join(" ")}`).join("; ");
}

function postcodeRecord(p: Json, iso: Map<string, string>): Json {
  const district = iso.get(p.district);
  if (!district || district !== p.district_iso) {
    throw new Error(`Postcode ${p.postcode}: district ${p.district} is not ${p.district_iso}`);
  }
  const zone = typeof p.zone_en === "string"
    ? Number(/^Colombo (\d+)$/.exec(p.zone_en)?.[1])
    : null;
  if (zone !== null && !(zone >= 1 && zone <= 15)) throw new Error(`Zone of ${p.postcode}`);
  const provenance = Object.fromEntries(
    Object.entries(p.provenance as Record<string, string>).map(([k, v]) => {
      if (!PROVENANCE_KEYS[k]) throw new Error(`Provenance key ${k} of ${p.postcode}`);
      return [PROVENANCE_KEYS[k], v];
    }),
  );
  const hint = p.admin_district_hint ? iso.get(p.admin_district_hint) : null;
  if (p.admin_district_hint && !hint) throw new Error(`Hint of ${p.postcode}`);
  return compact({
    code: p.postcode,
    name: p.name_en,
    nameSi: p.name_si,
    nameTa: p.name_ta,
    variants: p.name_variants,
    localities: (p.localities ?? []).map((l: Json) =>
      compact({ name: l.name_en, nameSi: l.name_si, nameTa: l.name_ta, source: l.source })
    ),
    zone,
    area: p.area_en !== undefined && p.area_en !== p.name_en ? p.area_en : null,
    areaSi: p.area_en !== undefined && p.area_en !== p.name_en ? p.area_si : null,
    areaTa: p.area_en !== undefined && p.area_en !== p.name_en ? p.area_ta : null,
    office: p.office_type === "post_office"
      ? "P"
      : p.office_type === "sub_post_office"
      ? "S"
      : null,
    postalDistrictCode: p.postal_district_code,
    district,
    adminDistrictHint: hint,
    lat: p.lat,
    lng: p.lng,
    coordQuality: p.coord_quality === "point" ? null : p.coord_quality,
    status: p.status === "listed_2025" ? null : p.status,
    sources: p.sources,
    provenance: patternOf(provenance),
    olderCodes: p.other_codes_in_older_lists,
    flags: p.flags,
  });
}

function conflictRecord(c: Json): Json {
  return compact({
    code: c.postcode,
    kind: c.kind,
    detail: c.detail,
    resolution: c.resolution,
    sources: c.sources,
  });
}

function buildPlaces(research: Json, iso: Map<string, string>): Json {
  const meta = research.meta;
  const written = research.postcodes.map((p: Json) => postcodeRecord(p, iso));
  // Each record's provenance is one of a few patterns: listed once, named by an id in records.
  const counts = new Map<string, number>();
  for (const p of written) counts.set(p.provenance, (counts.get(p.provenance) ?? 0) + 1);
  const order = [...counts].sort((a, b) => b[1] - a[1]).map(([pattern]) => pattern);
  const ids = new Map(order.map((pattern, i) => [pattern, `p${i + 1}`]));
  const postcodes = written.map((p: Json) => ({ ...p, provenance: ids.get(p.provenance) }));
  const codes = new Set(postcodes.map((p: Json) => p.code));
  for (const [from, to] of Object.entries(research.alias_codes as Record<string, string>)) {
    if (!codes.has(to)) throw new Error(`Alias ${from} leads to ${to}, which has no record`);
  }
  return {
    title:
      "Postcodes and post offices of Sri Lanka, with the codes that changed and the conflicts " +
      "between the sources",
    lastVerified: meta.built,
    sources: {
      ...Object.fromEntries(
        ["g9p999", "madurapa", "slwdc"].map((id) => [id, {
          ...meta.sources[id],
          url: `https://github.com/${meta.sources[id].repo}`,
        }]),
      ),
    },
    notUsed: meta.sources.not_used,
    officialReferences: meta.official_references,
    fieldNotes: {
      name:
        "English name: the 2025 Sri Lanka Post list as transcribed by g9p999 where the code is in it, else slwdc, else madurapa (provenance.name)",
      "nameSi/nameTa": meta.field_notes["name_si/name_ta"],
      district: "ISO 3166-2 code of the POSTAL district: " + meta.field_notes.district,
      adminDistrictHint: meta.field_notes.admin_district_hint_rule,
      status: meta.field_notes.status,
      coordQuality: meta.field_notes.coord_quality,
      olderCodes: meta.field_notes.other_codes_in_older_lists,
      zone: "Colombo postal zone (Colombo 1 to 15)",
      "area/areaSi/areaTa":
        "the area name of a Colombo zone, where it differs from the office name",
      provenance:
        "the source of each field of the record, written 'source: field field; source: field' (office: P post office, S sub post office, as in the Post Code Directory)",
      conflicts: "every disagreement between the sources logged while cleaning, with what was kept",
      aliases:
        "codes of the older lists (slwdc 2019, madurapa) that the 2025 list gives another code; the direction of the change is inferred",
    },
    counts: {
      postcodes: postcodes.length,
      listed2025: postcodes.filter((p: Json) => p.status === undefined).length,
      withSinhalaAndTamil: postcodes.filter((p: Json) => p.nameSi && p.nameTa).length,
      aliases: Object.keys(research.alias_codes).length,
      conflicts: research.conflicts.length,
    },
    crossCheck: meta.cross_check,
    provenancePatterns: Object.fromEntries([...ids].map(([pattern, id]) => [id, pattern])),
    aliases: research.alias_codes,
    postcodes,
    conflicts: research.conflicts.map(conflictRecord),
  };
}

/** The HDX code a DCS-list code stands for, from the research's code conflicts. */
function dsdCodeAliases(admin: Json): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const c of admin.meta.dsd_code_conflicts) {
    const hdx = /^LK-\d{4}/.exec(c.hdx)?.[0];
    const dcs = /^LK-\d{4}/.exec(c.dcs_gnd_list)?.[0];
    if (hdx && dcs && hdx !== dcs) aliases[dcs] = hdx;
  }
  return aliases;
}

function buildDivisions(admin: Json, iso: Map<string, string>): Json {
  const meta = admin.meta;
  const check = (name: string, code: string, what: string) => {
    if (iso.get(name) !== code) throw new Error(`${what}: district ${name} is not ${code}`);
    return code;
  };
  const dsds = admin.dsds.map((d: Json) =>
    compact({
      id: d.dcs_code,
      name: d.name_en,
      nameSi: d.name_si,
      nameTa: d.name_ta,
      district: check(d.district, d.district_iso, d.dcs_code),
      areaSqKm: d.area_sqkm,
      centre: d.center,
      gndCount: d.gnd_count_dcs_list,
    })
  );
  const aliases = dsdCodeAliases(admin);
  const ids = new Set(dsds.map((d: Json) => d.id));
  const dsdName = (code: string) => dsds.find((d: Json) => d.id === (aliases[code] ?? code))?.name;
  for (const [from, to] of Object.entries(aliases)) {
    if (ids.has(from) || !ids.has(to)) throw new Error(`DSD alias ${from} -> ${to}`);
  }
  const localAuthorities = admin.local_authorities.map((l: Json) =>
    compact({
      id: l.id,
      name: l.name_en,
      variants: l.name_variants,
      type: l.type,
      district: check(l.district, l.district_iso, l.id),
      // The division's name only where the census list spells it otherwise than HDX.
      dsds: l.dsds.map((d: Json) =>
        compact({
          id: d.dcs_code,
          name: d.name_en === dsdName(d.dcs_code) ? null : d.name_en,
          gnds: d.gnds,
        })
      ),
      gndCount: l.gnd_count,
      lgCodes: l.dcs_lg_codes,
      flags: l.flags,
    })
  );
  for (const l of localAuthorities) {
    for (const d of l.dsds) {
      if (!ids.has(d.id) && !aliases[d.id]) throw new Error(`${l.id}: DSD ${d.id} unknown`);
    }
  }
  return {
    title: "Divisional Secretariat divisions and local authorities of Sri Lanka",
    lastVerified: "2026-11-28",
    sources: {
      hdx_cod_ab: { ...meta.sources.dsds, url: "https://github.com/nuuuwan/lk_admin_regions" },
      dcs_gnd_list: meta.sources.local_authorities,
    },
    fieldSources: {
      dsds:
        "id, name, nameSi, nameTa, district, areaSqKm, centre: hdx_cod_ab; gndCount: dcs_gnd_list (0 where the list files the division under another code, see dsdCodeConflicts)",
      localAuthorities:
        "every field: dcs_gnd_list (LGD_Name and LGD_Code of each GN division, combined labels split, duplicate spellings merged); English only: no Sinhala or Tamil names were found",
    },
    notes: meta.notes,
    counts: meta.counts,
    dsdCodeConflicts: meta.dsd_code_conflicts,
    dsdCodeAliases: aliases,
    dsds,
    localAuthorities,
  };
}

async function main(args: string[]): Promise<number> {
  if (args.length !== 1) {
    console.error("Usage: deno run -R -W=data scripts/import_places.ts <research folder>");
    return 2;
  }
  const dir = args[0]!.replace(/\/?$/, "/");
  const research = JSON.parse(await Deno.readTextFile(`${dir}places.json`));
  const admin = JSON.parse(await Deno.readTextFile(`${dir}places-admin.json`));
  const iso = await districtCodes();
  const places = buildPlaces(research, iso);
  const divisions = buildDivisions(admin, iso);
  await Deno.writeTextFile(
    new URL("data/places.json", ROOT),
    JSON.stringify(places, null, 2) + "\n",
  );
  await Deno.writeTextFile(
    new URL("data/divisions.json", ROOT),
    JSON.stringify(divisions, null, 2) + "\n",
  );
  console.log(
    `Wrote ${places.postcodes.length} postcodes, ${
      Object.keys(places.aliases).length
    } aliases, ${places.conflicts.length} conflicts; ${divisions.dsds.length} DS divisions, ${divisions.localAuthorities.length} local authorities`,
  );
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
