/**
 * `deno task data:phone-metadata <PhoneNumberMetadata.xml>`: Sri Lanka's phone number metadata
 * alone, made with libphonenumber-js's own tooling (`libphonenumber-metadata-generator`, the tool
 * its README names for custom metadata: `generate(xml, { countries: ["LK"],
 * withPhoneNumberTypes: true })`, then `minify()`), for `libphonenumber-js/core`, which takes
 * custom metadata. The whole metadata (`libphonenumber-js/max`) is about 53 KB gzipped for 245
 * territories; Sri Lanka's is 351 bytes.
 *
 * Give it Google libphonenumber's `resources/PhoneNumberMetadata.xml` of the release the pinned
 * libphonenumber-js was made from (1.13.16: v9.0.35). It writes:
 * - `data/phone_metadata_lk.xml`: the source, the territory LK of that file, as it is there;
 * - `data/phone_metadata.json`: the generated metadata (from that excerpt) with its provenance,
 *   and the country calling codes of every territory (to name the code of a foreign number).
 *
 * `tests/core/phone_metadata_test.ts` regenerates the metadata from the excerpt, and checks it
 * against the Sri Lanka part of the pinned libphonenumber-js's own metadata.
 *
 * @module
 */
import { generate, minify, version } from "libphonenumber-metadata-generator";

const ROOT = new URL("../", import.meta.url);

/** The release of Google libphonenumber the pinned libphonenumber-js (1.13.16) was made from. */
export const RELEASE = "v9.0.35";
/** The version of libphonenumber-js whose `core` the metadata is for. */
export const LIBPHONENUMBER_JS = "1.13.16";
/** The generator, as pinned in deno.json. */
export const GENERATOR = "libphonenumber-metadata-generator 2.0.6";

/** The territory LK of a PhoneNumberMetadata.xml, wrapped in its root elements. */
export function territoryExcerpt(xml: string): string {
  const start = xml.indexOf('<territory id="LK"');
  const end = xml.indexOf("</territory>", start);
  if (start === -1 || end === -1) throw new Error("No territory LK in the XML");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- Google libphonenumber ${RELEASE}, resources/PhoneNumberMetadata.xml: the territory LK`,
    "     as it is there (Apache License 2.0, Copyright (C) 2009 The Libphonenumber Authors).",
    "     Written by scripts/phone_metadata.ts; data/phone_metadata.json is generated from it. -->",
    "<phoneNumberMetadata>",
    "  <territories>",
    `    ${xml.slice(start, end + "</territory>".length)}`,
    "  </territories>",
    "</phoneNumberMetadata>",
    "",
  ].join("\n");
}

/** The country calling codes of every territory of a PhoneNumberMetadata.xml, ascending. */
export function callingCodes(xml: string): string[] {
  const codes = new Set<string>();
  for (const match of xml.matchAll(/<territory\s[^>]*countryCode="(\d+)"/g)) codes.add(match[1]!);
  return [...codes].sort((a, b) => Number(a) - Number(b));
}

/**
 * Sri Lanka's metadata, minified as libphonenumber-js ships it, from XML holding territory LK.
 *
 * @param xml PhoneNumberMetadata.xml, or the excerpt.
 * @returns The metadata for `libphonenumber-js/core`.
 */
export async function lkMetadata(xml: string): Promise<unknown> {
  return minify(await generate(xml, { countries: ["LK"], withPhoneNumberTypes: true }));
}

if (import.meta.main) {
  const path = Deno.args[0];
  if (!path) {
    console.error("Usage: deno task data:phone-metadata <PhoneNumberMetadata.xml>");
    Deno.exit(2);
  }
  const xml = await Deno.readTextFile(path);
  const excerpt = territoryExcerpt(xml);
  const metadata = await lkMetadata(excerpt);
  // The excerpt gives what the whole file gives for LK.
  if (JSON.stringify(await lkMetadata(xml)) !== JSON.stringify(metadata)) {
    throw new Error("The excerpt's metadata differs from the whole file's");
  }
  const today = new Date().toISOString().slice(0, 10);
  const data = {
    source:
      `Google libphonenumber ${RELEASE}, resources/PhoneNumberMetadata.xml (territory LK, excerpt in data/phone_metadata_lk.xml), generated with ${GENERATOR} (metadata format ${version}: countries LK, with phone number types, minified) for libphonenumber-js ${LIBPHONENUMBER_JS} (core); callingCodes: the countryCode of every territory of the same file`,
    sourceUrl:
      `https://github.com/google/libphonenumber/blob/${RELEASE}/resources/PhoneNumberMetadata.xml`,
    lastVerified: today,
    release: RELEASE,
    callingCodes: callingCodes(xml),
    metadata,
  };
  await Deno.writeTextFile(new URL("data/phone_metadata_lk.xml", ROOT), excerpt);
  await Deno.writeTextFile(
    new URL("data/phone_metadata.json", ROOT),
    JSON.stringify(data, null, 2) + "\n",
  );
  console.log(`data/phone_metadata.json: ${data.callingCodes.length} calling codes, LK metadata`);
}
