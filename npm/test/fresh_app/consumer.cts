// A strict TypeScript CommonJS consumer: imports compile to require() of the ES module.
import { createClient } from "@lanka/api";
import { computeVat } from "@lanka/api/calc";
const total: number = computeVat({ amount: 1000, rate: 18, mode: "add" }).total;
createClient({ mode: "local" }).vat({ amount: 1 }).then((d) => console.log(total, d.total));
