/**
 * The registry: every operation of Lanka API, in the order the service index lists them.
 * A new endpoint is one file in `core/ops/` and one line here.
 *
 * @module
 */
import type { AnyOperation } from "./operation.ts";
import { accountOperations } from "./ops/accounts.ts";
import { fd } from "./ops/fd.ts";
import { land } from "./ops/land.ts";
import { loan } from "./ops/loan.ts";
import { paye } from "./ops/paye.ts";
import { vat } from "./ops/vat.ts";

/** All operations. */
export const operations: readonly AnyOperation[] = [
  paye,
  vat,
  loan,
  fd,
  land,
  ...accountOperations,
];

/**
 * Finds an operation by name.
 *
 * @param name The operation name (`meta.endpoint`).
 * @returns The operation, or undefined.
 */
export function findOperation(name: string): AnyOperation | undefined {
  return operations.find((op) => op.name === name);
}
