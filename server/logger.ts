import type { LogLevel } from "./env";

// One JSON object per line on stdout: easy to ship to any log collector.

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => void;
  info: (msg: string, fields?: Record<string, unknown>) => void;
  warn: (msg: string, fields?: Record<string, unknown>) => void;
  error: (msg: string, fields?: Record<string, unknown>) => void;
  child: (fields: Record<string, unknown>) => Logger;
};

type Sink = (line: string) => void;

export function createLogger(
  level: LogLevel,
  base: Record<string, unknown> = {},
  sink: Sink = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const write = (lvl: Exclude<LogLevel, "silent">, msg: string, fields?: Record<string, unknown>) => {
    if (rank[lvl] < rank[level]) return;
    const entry: Record<string, unknown> = {
      time: new Date().toISOString(),
      level: lvl,
      msg,
      ...base,
      ...fields,
    };
    if (entry.err instanceof Error) {
      const err = entry.err;
      entry.err = { name: err.name, message: err.message, stack: err.stack };
    }
    // JSON.stringify escapes newlines and control characters, so user input cannot forge a line.
    sink(JSON.stringify(entry));
  };
  return {
    debug: (msg, fields) => write("debug", msg, fields),
    info: (msg, fields) => write("info", msg, fields),
    warn: (msg, fields) => write("warn", msg, fields),
    error: (msg, fields) => write("error", msg, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }, sink),
  };
}
