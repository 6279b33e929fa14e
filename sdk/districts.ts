/**
 * The 25 districts and 9 provinces with their names in English, Sinhala and Tamil (a subpath, so
 * that the main entry does not ship the names). Import it as `@lanka/api/districts` (npm) or
 * `jsr:@lanka/api/districts`.
 *
 * @module
 */
export {
  DISTRICTS,
  findDistrict,
  findProvince,
  listDistricts,
  PROVINCES,
} from "../core/calc/districts.ts";
export { districts } from "../core/ops/districts.ts";
