/**
 * A rule's yes/no input that is yes when left out (the hotel bill's service charge and VAT) is
 * asked on its page as two choices, so that the form can answer no: an unticked checkbox sends
 * nothing, and the default would come back.
 */
import assert from "node:assert/strict";
import { testApp } from "../_helpers/app.ts";

Deno.test("the hotel bill page can leave out the service charge and shows the default chosen", async () => {
  await using t = await testApp();
  const read = async (path: string) => {
    const res = await t.request(path, { headers: { Accept: "text/html" } });
    assert.equal(res.status, 200, path);
    return await res.text();
  };
  // First principles: 1,000 + 18% VAT = 1,180 without the service charge (VAT from 2024-01-01).
  const no = await read("/tools/hotel-bill?amount=1000&serviceCharge=0&date=2026-06-01");
  assert.match(no, /LKR\s1,180\.00/);
  assert.match(no, /name="serviceCharge" value="0"\s*checked/);
  assert.doesNotMatch(no, /type="checkbox"[^>]*name="serviceCharge"/);
  // Left out, the answer has it (1,000 + 100 + 18% of 1,100 = 1,298), and the form says yes.
  const yes = await read("/tools/hotel-bill?amount=1000&date=2026-06-01");
  assert.match(yes, /LKR\s1,298\.00/);
  assert.match(yes, /name="serviceCharge" value="1"\s*checked/);
});
