import type { OrderState, PaymentProvider } from './payment-provider.ts';
import { PaymentProviderError } from './payment-provider.ts';

export interface NgeniusOptions {
  baseUrl: string;
  apiKey: string;
  outletRef: string;
  action: 'PURCHASE' | 'SALE';
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const PAID_STATES = ['CAPTURED', 'PURCHASED'];
const OPEN_STATES = ['STARTED', 'AWAIT_3DS', 'AUTHORISED', 'PENDING', 'REVERSAL_PENDING'];

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
      res = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
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
      const answer = (await call(`/transactions/outlets/${encodeURIComponent(options.outletRef)}/orders/${encodeURIComponent(reference)}`, {
        method: 'GET',
        headers: await paymentHeaders(),
      })) as { _embedded?: { payment?: { state?: string }[] } };
      const state = answer._embedded?.payment?.[0]?.state ?? 'STARTED';
      if (PAID_STATES.includes(state)) return 'CAPTURED';
      if (OPEN_STATES.includes(state)) return 'PENDING';
      return 'FAILED';
    },
  };
}
