/**
 * The A/L subject combination check (`/education/al-combination`): the stream of three subjects
 * without marks, from the rules `data/al_subjects.json` holds with their sources. Only the
 * Biological Science rule is held with high confidence; every other answer says its rule was not
 * verified. Golden combinations are the streams' own rules as their sources state them.
 */
import assert from "node:assert/strict";
import { isApiError } from "../../core/errors.ts";
import { execute } from "../../core/execute.ts";
import { alCombination, checkCombination } from "../../core/ops/al_combination.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";

registerAllMessages();

const CTX = { today: "2026-06-15", baseUrl: "https://lanka.test" };

Deno.test("Biology, Chemistry and Physics make the Biological Science stream, a verified rule", () => {
  // learner.net (Advanced Science Studies): Biology + Chemistry + (Physics or Agricultural
  // Science); induwara.lk's validator shows Biology + Chemistry + Physics as Biological Science.
  const r = checkCombination("biology,chemistry,physics");
  assert.equal(r.stream.id, "bio");
  assert.equal(r.stream.permitted, true);
  assert.equal(r.verified, true);
  assert.deepEqual(r.subjects.map((s) => s.code), ["09", "02", "01"]);
});

Deno.test("subjects may be given by Department of Examinations code, in any order", () => {
  // Combined Mathematics (10) + Physics (01) + Chemistry (02): Physical Science (learner.net).
  const r = checkCombination("02, 10, 01");
  assert.equal(r.stream.id, "phys");
  assert.equal(r.verified, false, "the Physical Science rule is held with medium confidence");
});

Deno.test("Commerce, Arts and Technology answers say their rule was not verified", () => {
  for (
    const [subjects, id] of [
      ["business-studies,accounting,economics", "com"],
      ["sinhala,history,geography", "arts"],
      ["engineering-technology,science-for-technology,ict", "et"],
    ]
  ) {
    const r = checkCombination(subjects!);
    assert.equal(r.stream.id, id);
    assert.equal(r.verified, false, subjects);
    assert.match(r.note, /not verified/, subjects);
  }
});

Deno.test("three subjects that fit no stream rule are Other, not permitted", () => {
  // Biology + Combined Mathematics fit neither the Biological nor the Physical Science rule.
  const r = checkCombination("biology,combined-maths,economics");
  assert.equal(r.stream.id, "other");
  assert.equal(r.stream.permitted, false);
});

Deno.test("the answer's names and note are in Sinhala and Tamil on request", () => {
  const si = execute(
    alCombination,
    [["subjects", "biology,chemistry,physics"], ["lang", "si"]],
    CTX,
  );
  const ta = execute(
    alCombination,
    [["subjects", "biology,chemistry,physics"], ["lang", "ta"]],
    CTX,
  );
  assert.doesNotMatch(JSON.stringify([si.stream.name, si.note]), /[A-Za-z]{3}/);
  assert.doesNotMatch(JSON.stringify([ta.stream.name, ta.note]), /[A-Za-z]{3}/);
});

Deno.test("two subjects, an unknown one or one named twice is a 400 naming subjects", () => {
  for (
    const raw of ["biology,chemistry", "biology,chemistry,astrology", "biology,biology,physics"]
  ) {
    assert.throws(
      () => execute(alCombination, [["subjects", raw]], CTX),
      (e) => isApiError(e) && e.status === 400 && e.details?.[0]?.param === "subjects",
      raw,
    );
  }
});
