/** A row of a dated table: in force from `from` to `to` inclusive (`to` null: still in force). */
export interface DatedRow {
  from: string;
  to: string | null;
}

/**
 * Finds the row of a dated table in force on a date (`YYYY-MM-DD` strings compare as dates).
 *
 * @param rows The table.
 * @param date The date.
 * @returns The row, or undefined when the date is outside every row.
 */
export function inForce<T extends DatedRow>(rows: readonly T[], date: string): T | undefined {
  return rows.find((row) => row.from <= date && (row.to === null || date <= row.to));
}
