import { createClient } from "../../mod.ts";
const params = { monthly: 250000, date: "2026-01-01" };
const local = createClient({ mode: "local" });
for (let i = 0; i < 300000; i++) local.paye(params);
