/**
 * The store's own details (spec 2.17 `store` object), from environment variables with defaults.
 *
 * | Variable | Default |
 * |---|---|
 * | `STORE_NAME` | `Lanka API exam voucher store` |
 * | `STORE_URL` | `{PUBLIC_BASE_URL}/store` |
 * | `STORE_PAYMENT_METHODS` | `Bank transfer,Debit or credit card` (comma-separated) |
 * | `STORE_REFUNDS_URL` | `{PUBLIC_BASE_URL}/store#refunds` |
 *
 * Country (`LK`) and currency (`LKR`) are fixed: the catalogue's prices are in LKR.
 *
 * @module
 */
import type { StoreInfo } from "../../core/ops/store.ts";

/** The store details; the `store` object of every listing. */
export type StoreConfig = StoreInfo;

/** Default payment methods, replaced by `STORE_PAYMENT_METHODS`. */
export const DEFAULT_PAYMENT_METHODS: readonly string[] = ["Bank transfer", "Debit or credit card"];

function httpUrl(name: string, raw: string, problems: string[]): string {
  try {
    const url = new URL(raw);
    if (url.protocol === "http:" || url.protocol === "https:") return url.href;
  } catch {
    // reported below
  }
  problems.push(`${name} must be an http(s) URL: got ${JSON.stringify(raw)}`);
  return raw;
}

/**
 * Reads the store details.
 *
 * @param env Environment variables.
 * @param publicBaseUrl The server's public base URL (no trailing slash), for the defaults.
 * @param problems Receives one sentence per bad variable.
 * @returns The store details.
 */
export function loadStoreConfig(
  env: Record<string, string | undefined>,
  publicBaseUrl: string,
  problems: string[],
): StoreConfig {
  const name = env.STORE_NAME?.trim() || "Lanka API exam voucher store";
  if (name.length > 100) problems.push("STORE_NAME must be at most 100 characters long");
  const url = env.STORE_URL?.trim()
    ? httpUrl("STORE_URL", env.STORE_URL.trim(), problems)
    : `${publicBaseUrl}/store`;
  const refunds = env.STORE_REFUNDS_URL?.trim()
    ? httpUrl("STORE_REFUNDS_URL", env.STORE_REFUNDS_URL.trim(), problems)
    : `${publicBaseUrl}/store#refunds`;
  const methods = env.STORE_PAYMENT_METHODS === undefined
    ? [...DEFAULT_PAYMENT_METHODS]
    : env.STORE_PAYMENT_METHODS.split(",").map((m) => m.trim()).filter((m) => m !== "");
  return { name, url, country: "LK", currency: "LKR", paymentMethods: methods, refunds };
}
