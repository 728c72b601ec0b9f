import { timingSafeEqual } from 'node:crypto';
import type { OrderState, PaymentProvider } from './payment-provider.ts';
import { PaymentProviderError, WebhookRejected } from './payment-provider.ts';

export interface NgeniusOptions {
  baseUrl: string;
  apiKey: string;
  outletRef: string;
  action: 'PURCHASE' | 'SALE';
  /** Expected in X-Webhook-Secret on every notification; without it no notification is accepted. */
  webhookSecret?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const PAID_STATES = ['CAPTURED', 'PURCHASED'];
const OPEN_STATES = ['STARTED', 'AWAIT_3DS', 'AUTHORISED', 'PENDING', 'REVERSAL_PENDING'];

/** A payment of an N-Genius order, as far as a refund reads it. */
interface NgeniusPayment {
  state?: string;
  _links?: { 'cnp:refund'?: { href?: string } };
  _embedded?: { 'cnp:capture'?: { _links?: { self?: { href?: string }; 'cnp:refund'?: { href?: string } } }[] };
}

/**
 * Where a refund of the order's money is posted: a PURCHASE (captured at once) carries its refund link itself; a
 * SALE's money is refunded against its capture ("Refund a capture": .../payments/{p}/captures/{c}/refund).
 */
function refundLinkOf(payments: NgeniusPayment[]): string | undefined {
  for (const payment of payments) {
    const own = payment._links?.['cnp:refund']?.href;
    if (own) return own;
    const capture = payment._embedded?.['cnp:capture']?.at(-1)?._links;
    const viaCapture = capture?.['cnp:refund']?.href ?? (capture?.self?.href ? `${capture.self.href}/refund` : undefined);
    if (viaCapture) return viaCapture;
  }
  return undefined;
}

/** The last path segment of a link: N-Genius names a refund by the address of its record. */
const lastSegment = (href: string | undefined) => href?.replace(/\/+$/, '').split('/').at(-1) || undefined;

/** Only the webhook's shared secret proves a notification comes from N-Genius; compared in constant time. */
function sameSecret(given: string, expected: string) {
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/**
 * Network International's N-Genius Online: an access token from the API key (valid 5 minutes,
 * cached and renewed), orders created on the outlet, and the order's payment state read back.
 */
export function createNgeniusProvider(options: NgeniusOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  let cached: { token: string; expiresAt: number } | undefined;

  async function call(path: string, init: RequestInit): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(urlOf(path), { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
    } catch (err) {
      throw new PaymentProviderError(`N-Genius unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw new PaymentProviderError(`N-Genius ${init.method ?? 'GET'} ${path} answered HTTP ${res.status}`);
    return res.json();
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now() + 30_000) return cached.token;
    const answer = (await call('/identity/auth/access-token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${options.apiKey}`,
        'content-type': 'application/vnd.ni-identity.v1+json',
        accept: 'application/vnd.ni-identity.v1+json',
      },
    })) as { access_token?: string; expires_in?: number };
    if (!answer.access_token) throw new PaymentProviderError('N-Genius gave no access token');
    cached = { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 300) * 1000 };
    return cached.token;
  }

  /** A path of the API, or a link N-Genius gave, which must lead back to the same API: the token goes nowhere else. */
  function urlOf(pathOrLink: string) {
    if (!/^https?:\/\//i.test(pathOrLink)) return `${base}${pathOrLink}`;
    const link = new URL(pathOrLink);
    if (link.origin !== new URL(base).origin) throw new PaymentProviderError(`N-Genius gave a link outside its API: ${link.origin}`);
    return link.toString();
  }

  const orderPath = (reference: string) =>
    `/transactions/outlets/${encodeURIComponent(options.outletRef)}/orders/${encodeURIComponent(reference)}`;

  const paymentHeaders = async () => ({
    authorization: `Bearer ${await accessToken()}`,
    'content-type': 'application/vnd.ni-payment.v2+json',
    accept: 'application/vnd.ni-payment.v2+json',
  });

  return {
    name: 'ngenius',
    async createOrder(order) {
      const answer = (await call(`/transactions/outlets/${encodeURIComponent(options.outletRef)}/orders`, {
        method: 'POST',
        headers: await paymentHeaders(),
        body: JSON.stringify({
          action: options.action,
          amount: { currencyCode: order.currency, value: order.amountMinor },
          merchantAttributes: { redirectUrl: order.redirectUrl, skipConfirmationPage: true },
          merchantOrderReference: order.merchantReference,
        }),
      })) as { reference?: string; _links?: { payment?: { href?: string } } };
      const href = answer._links?.payment?.href;
      if (!answer.reference || !href) throw new PaymentProviderError('N-Genius order has no reference or payment link');
      return { reference: answer.reference, paymentUrl: href };
    },
    async orderState(reference): Promise<OrderState> {
      const answer = (await call(orderPath(reference), {
        method: 'GET',
        headers: await paymentHeaders(),
      })) as { _embedded?: { payment?: { state?: string }[] } };
      const state = answer._embedded?.payment?.[0]?.state ?? 'STARTED';
      if (PAID_STATES.includes(state)) return 'CAPTURED';
      if (OPEN_STATES.includes(state)) return 'PENDING';
      return 'FAILED';
    },
    /** The order is read for its refund link (the payment's, or its capture's), and the amount posted there. */
    async refund(reference, amount) {
      const order = (await call(orderPath(reference), { method: 'GET', headers: await paymentHeaders() })) as {
        _embedded?: { payment?: NgeniusPayment[] };
      };
      const link = refundLinkOf(order._embedded?.payment ?? []);
      if (!link) throw new PaymentProviderError(`N-Genius order ${reference} has no captured payment to refund`);
      const answer = (await call(link, {
        method: 'POST',
        headers: await paymentHeaders(),
        body: JSON.stringify({ amount: { currencyCode: amount.currency, value: amount.amountMinor } }),
      })) as { reference?: string; _embedded?: { 'cnp:refund'?: { state?: string; _links?: { self?: { href?: string } } }[] } };
      const made = answer._embedded?.['cnp:refund']?.at(-1);
      if (made?.state === 'FAILURE') throw new PaymentProviderError(`N-Genius refused the refund of order ${reference}`);
      const refundReference = lastSegment(made?._links?.self?.href) ?? answer.reference;
      if (!refundReference) throw new PaymentProviderError(`N-Genius answered the refund of order ${reference} without a reference`);
      return { reference: refundReference };
    },
    /** A notification names its order (order.reference, or orderReference) and carries the shared secret. */
    async parseWebhook(rawBody, headers) {
      const given = headers['x-webhook-secret'];
      if (!options.webhookSecret || typeof given !== 'string' || !sameSecret(given, options.webhookSecret)) {
        throw new WebhookRejected(401, 'Invalid webhook secret');
      }
      let body: { order?: { reference?: unknown }; orderReference?: unknown };
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRejected(400, 'The notification is not JSON');
      }
      const reference = body?.order?.reference ?? body?.orderReference;
      return { orderRef: typeof reference === 'string' && reference.length > 0 && reference.length <= 100 ? reference : null };
    },
  };
}
