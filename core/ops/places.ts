/**
 * The places operations: `GET /postcodes/{code}`, `GET /places`, `GET /divisions` and
 * `GET /divisions/{id}`. One module, so that the SDK loads them, and their data, as one chunk
 * on the first call of any of them.
 *
 * @module
 */
import * as z from "zod/mini";
import { defineOperation, type Operation, type Provenance } from "../operation.ts";
import { anyString, integer, oneOf, text } from "../params.ts";
import { DIVISIONS_VERIFIED, PLACES_VERIFIED } from "../places/_data.ts";
import {
  type Division,
  divisionById,
  type DivisionKind,
  type DivisionsResult,
  findPlaces,
  type FindPlacesParams,
  listDivisions,
  type ListDivisionsParams,
  lookupPostcode,
  type PlacesResult,
  type PostcodeResult,
} from "../places/lookup.ts";
import { PLACE_KINDS, type PlaceKind } from "../places/search.ts";

export { divisionById, findPlaces, listDivisions, lookupPostcode };
export type {
  Area,
  Disagreement,
  DivisionSummary,
  Names,
  PlaceMatch,
  PostOffice,
  Translation,
} from "../places/lookup.ts";
export type {
  Division,
  DivisionKind,
  DivisionsResult,
  FindPlacesParams,
  ListDivisionsParams,
  PlaceKind,
  PlacesResult,
  PostcodeResult,
};

/** Parameters of {@linkcode postcode}. */
export interface PostcodeParams {
  /** Five digits. */
  code: string;
}

/** Parameters of {@linkcode places}. */
export interface PlacesParams extends FindPlacesParams {
  /** At most this many places (default 10). */
  limit: number;
}

/** Parameters of {@linkcode division}. */
export interface DivisionParams {
  /** `LK-1103` (DS division) or `LA-11-001` (local authority). */
  id: string;
}

/** The postcode data's source, for `meta.source_url`. */
const POSTCODE_SOURCE: Provenance = {
  sourceUrl: "https://github.com/g9p999/Sri-Lankan-All-Cities",
  lastVerified: PLACES_VERIFIED,
};

/** The divisions data's source. */
const DIVISION_SOURCE: Provenance = {
  sourceUrl: "https://github.com/nuuuwan/lk_admin_regions",
  lastVerified: DIVISIONS_VERIFIED,
};

const names = z.object({
  en: z.string(),
  si: z.nullable(z.string()).check(z.describe("Sinhala; null where no source gives it")),
  ta: z.nullable(z.string()).check(z.describe("Tamil; null where no source gives it")),
});

const area = z.object({
  code: z.string().check(z.describe("ISO 3166-2 code")),
  name: names,
});

const translation = z.enum(["community", "survey_department", "none"]).check(z.describe(
  "Whose the Sinhala and Tamil names are: community (madurapa's translations, confirmed by no official list), survey_department (HDX COD-AB boundaries data), none (no source gives them)",
));

const postOfficeSchema = z.object({
  code: z.string(),
  name: names,
  translation,
  variants: z.array(z.string()).check(z.describe("Other spellings of the name in the sources")),
  zone: z.nullable(names).check(z.describe("The Colombo zone (Colombo 1 to 15)")),
  area: z.nullable(names).check(z.describe("A Colombo zone's area name, where it differs")),
  localities: z.array(z.object({ name: names, source: z.string() })).check(z.describe(
    "Places an older list names for this code beside the office",
  )),
  officeType: z.nullable(z.enum(["post_office", "sub_post_office"])).check(z.describe(
    "P or S in the 2025 list; null when it does not say",
  )),
  postalDistrict: z.object({
    code: z.string(),
    name: names,
    kind: z.literal("postal"),
    postCode: z.nullable(z.string()).check(z.describe("Sri Lanka Post's district code, e.g. CO")),
  }).check(z.describe(
    "The district Sri Lanka Post files the office under: not always the administrative district",
  )),
  administrativeDistrict: z.nullable(z.object({
    code: z.string(),
    name: names,
    kind: z.literal("administrative"),
    basis: z.literal("coordinate"),
  })).check(z.describe(
    "Only where the data has evidence that the place lies in another district than its postal one (a source's district whose boundary holds the coordinate); null means not established",
  )),
  province: area,
  coordinates: z.nullable(z.object({
    lat: z.number(),
    lng: z.number(),
    quality: z.string().check(z.describe(
      "point, approximate_shared, suspect_outside_postal_district or outside_polygons; every coordinate is approximate",
    )),
  })),
  status: z.string().check(z.describe(
    "listed_2025 (in the 2025 Sri Lanka Post list), older_lists_only, single_source (unverified)",
  )),
  sources: z.array(z.string()),
  provenance: z.record(z.string(), z.string()).check(z.describe("The source of each field")),
  olderCodes: z.array(z.string()).check(z.describe("Codes the older lists give this office")),
  flags: z.array(z.string()).check(z.describe("What cleaning changed in a source's row")),
});

const disagreementSchema = z.object({
  kind: z.string(),
  code: z.string(),
  values: z.record(z.string(), z.string()).check(z.describe("What each source says")),
  resolution: z.string().check(z.describe("What the data keeps, and why")),
  sources: z.string(),
});

const postcodeResult: z.ZodMiniType<PostcodeResult> = z.object({
  query: z.string(),
  code: z.string().check(z.describe("The current code")),
  changed: z.boolean().check(z.describe("Whether the code asked for is an old one")),
  change: z.nullable(z.object({
    from: z.string(),
    to: z.string(),
    inferred: z.literal(true).check(z.describe(
      "That the 2025 code replaced the old one is inferred from the lists; mail may still carry the old code",
    )),
  })),
  offices: z.array(postOfficeSchema),
  formerlyHere: z.array(z.object({ place: z.string(), code: z.string(), sources: z.string() }))
    .check(z.describe("Places older lists filed under this code that now have another code")),
  disagreements: z.array(disagreementSchema).check(z.describe(
    "Where the sources disagree about this code; never decided silently",
  )),
});

const PLACE_HOWS = ["exact", "prefix", "spelling", "words", "typo", "code", "old_code"] as const;

const placesResult: z.ZodMiniType<PlacesResult> = z.object({
  query: z.string(),
  district: z.nullable(z.string()).check(z.describe("The district filter's ISO code")),
  kind: z.nullable(z.enum(PLACE_KINDS)),
  limit: z.int(),
  count: z.int(),
  places: z.array(z.object({
    kind: z.enum(PLACE_KINDS),
    id: z.string().check(z.describe(
      "The postcode (post offices, localities), DS division code or local authority id",
    )),
    name: names,
    translation,
    postcode: z.nullable(z.string()),
    officeType: z.nullable(z.enum(["post_office", "sub_post_office"])),
    servedBy: z.nullable(names).check(z.describe("A locality: the office whose code it has")),
    district: z.object({
      code: z.string(),
      name: names,
      kind: z.enum(["postal", "administrative"]),
    })
      .check(z.describe(
        "Post offices and localities: the postal district; divisions: the administrative district",
      )),
    administrativeDistrict: z.nullable(area),
    province: area,
    status: z.nullable(z.string()),
    matched: z.object({
      written: z.string().check(z.describe("The name that matched, as the data writes it")),
      lang: z.enum(["en", "si", "ta"]),
      field: z.enum(["name", "variant", "zone", "code"]),
      how: z.enum(PLACE_HOWS),
    }),
    score: z.int(),
    url: z.string(),
  })).check(z.describe("Best first")),
});

const divisionSummary = {
  kind: z.enum(["ds_division", "local_authority"]),
  id: z.string(),
  name: names,
  translation,
  type: z.nullable(z.enum(["MC", "UC", "PS"])),
  district: z.object({ code: z.string(), name: names, kind: z.literal("administrative") }),
  province: area,
};

const divisionsResult: z.ZodMiniType<DivisionsResult> = z.object({
  total: z.int(),
  limit: z.int(),
  offset: z.int(),
  kind: z.nullable(z.enum(["ds_division", "local_authority"])),
  district: z.nullable(z.string()),
  divisions: z.array(z.object(divisionSummary)),
});

const divisionResult: z.ZodMiniType<Division> = z.object({
  ...divisionSummary,
  query: z.string(),
  typeName: z.nullable(z.string()),
  variants: z.array(z.string()),
  areaSqKm: z.nullable(z.number()),
  centre: z.nullable(z.object({ lat: z.number(), lng: z.number() })),
  gndCount: z.int(),
  localAuthorities: z.array(z.object({ id: z.string(), name: names })),
  dsDivisions: z.array(z.object({ id: z.string(), name: names, gnds: z.int() })),
  lgCodes: z.array(z.string()),
  flags: z.array(z.string()),
  codeConflict: z.nullable(z.object({
    hdx: z.string(),
    dcs: z.string(),
    note: z.nullable(z.string()),
  })),
  sources: z.array(z.string()),
  provenance: z.record(z.string(), z.string()),
});

const districtParam = (description: string) =>
  z.optional(text({ maxLength: 40, description, example: "Colombo" }));

/** `GET /api/v1/postcodes/{code}`: the office or offices behind a postcode. */
export const postcode: Operation<PostcodeParams, PostcodeResult> = defineOperation({
  name: "postcode",
  method: "GET",
  path: "/postcodes/{code}",
  title: "Postcode",
  description:
    "The post office or offices behind a 5-digit postcode: names in English, Sinhala and Tamil, office type, postal district, province, coordinates and their quality, sources, and where the sources disagree. An old code answers with the code it changed to.",
  tag: "Places",
  params: z.object({
    code: anyString("a postcode of 5 digits").register(z.globalRegistry, {
      description: "Five digits, e.g. 00100 (Colombo 1) or 20000 (Kandy); old codes are accepted",
      examples: ["20000"],
    }),
  }),
  result: postcodeResult,
  example: "/api/v1/postcodes/20560",
  provenance: POSTCODE_SOURCE,
  errors: { "404": "No source lists the code" },
  run: (p) => lookupPostcode(p.code),
});

/** `GET /api/v1/places`: places by name or postcode. */
export const places: Operation<PlacesParams, PlacesResult> = defineOperation({
  name: "places",
  method: "GET",
  path: "/places",
  title: "Places search",
  description:
    "Post offices, localities, DS divisions and local authorities by name in English, Sinhala or Tamil (the start of a name, another spelling or a typing error will do) or by postcode; ranked, optionally of one district and kind.",
  tag: "Places",
  params: z.object({
    q: text({
      maxLength: 100,
      description:
        "A name or its start in any of the three scripts, or a postcode or its first digits; case, accents, zero-width joiners and common spelling variants are ignored",
      example: "Mullativu",
    }),
    district: districtParam(
      "Only places of this district (name in any language or ISO code): the postal district of post offices, the administrative district of divisions",
    ),
    kind: z.optional(oneOf(PLACE_KINDS, {
      description: "Only this kind: post_office, locality, ds_division or local_authority",
    })),
    limit: z._default(
      integer({ min: 1, max: 50, description: "At most this many places, 1 to 50 (default 10)" }),
      10,
    ),
  }),
  result: placesResult,
  example: "/api/v1/places?q=Mullativu",
  page: "postcodes",
  provenance: POSTCODE_SOURCE,
  run: (p, ctx) => findPlaces(p, ctx.baseUrl),
});

/** `GET /api/v1/divisions`: DS divisions and local authorities. */
export const divisions: Operation<ListDivisionsParams, DivisionsResult> = defineOperation({
  name: "divisions",
  method: "GET",
  path: "/divisions",
  title: "DS divisions and local authorities",
  description:
    "The 339 Divisional Secretariat divisions (names in English, Sinhala and Tamil) and 341 local authorities (English names only) with their district and province; optionally of one kind and district.",
  tag: "Places",
  params: z.object({
    kind: z.optional(oneOf(["ds_division", "local_authority"] as const, {
      description: "ds_division or local_authority (default both)",
    })),
    district: districtParam("Only those of this district (name in any language or ISO code)"),
    limit: z._default(
      integer({ min: 1, max: 1000, description: "Page size, 1 to 1000 (default 100)" }),
      100,
    ),
    offset: z._default(integer({ min: 0, max: 100000, description: "Skip (default 0)" }), 0),
  }),
  result: divisionsResult,
  example: "/api/v1/divisions?district=Colombo",
  provenance: DIVISION_SOURCE,
  run: (p) => listDivisions(p),
});

/** `GET /api/v1/divisions/{id}`: one DS division or local authority. */
export const division: Operation<DivisionParams, Division> = defineOperation({
  name: "division",
  method: "GET",
  path: "/divisions/{id}",
  title: "DS division or local authority",
  description:
    "One Divisional Secretariat division (by its census code, e.g. LK-1103) or local authority (e.g. LA-11-001) with its district, province, names in three languages where they exist, and its links to the other.",
  tag: "Places",
  params: z.object({
    id: anyString("a DS division code or a local authority id").register(z.globalRegistry, {
      description:
        "LK- and 4 digits (DS division) or LA-, 2 digits, - and 3 digits (local authority)",
      examples: ["LK-1103"],
    }),
  }),
  result: divisionResult,
  example: "/api/v1/divisions/LK-1103",
  provenance: DIVISION_SOURCE,
  errors: { "404": "No division by that id" },
  run: (p) => divisionById(p.id),
});
