/**
 * A small MIME reader for the .eml files of the test outbox: enough to check that a mail is a real
 * multipart message (headers, nested multiparts, quoted-printable and base64 bodies) without
 * trusting the mailer's own view of it.
 */
export interface MimePart {
  /** Header names lower-cased; folded lines unfolded; encoded words decoded. */
  headers: Record<string, string>;
  /** e.g. `multipart/alternative`, `text/plain`, `image/png` (lower-cased). */
  type: string;
  params: Record<string, string>;
  /** The decoded body (empty for multiparts). */
  body: Buffer;
  /** Children of a multipart, in order. */
  parts: MimePart[];
}

function splitHeadBody(raw: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return [raw, ''];
  return [raw.slice(0, match.index), raw.slice(match.index + match[0].length)];
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
  );
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

function parseContentType(value: string | undefined): { type: string; params: Record<string, string> } {
  const [type = 'text/plain', ...rest] = (value ?? 'text/plain').split(';');
  const params: Record<string, string> = {};
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    params[param.slice(0, eq).trim().toLowerCase()] = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { type: type.trim().toLowerCase(), params };
}

export function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i] as string;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, 'utf8');
  }
}

export function parseMime(raw: string): MimePart {
  const [head, body] = splitHeadBody(raw);
  const headers = parseHeaders(head);
  const { type, params } = parseContentType(headers['content-type']);
  if (type.startsWith('multipart/')) {
    const boundary = params.boundary;
    if (!boundary) throw new Error(`${type} without a boundary`);
    const delimiter = `--${boundary}`;
    const lines = body.split(/\r?\n/);
    const chunks: string[][] = [];
    let current: string[] | null = null;
    let closed = false;
    for (const line of lines) {
      const bare = line.trimEnd();
      if (bare === `${delimiter}--`) {
        if (current) chunks.push(current);
        current = null;
        closed = true;
        break;
      }
      if (bare === delimiter) {
        if (current) chunks.push(current);
        current = [];
      } else if (current) current.push(line);
    }
    if (!closed) throw new Error(`${type} is not closed by its boundary`);
    return { headers, type, params, body: Buffer.alloc(0), parts: chunks.map((c) => parseMime(c.join('\n'))) };
  }
  return { headers, type, params, body: decodeBody(body, headers['content-transfer-encoding']), parts: [] };
}

/** Every non-multipart part, depth first. */
export function leafParts(part: MimePart): MimePart[] {
  return part.parts.length === 0 && !part.type.startsWith('multipart/') ? [part] : part.parts.flatMap(leafParts);
}

/** The one part of a content type; fails when there is none or more than one. */
export function onePart(mail: MimePart, type: string): MimePart {
  const found = leafParts(mail).filter((p) => p.type === type);
  if (found.length !== 1) throw new Error(`expected one ${type} part, found ${found.length}`);
  return found[0] as MimePart;
}

/** A parsed outbox mail with its plain-text and HTML bodies as strings. */
export function readMail(raw: string) {
  const mail = parseMime(raw);
  return {
    mail,
    headers: mail.headers,
    subject: mail.headers.subject ?? '',
    text: onePart(mail, 'text/plain').body.toString('utf8'),
    html: onePart(mail, 'text/html').body.toString('utf8'),
    images: leafParts(mail).filter((p) => p.type.startsWith('image/')),
  };
}
