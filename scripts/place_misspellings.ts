/**
 * `deno run -R -W=tests/fixtures scripts/place_misspellings.ts <research folder>`: collects the
 * real misspellings of place names that the sources themselves record, into
 * `tests/fixtures/place_misspellings.json`, for the recall test of the places search
 * (`tests/core/places_search_test.ts`). Each entry is a spelling one source uses for a place that
 * the data names otherwise, the place it means, and where the pair comes from:
 *
 * - `name_variants`: spellings the three postcode lists give one code (places.json);
 * - `older_code_lists`: the name the 2019 and community lists file under a code the 2025 list
 *   changed (places.json conflicts, `code_differs_between_sources`);
 * - `cross_check_sample`: the names of the 30-code sample in the older lists (places.json);
 * - `census_list`: local authorities' other spellings, and DS divisions as the census list spells
 *   them beside the HDX names (places-admin.json);
 * - `district_names`: the project's own district names and their recorded aliases in Sinhala, Tamil
 *   and English (data/districts.json), for the post office of the district's namesake town;
 * - `research_second_pass`: the Sinhala spellings of Vavuniya and Trincomalee that places.md
 *   found elsewhere (Wikipedia).
 *
 * A pair whose spelling only differs in case is left out: it is no misspelling.
 *
 * @module
 */

// deno-lint-ignore no-explicit-any
type Json = any;

interface Misspelling {
  written: string;
  kind: "post_office" | "ds_division" | "local_authority";
  id: string;
  source: string;
}

const ROOT = new URL("../", import.meta.url);

async function main(dir: string): Promise<void> {
  const research = JSON.parse(await Deno.readTextFile(`${dir}/places.json`));
  const admin = JSON.parse(await Deno.readTextFile(`${dir}/places-admin.json`));
  const districts = JSON.parse(await Deno.readTextFile(new URL("data/districts.json", ROOT)));
  const byCode = new Map<string, Json>(research.postcodes.map((p: Json) => [p.postcode, p]));
  const out: Misspelling[] = [];
  const seen = new Set<string>();
  const add = (m: Misspelling, canonical: (string | null | undefined)[]) => {
    const w = (m.written ?? "").trim();
    if (!w || canonical.some((c) => c && c.toLowerCase() === w.toLowerCase())) return;
    const key = `${w.toLowerCase()}|${m.kind}|${m.id}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ ...m, written: w });
  };
  const names = (p: Json) => [p.name_en, p.name_si, p.name_ta];
  for (const p of research.postcodes) {
    for (const v of p.name_variants ?? []) {
      add({ written: v, kind: "post_office", id: p.postcode, source: "name_variants" }, names(p));
    }
  }
  for (const c of research.conflicts) {
    if (c.kind !== "code_differs_between_sources") continue;
    const target = byCode.get(c.detail.code_in_g9p999);
    if (!target) continue;
    add(
      {
        written: c.detail.place,
        kind: "post_office",
        id: target.postcode,
        source: "older_code_lists",
      },
      names(target),
    );
  }
  for (const s of research.cross_check_sample) {
    const target = byCode.get(s.postcode)!;
    for (const list of ["slwdc", "madurapa"]) {
      for (const row of s[list] ?? []) {
        add(
          { written: row.name, kind: "post_office", id: s.postcode, source: "cross_check_sample" },
          names(target),
        );
      }
    }
  }
  const dsds = new Map<string, Json>(admin.dsds.map((d: Json) => [d.dcs_code, d]));
  const aliases: Record<string, string> = {};
  for (const c of admin.meta.dsd_code_conflicts) {
    const hdx = /^LK-\d{4}/.exec(c.hdx)?.[0];
    const dcs = /^LK-\d{4}/.exec(c.dcs_gnd_list)?.[0];
    if (hdx && dcs) aliases[dcs] = hdx;
  }
  for (const l of admin.local_authorities) {
    for (const v of l.name_variants ?? []) {
      add({ written: v, kind: "local_authority", id: l.id, source: "census_list" }, [l.name_en]);
    }
    for (const d of l.dsds) {
      const dsd = dsds.get(aliases[d.dcs_code] ?? d.dcs_code);
      if (!dsd) continue;
      add(
        { written: d.name_en, kind: "ds_division", id: dsd.dcs_code, source: "census_list" },
        [dsd.name_en, dsd.name_si, dsd.name_ta],
      );
    }
  }
  for (const d of districts.districts) {
    const office = research.postcodes.find((p: Json) =>
      p.name_en === d.name && p.status === "listed_2025"
    );
    if (!office) continue;
    const spellings = [
      d.nameSinhala,
      d.nameTamil,
      ...(d.aliases ?? []),
      ...(d.aliasesSinhala ?? []),
      ...(d.aliasesTamil ?? []),
    ];
    for (const s of spellings) {
      add(
        { written: s, kind: "post_office", id: office.postcode, source: "district_names" },
        [...names(office), ...(office.name_variants ?? [])],
      );
    }
  }
  // places.md, "Conflicts found in a second pass": Wikipedia's spellings.
  for (const [written, code] of [["වවුනියාව", "43000"], ["ත්‍රිකුණාමලය", "31000"]] as const) {
    add(
      { written, kind: "post_office", id: code, source: "research_second_pass" },
      names(byCode.get(code)),
    );
  }
  const file = {
    note:
      "Real misspellings of place names recorded by the sources themselves, for the recall test of the places search; generated by scripts/place_misspellings.ts from the research files places.json and places-admin.json (built 2026-11-28) and data/districts.json. Each entry: the spelling, the place it means, and which list of the sources it comes from.",
    count: out.length,
    misspellings: out,
  };
  await Deno.writeTextFile(
    new URL("tests/fixtures/place_misspellings.json", ROOT),
    JSON.stringify(file, null, 2) + "\n",
  );
  const by = Object.groupBy(out, (m) => m.source);
  console.log(
    `${out.length} misspellings: ${
      Object.entries(by).map(([k, v]) => `${k} ${v!.length}`).join(", ")
    }`,
  );
}

if (import.meta.main) await main(Deno.args[0] ?? "../shared/research");
