import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.ts';
import { answerSandboxOrder, findSandboxOrder } from './sandbox-orders-repository.ts';

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
  :root{color-scheme:light dark;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f1f5f9;color:#0f172a}
  main{box-sizing:border-box;width:min(420px,calc(100vw - 32px));background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:28px;box-shadow:0 10px 30px rgba(15,23,42,.08)}
  h1{font-size:20px;margin:0 0 4px} p{margin:0 0 16px;color:#475569} .badge{display:inline-block;font-size:12px;font-weight:600;color:#92400e;background:#fef3c7;border-radius:999px;padding:2px 10px;margin-bottom:16px}
  dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:8px 16px;margin:0 0 24px} dt{color:#64748b} dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere;min-width:0}
  .amount{font-size:28px;font-weight:700;margin:0 0 20px} .row{display:flex;gap:12px} button{flex:1;font:inherit;font-weight:600;border-radius:10px;padding:12px;border:1px solid transparent;cursor:pointer}
  .pay{background:#4f46e5;color:#fff} .pay:hover{background:#4338ca} .decline{background:#fff;color:#b91c1c;border-color:#fecaca} .decline:hover{background:#fef2f2}
  button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
  @media (prefers-color-scheme:dark){body{background:#020617;color:#e2e8f0}main{background:#0f172a;border-color:#1e293b}p,dt{color:#94a3b8}.decline{background:#0f172a}}
</style></head><body><main>${body}</main></body></html>`;
}

const crossSiteRefusal = '<h1>Payment refused</h1><p>This payment can only be answered from its own page. Open the payment link again.</p>';

/**
 * Pay and Decline must come from the page itself, never from a form on another site posting to
 * it (a forged Pay would settle someone's order). Browsers say where a form post comes from in
 * Sec-Fetch-Site, which decides when present. Without it, Origin must be ours: the page's
 * `Referrer-Policy: no-referrer` makes Chromium send `Origin: null` on its own form posts, so
 * "null" is only trusted beside a same-origin Sec-Fetch-Site. A client that sends neither header
 * is not a browser, and another site's page cannot drive it.
 */
function isSameSiteFormPost(request: FastifyRequest, publicUrl: string) {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === new URL(publicUrl).origin || origin === `${request.protocol}://${request.host}`;
}

/**
 * The sandbox provider's hosted card page: amount, currency and reference, with Pay and Decline.
 * A plain form, so it works without JavaScript; the answer sends the customer back with ?ref=.
 */
export async function sandboxPageRoutes(fastify: FastifyInstance) {
  if (fastify.deps.config.payments.provider !== 'sandbox') return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ reference: z.string().min(1).max(60) });

  app.get('/payments/sandbox/:reference', { schema: { hide: true, params } }, async (request, reply) => {
    const order = await findSandboxOrder(app.deps.db, request.params.reference);
    reply.type('text/html; charset=utf-8');
    if (!order) return reply.code(404).send(page('Payment not found', '<h1>Payment not found</h1><p>This payment link is not valid.</p>'));
    const amount = (order.amountMinor / 100).toFixed(2);
    if (order.state !== 'STARTED') {
      return page(
        'Payment closed',
        `<h1>This payment is closed</h1><p>It was already ${order.state === 'CAPTURED' ? 'paid' : 'declined'}.</p><p><a href="${escapeHtml(`${order.redirectUrl}?ref=${encodeURIComponent(order.reference)}`)}">Return to ${escapeHtml(app.deps.config.brandName)}</a></p>`,
      );
    }
    return page(
      `Pay ${amount} ${order.currency}`,
      `<span class="badge">Sandbox: no real money moves</span><h1>${escapeHtml(app.deps.config.brandName)} card payment</h1><p>Review the payment and choose Pay or Decline.</p>
      <p class="amount" data-testid="amount">${escapeHtml(amount)} ${escapeHtml(order.currency)}</p>
      <dl><dt>Amount</dt><dd>${escapeHtml(amount)}</dd><dt>Currency</dt><dd>${escapeHtml(order.currency)}</dd><dt>Reference</dt><dd>${escapeHtml(order.merchantReference)}</dd></dl>
      <form method="post" action="/payments/sandbox/${escapeHtml(encodeURIComponent(order.reference))}" class="row">
        <button class="decline" type="submit" name="action" value="decline">Decline</button>
        <button class="pay" type="submit" name="action" value="pay">Pay</button>
      </form>`,
    );
  });

  app.post(
    '/payments/sandbox/:reference',
    { schema: { hide: true, params, body: z.object({ action: z.enum(['pay', 'decline']) }) } },
    async (request, reply) => {
      if (!isSameSiteFormPost(request, app.deps.config.publicUrl)) {
        return reply.code(403).type('text/html; charset=utf-8').send(page('Payment refused', crossSiteRefusal));
      }
      const { reference } = request.params;
      const order = await findSandboxOrder(app.deps.db, reference);
      if (!order) return reply.code(404).type('text/html; charset=utf-8').send(page('Payment not found', '<h1>Payment not found</h1>'));
      await answerSandboxOrder(app.deps.db, reference, request.body.action === 'pay' ? 'CAPTURED' : 'DECLINED');
      return reply.redirect(`${order.redirectUrl}?ref=${encodeURIComponent(reference)}`, 303);
    },
  );
}
