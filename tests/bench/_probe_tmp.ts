import { computePaye, createClient } from "../../mod.ts";
import { parseParams } from "../../core/execute.ts";
import { paye } from "../../core/ops/paye.ts";
import { toEntries } from "../../sdk/_request.ts";
const params = { monthly: 250000, date: "2026-01-01" };
const local = createClient({ mode: "local" });
const ctx = { today: "2026-06-15", baseUrl: "http://x" };
const entries = toEntries(params);
const parsed = parseParams(paye, entries);
const fns: Record<string, () => unknown> = {
  pure: () => computePaye({ monthly: 250000, date: "2026-01-01" }),
  toEntries: () => toEntries(params),
  parse: () => parseParams(paye, entries),
  run: () => paye.run!(parsed, ctx),
  sync: () => local.paye(params),
};
for (let w = 0; w < 3; w++) for (const f of Object.values(fns)) for (let i = 0; i < 20000; i++) f();
const res: Record<string, number[]> = {};
for (let s = 0; s < 30; s++) {
  for (const [k, f] of Object.entries(fns)) {
    const t = performance.now();
    for (let i = 0; i < 5000; i++) f();
    (res[k] ??= []).push((performance.now() - t) * 1000 / 5000);
  }
  const t = performance.now();
  for (let i = 0; i < 5000; i++) await local.paye(params);
  (res.awaited ??= []).push((performance.now() - t) * 1000 / 5000);
}
for (const [k, v] of Object.entries(res)) console.log(k, v.sort((a, b) => a - b)[15]!.toFixed(3));
console.log(Deno.loadavg()[0]);
