/**
 * The catalogue by area (issue 30): `core/messages/<lang>/<area>.json` are generated from the one
 * source translators edit, `data/messages/{en,si,ta}.json` (`deno task messages:split`); the
 * loader table names a file for every language and area, each file exists and holds exactly its
 * area's keys; and the core asks for the area a key needs, by name.
 */
import assert from "node:assert/strict";
import { EN, SI } from "../_helpers/catalogue.ts";
import { MESSAGE_FILES } from "../../core/_message_files.ts";
import {
  findTemplate,
  hasMessages,
  LANGS,
  loadMessages,
  maybeMessage,
  message,
  MESSAGE_AREAS,
  messageArea,
  MessagesNotLoadedError,
  translate,
  unregisterMessages,
} from "../../core/i18n.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";
import { AREA_DIR, areaFiles } from "../../scripts/split_messages.ts";

Deno.test("the files of each area are up to date with data/messages (else: deno task messages:split)", async () => {
  const expected = await areaFiles();
  const onDisk = new Set<string>();
  for (const lang of LANGS) {
    for await (const entry of Deno.readDir(new URL(`${lang}/`, AREA_DIR))) {
      onDisk.add(`${lang}/${entry.name}`);
    }
  }
  assert.deepEqual(
    [...onDisk].sort(),
    [...expected.keys()].sort(),
    "core/messages holds one file per language and area: run deno task messages:split",
  );
  for (const [path, text] of expected) {
    assert.ok(
      (await Deno.readTextFile(new URL(path, AREA_DIR))) === text,
      `core/messages/${path} is out of date with data/messages: run deno task messages:split`,
    );
  }
});

Deno.test("every language and area has a loader, whose file holds that area's keys, all of them", async () => {
  const english = Object.keys(EN.messages);
  for (const lang of LANGS) {
    assert.deepEqual(Object.keys(MESSAGE_FILES[lang]).sort(), [...MESSAGE_AREAS].sort(), lang);
    const seen: string[] = [];
    for (const area of MESSAGE_AREAS) {
      const file = (await MESSAGE_FILES[lang][area]()).default;
      const keys = Object.keys(file.messages);
      assert.ok(keys.length > 0, `${lang}/${area} is empty`);
      for (const key of keys) assert.equal(messageArea(key), area, `${lang}/${area}: ${key}`);
      seen.push(...keys);
    }
    assert.deepEqual(seen.sort(), [...english].sort(), `${lang}: the areas together`);
  }
});

Deno.test("a key whose area is not registered asks for that area by name, then answers", async () => {
  unregisterMessages();
  const missing = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      assert.ok(error instanceof MessagesNotLoadedError);
      return `${error.lang}/${error.area}`;
    }
    return "answered";
  };
  assert.equal(missing(() => message("si", "calendar.weekday.monday")), "si/calendar");
  assert.equal(missing(() => message("en", "calendar.weekday.monday")), "en/calendar");
  assert.equal(missing(() => maybeMessage("ta", "value.payment.rent")), "ta/tax");
  assert.equal(missing(() => maybeMessage("si", "page.keywords.paye")), "si/tool");
  // translate() matches the English templates first, and asks for the area in its language,
  // whose loading brings the English with it; findTemplate() asks for the English.
  assert.equal(missing(() => translate("si", "Any text", "nic.reason.")), "si/nic");
  assert.equal(missing(() => findTemplate("Any text", "nic.reason.")), "en/nic");
  assert.equal(missing(() => findTemplate("Any text", "error.")), "en/pages");

  await loadMessages("si", "calendar");
  assert.ok(hasMessages("si", "calendar") && hasMessages("en", "calendar"));
  assert.ok(!hasMessages("si", "pages") && !hasMessages("ta", "calendar") && !hasMessages("si"));
  assert.equal(
    message("si", "calendar.weekday.monday"),
    SI.messages["calendar.weekday.monday"].text,
  );
  assert.equal(maybeMessage("si", "calendar.no.such.key"), undefined);
  assert.equal(missing(() => message("si", "nic.reason.length")), "si/nic");
  // "error." reaches the calendar's errors and the pages': both must be there in English.
  assert.equal(missing(() => findTemplate("Any text", "error.")), "en/pages");

  await loadMessages("ta");
  assert.ok(hasMessages("ta") && hasMessages("en") && !hasMessages("si"));
  registerAllMessages();
  assert.ok(LANGS.every((lang) => hasMessages(lang)));
  assert.equal(message("si", "no.such.key"), "no.such.key");
  assert.equal(maybeMessage("ta", "nic.no.such.key"), undefined);
});
