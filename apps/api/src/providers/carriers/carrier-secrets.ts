import type { CarrierEvent } from './carrier-provider.ts';

/** What a credential is replaced with in a carrier's message. */
export const SCRUBBED = '***';

/** Shorter values are not credentials worth the name, and scrubbing them would mangle ordinary words. */
const SHORTEST_SECRET = 4;
/** A base64 form shorter than this would match too much that is not the secret. */
const SHORTEST_BASE64 = 8;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** As a JSON string writes it: escaped the standard way, with every non-ASCII letter as \u…, and `/` as `\/`. */
function jsonForms(secret: string): string[] {
  const standard = JSON.stringify(secret).slice(1, -1);
  const ascii = standard.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [standard, ascii, ascii.replaceAll('/', '\\/')];
}

/** As a URL or a form body writes it; matched whatever the case of its %-escapes. */
function urlForms(secret: string): string[] {
  return [encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2), encodeURI(secret)];
}

/**
 * The secret inside any base64 text (a Basic authorization of `user:password`, a token): base64 writes 3 bytes as
 * 4 letters, so wherever the secret starts, the letters of its bytes from the next multiple of 3 on are one of
 * these three, in base64 or base64url.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms: string[] = [];
  for (let start = 0; start < 3; start++) {
    const whole = bytes.subarray(start, start + Math.floor((bytes.length - start) / 3) * 3);
    const form = whole.toString('base64');
    if (form.length >= SHORTEST_BASE64) forms.push(form, whole.toString('base64url'));
  }
  return forms;
}

const caseFreeEscapes = (pattern: string) =>
  pattern.replace(/%([0-9A-F])([0-9A-F])/g, (_, a: string, b: string) => `%[${a}${a.toLowerCase()}][${b}${b.toLowerCase()}]`);

/**
 * The one scrub of a carrier's credentials (account number, user name, password, PIN) from any text that may be
 * logged, stored or shown: each is replaced by `***` written plain, URL- or form-encoded, JSON-escaped, or inside
 * base64 (decision 046). Every message a carrier adapter throws, and so every stored carrier error and log line,
 * goes through it.
 */
export function secretScrubber(secrets: readonly (string | null | undefined)[]): (text: string) => string {
  const kept = [...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length >= SHORTEST_SECRET))];
  const exact = kept.flatMap((s) => [s, ...jsonForms(s), ...base64Forms(s)]).map(escapeRegExp);
  const encoded = kept.flatMap(urlForms).map((form) => caseFreeEscapes(escapeRegExp(form)));
  const patterns = [...new Set([...exact, ...encoded])].sort((a, b) => b.length - a.length);
  if (patterns.length === 0) return (text) => text;
  const pattern = new RegExp(patterns.join('|'), 'g');
  return (text) => text.replace(pattern, SCRUBBED);
}

/** An event's words with the account's credentials scrubbed: they are stored and shown. */
export const scrubbedEvent = (event: CarrierEvent, scrub: (text: string) => string): CarrierEvent => ({
  ...event,
  status: scrub(event.status),
  location: event.location === null ? null : scrub(event.location),
  description: event.description === null ? null : scrub(event.description),
});
