// moduleResolution node10 (the old "node"): types found through `types` and `typesVersions`.
import { computeVat } from "@lanka/api/calc";
import { countWorkingDays } from "@lanka/api/holidays";
export const n: number = computeVat({ amount: 1000, rate: 18, mode: "add" }).total +
  countWorkingDays({ from: "2026-01-01", to: "2026-01-02" }).workingDays;
