import assert from "node:assert/strict";
import { runAdmin } from "../../server/admin.ts";
import { fixedClock, testApp } from "../_helpers/app.ts";
import { signUp, verifyEmail } from "../_helpers/accounts.ts";
import { loadConfig } from "../../server/config.ts";

Deno.test("admin editors add, list and remove manage the editor role", async () => {
  await using t = await testApp();
  const out: string[] = [];
  const err: string[] = [];
  const run = (...argv: string[]) =>
    runAdmin(argv, { kv: t.kv, clock: fixedClock(), out: (l) => out.push(l) }, (l) => err.push(l));
  assert.equal(await run("editors", "add", "nobody@example.com"), 2);
  assert.match(err.join("\n"), /No account with email "nobody@example.com"/);
  await signUp(t.request, "ed@example.com", "long enough password");
  assert.equal(await run("editors", "add", "ed@example.com"), 2, "the address is not confirmed");
  assert.match(err.join("\n"), /has not confirmed its email address yet/);
  await verifyEmail(t.request, t.mail, "ed@example.com", { password: "long enough password" });
  assert.equal(await run("editors", "add", "ed@example.com", "--name", "Ed Silva"), 0);
  assert.equal(await run("editors", "add", "ED@example.com"), 0, "email case is ignored");
  out.length = 0;
  assert.equal(await run("editors", "list"), 0);
  assert.deepEqual(out, ["ed@example.com\ted\t2026-06-15T10:00:00.000Z"]);
  assert.equal(await run("editors", "remove", "ed@example.com"), 0);
  out.length = 0;
  await run("editors", "list");
  assert.deepEqual(out, []);
});

Deno.test("NEWS_CATEGORIES sets the categories and refuses malformed lists", () => {
  assert.deepEqual(
    loadConfig({ NEWS_CATEGORIES: " Sports , Tech & AI,Local-news " }).newsCategories,
    [
      "Sports",
      "Tech & AI",
      "Local-news",
    ],
  );
  assert.equal(loadConfig({}).newsCategories[0], "Economy");
  for (const bad of ["Sports,sports", "<b>", ",,", "x".repeat(41)]) {
    assert.throws(() => loadConfig({ NEWS_CATEGORIES: bad }), /NEWS_CATEGORIES must be/, bad);
  }
});
