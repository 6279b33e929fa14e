// A strict TypeScript ES module consumer of the shipped .d.ts files.
import {
  createClient,
  type Meta,
  type PayslipResult,
  ValidationError,
  type VatResult,
} from "@lanka/api";
import { countWorkingDays } from "@lanka/api/holidays";

// What process.env gives (checked with exactOptionalPropertyTypes): options take undefined.
declare const env: Record<string, string | undefined>;
createClient({ apiKey: env.LANKA_KEY, baseUrl: env.LANKA_URL, timeoutMs: undefined });
const client = createClient({ mode: "local" });
export const slip: Promise<PayslipResult> = client.payslip({ basic: 100000 });
const vat: VatResult = await client.call("vat", { amount: 100, rate: 18 });
const { meta } = await client.paye({ monthly: 250000 }).withResponse();
const present: Meta = meta; // meta is typed as present on JSON answers
const days: number = countWorkingDays({ from: "2026-01-01", to: "2026-01-31" }).workingDays;
// @ts-expect-error: amount is a number, call() checks parameters by operation id
client.call("vat", { amount: [1] });
export const seen: unknown[] = [vat.total, present.endpoint, days, ValidationError];
