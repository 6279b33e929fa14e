/**
 * The standard normal distribution.
 *
 * @module
 */

const NUMERATOR = [
  3.52624965998911e-2,
  0.700383064443688,
  6.37396220353165,
  33.912866078383,
  112.079291497871,
  221.213596169931,
  220.206867912376,
];
const DENOMINATOR = [
  8.83883476483184e-2,
  1.75566716318264,
  16.064177579207,
  86.7807322029461,
  296.564248779674,
  637.333633378831,
  793.826512519948,
  440.413735824752,
];

/** Evaluates a polynomial, highest power first, at x. */
function horner(coefficients: readonly number[], x: number): number {
  return coefficients.reduce((acc, c) => acc * x + c, 0);
}

/**
 * The standard normal cumulative distribution function Φ(x): the share of a standard normal
 * population below x.
 *
 * Hart's double-precision algorithm (Hart 1968, as given by G. West, "Better approximations to
 * cumulative normal functions", Wilmott Magazine 2005): absolute error below 1e-14.
 *
 * @param x Any finite number.
 * @returns Φ(x), from 0 to 1.
 *
 * @example Usage
 * ```ts
 * import { normalCdf } from "./normal.ts";
 * console.log(normalCdf(0)); // 0.5
 * ```
 */
export function normalCdf(x: number): number {
  const z = Math.abs(x);
  let tail = 0;
  if (z <= 37) {
    const e = Math.exp((-z * z) / 2);
    if (z < 7.07106781186547) {
      tail = (e * horner(NUMERATOR, z)) / horner(DENOMINATOR, z);
    } else {
      let b = z + 0.65;
      b = z + 4 / b;
      b = z + 3 / b;
      b = z + 2 / b;
      b = z + 1 / b;
      tail = e / b / 2.506628274631;
    }
  }
  return x > 0 ? 1 - tail : tail;
}
