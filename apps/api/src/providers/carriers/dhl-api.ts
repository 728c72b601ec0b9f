import type { DhlAccount } from '../../config.ts';
import { AnswerTooLargeError, boundedText, CARRIER_LIMITS } from './carrier-bounds.ts';
import { CarrierRefusedError, CarrierUnavailableError } from './carrier-provider.ts';
import { secretScrubber } from './carrier-secrets.ts';

/** A DHL Express account and how long one call to it may take (10 s by default). */
export interface DhlOptions extends DhlAccount {
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** MyDHL's problem answer to a 4xx (RFC 7807 style): `detail` says what was wrong, `additionalDetails` each field. */
interface DhlProblem {
  title?: unknown;
  detail?: unknown;
  additionalDetails?: unknown;
}

/** A refusal as staff read it: DHL's own words, at most this long. */
const REFUSAL_CHARS = 500;

/** Throttled or timed out at DHL's side: asking again later may succeed, so these 4xx are not refusals. */
const RETRYABLE_STATUSES = new Set([408, 429]);

/**
 * `YYYY-MM-DDTHH:MM:SS GMT+00:00`, as MyDHL reads a planned shipping time (the shipper's local time with its offset;
 * UTC with a zero offset says the same instant).
 */
export const dhlShippingTime = (at: Date) => `${at.toISOString().slice(0, 19)} GMT+00:00`;

/**
 * Calls the MyDHL API with HTTP Basic authentication (the API key and secret). No answer, a timeout, HTTP 5xx, 408 or
 * 429, or a body that is not JSON is CarrierUnavailableError; another 4xx is CarrierRefusedError with DHL's `detail`;
 * an answer over `maxBytes` is AnswerTooLargeError. Every message goes through the account's scrub (decision 046).
 */
export function dhlCaller(options: DhlOptions) {
  const doFetch = options.fetch ?? fetch;
  const root = options.baseUrl.replace(/\/+$/, '');
  // The pair too: its Basic authorization is one base64 text, which the two alone leave fragments of.
  const scrub = secretScrubber([options.apiKey, options.apiSecret, `${options.apiKey}:${options.apiSecret}`, options.accountNumber]);
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`).toString('base64')}`;
  const unavailable = (message: string) => new CarrierUnavailableError(scrub(message));
  const call = async <T>(what: string, path: string, body?: unknown, maxBytes: number = CARRIER_LIMITS.answerBytes): Promise<T> => {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${root}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      text = await boundedText(res, maxBytes, `DHL ${what}`);
    } catch (err) {
      if (err instanceof AnswerTooLargeError) throw new AnswerTooLargeError(scrub(err.message));
      throw unavailable(`DHL ${what} unreachable: ${(err as Error).message}`);
    }
    if (res.status >= 500 || RETRYABLE_STATUSES.has(res.status)) throw unavailable(`DHL ${what} answered HTTP ${res.status}`);
    const answer = parseJson(text);
    if (!res.ok)
      throw new CarrierRefusedError(scrub(refusalText(answer as DhlProblem | undefined, `DHL ${what} answered HTTP ${res.status}`)));
    if (!answer) throw unavailable(`DHL ${what} answered something other than JSON`);
    return answer as T;
  };
  return { call, scrub };
}

function parseJson(text: string): object | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** DHL's `detail` with its `additionalDetails`, else its `title`, else `fallback`; bounded, on one line. */
function refusalText(problem: DhlProblem | undefined, fallback: string): string {
  const words = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');
  const details = Array.isArray(problem?.additionalDetails) ? problem.additionalDetails.map(words).filter(Boolean) : [];
  const text = [words(problem?.detail), ...details].filter(Boolean).join('; ') || words(problem?.title) || fallback;
  return text.length > REFUSAL_CHARS ? `${text.slice(0, REFUSAL_CHARS - 1)}…` : text;
}
