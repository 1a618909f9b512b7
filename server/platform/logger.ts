// Structured logs: one JSON object per line on stdout. Callers pass fields, never secrets.
import type { LogLevel } from "./config.ts";

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

/** `fields` go on every line: a serving process's number, say, when several share a port. */
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => console.log(line), fields: Record<string, unknown> = {}): Logger {
  const threshold = RANK[level];
  const log = (at: Exclude<LogLevel, "silent">) => (message: string, lineFields?: Record<string, unknown>) => {
    if (RANK[at] < threshold) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: at, msg: message, ...fields, ...lineFields }));
  };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}
