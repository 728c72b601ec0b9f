import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has, or that the line's head already says. */
const HEAD_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'req', 'res', 'responseTime', 'err']);
/** Where a message's own text starts: continuation lines of a message line up under it. */
const INDENT = ' '.repeat('00:00:00 INFO  '.length);

const clock = (time: unknown) => new Date(typeof time === 'number' ? time : Date.now()).toTimeString().slice(0, 8);

/** A field's value: a plain word as it is, text with spaces or quotes quoted, anything else as JSON. */
function value(v: unknown): string {
  if (typeof v === 'string') return /[\s"=]/.test(v) ? JSON.stringify(v) : v;
  return JSON.stringify(v) ?? String(v);
}

/**
 * One pino log entry as a person reads it (decision 059): "18:02:11 INFO  message  key=value …", a request as its
 * method, path, status and time, an error's stack below the line, and a message of several lines kept as written,
 * lined up under the first.
 */
export function readableLogLine(entry: Record<string, unknown>): string {
  const level = LEVELS[Number(entry.level)] ?? String(entry.level);
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  const request = [
    req && `${req.method} ${req.url}`,
    res?.statusCode,
    typeof entry.responseTime === 'number' && `${entry.responseTime.toFixed(1)} ms`,
  ].filter(Boolean);
  const fields = Object.entries(entry)
    .filter(([key, v]) => !HEAD_FIELDS.has(key) && v !== undefined)
    .map(([key, v]) => `${key}=${value(v)}`);
  const message = String(entry.msg ?? '').replace(/\n/g, `\n${INDENT}`);
  const head = `${clock(entry.time)} ${level.padEnd(5)} ${[message, request.join(' '), fields.join(' ')].filter(Boolean).join('  ')}`;
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n${INDENT}${(err.stack ?? err.message ?? '').replace(/\n/g, `\n${INDENT}`)}` : '';
  return `${head}${stack}\n`;
}

/**
 * A pino destination for a person at a terminal: each JSON line pino writes is turned into a readable one and
 * written to `out` at once, so the lines keep the order they were logged in (decision 059). Production keeps
 * pino's JSON, for machines to read.
 */
export function readableLogStream(out: { write(text: string): unknown } = process.stdout): Writable {
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n')) {
        if (!line) continue;
        try {
          out.write(readableLogLine(JSON.parse(line)));
        } catch {
          out.write(`${line}\n`);
        }
      }
      done();
    },
  });
}
