/**
 * Structured JSON logging: one object per line. Never pass keys, passwords or cookies in.
 *
 * @module
 */

/** Log levels, least to most severe. */
export type LogLevel = "debug" | "info" | "warn" | "error";

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Writes structured log lines. */
export interface Logger {
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
  /** Whether lines at this level are written (to skip building fields that would be dropped). */
  enabled(level: LogLevel): boolean;
}

/**
 * A logger writing JSON lines at or above a level.
 *
 * @param level The minimum level written.
 * @param write Where lines go (default: stderr for warn and error, stdout otherwise).
 * @returns The logger.
 */
export function createLogger(
  level: LogLevel,
  write?: (line: string, level: LogLevel) => void,
): Logger {
  const sink = write ?? ((line: string, lvl: LogLevel) => {
    if (ORDER[lvl] >= ORDER.warn) console.error(line);
    else console.log(line);
  });
  return {
    enabled: (lvl) => ORDER[lvl] >= ORDER[level],
    log(lvl, message, fields = {}) {
      if (ORDER[lvl] < ORDER[level]) return;
      sink(JSON.stringify({ time: new Date().toISOString(), level: lvl, message, ...fields }), lvl);
    },
  };
}
