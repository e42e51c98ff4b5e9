/** A small leveled logger writing one line per event: `time level msg key=value ...`. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type Fields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
  child(fields: Fields): Logger;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

const format = (v: unknown) => {
  if (v instanceof Error) return JSON.stringify(v.message);
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return /[\s"=]/.test(s ?? '') ? JSON.stringify(s) : s;
};

export function createLogger(
  level: LogLevel = 'info',
  base: Fields = {},
  write: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Logger {
  const emit = (lvl: LogLevel, msg: string, fields?: Fields) => {
    if (ORDER[lvl] < ORDER[level]) return;
    const all = { ...base, ...fields };
    const tail = Object.entries(all)
      .map(([k, v]) => `${k}=${format(v)}`)
      .join(' ');
    write(`${new Date().toISOString()} ${lvl.toUpperCase()} ${msg}${tail ? ' ' + tail : ''}`);
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}

/** A logger that keeps nothing, for tests. */
export const silentLogger: Logger = createLogger('error', {}, () => {});
