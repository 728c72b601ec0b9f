import { formatMoney, PAYMENT_CANCELLED_QUERY, toMajor } from '@hopbox/contracts/money';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.ts';
import { type PaidOrder, paidOrderOf } from './paid-order.ts';
import { findPaymentByOrderRef } from './payments-repository.ts';
import { answerSandboxOrder, findSandboxOrder, type SandboxOrderRow, sandboxRefundsOf } from './sandbox-orders-repository.ts';

/**
 * The page's colours follow the portal's theme: `data-theme` (set by SANDBOX_THEME_SCRIPT from the
 * portal's stored choice) wins, and without a stored choice the system's preference decides.
 */
const LIGHT =
  '--bg:#f1f5f9;--card:#fff;--line:#e2e8f0;--fg:#0f172a;--muted:#475569;--soft:#64748b;--badge-fg:#92400e;--badge-bg:#fef3c7;--decline:#fff;--decline-hover:#fef2f2;--decline-fg:#b91c1c;--decline-line:#fecaca;--link:#4338ca';
const DARK =
  '--bg:#020617;--card:#0f172a;--line:#1e293b;--fg:#e2e8f0;--muted:#94a3b8;--soft:#94a3b8;--badge-fg:#fde68a;--badge-bg:#422006;--decline:#0f172a;--decline-hover:#1f1315;--decline-fg:#fca5a5;--decline-line:#7f1d1d;--link:#a5b4fc';

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title>
<script src="${SANDBOX_THEME_PATH}"></script>
<style>
  :root{color-scheme:light;${LIGHT};font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
  @media (prefers-color-scheme:dark){:root:not([data-theme=light]){color-scheme:dark;${DARK}}}
  :root[data-theme=dark]{color-scheme:dark;${DARK}}
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg)}
  main{box-sizing:border-box;width:min(460px,calc(100vw - 24px));margin:12px 0;background:var(--card);border:1px solid var(--line);border-radius:16px;padding:24px;box-shadow:0 10px 30px rgba(15,23,42,.08)}
  h1{font-size:20px;margin:0 0 4px} h2{font-size:13px;text-transform:uppercase;letter-spacing:.06em;color:var(--soft);margin:20px 0 8px}
  p{margin:0 0 16px;color:var(--muted)} .badge{display:inline-block;font-size:12px;font-weight:600;color:var(--badge-fg);background:var(--badge-bg);border-radius:999px;padding:2px 10px;margin-bottom:16px}
  dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:8px 16px;margin:0 0 20px} dt{color:var(--soft)} dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere;min-width:0}
  ul.items{list-style:none;margin:0;padding:0;border:1px solid var(--line);border-radius:12px}
  ul.items li{display:flex;gap:12px;justify-content:space-between;padding:10px 12px;border-top:1px solid var(--line)} ul.items li:first-child{border-top:0}
  .item-id{font-weight:600;overflow-wrap:anywhere} .item-desc{color:var(--muted);font-size:14px;overflow-wrap:anywhere} .item-weight{white-space:nowrap;font-variant-numeric:tabular-nums}
  .destination{margin:0;color:var(--fg);overflow-wrap:anywhere}
  .amount{font-size:28px;font-weight:700;margin:20px 0;color:var(--fg)} .row{display:flex;gap:12px} button{flex:1;font:inherit;font-weight:600;border-radius:10px;padding:12px;border:1px solid transparent;cursor:pointer}
  .pay{background:#4f46e5;color:#fff} .pay:hover{background:#4338ca} .decline{background:var(--decline);color:var(--decline-fg);border-color:var(--decline-line)} .decline:hover{background:var(--decline-hover)}
  .back{display:block;text-align:center;margin-top:16px;color:var(--link);font-weight:600} a{color:var(--link)}
  button:focus-visible,a:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
</style></head><body><main>${body}</main></body></html>`;
}

/** Served from this origin so the page's CSP (script-src 'self') allows it; no inline script. */
const SANDBOX_THEME_PATH = '/payments/sandbox/theme.js';
const SANDBOX_THEME_SCRIPT = `try{var t=localStorage.getItem('theme');if(t==='dark'||t==='light')document.documentElement.setAttribute('data-theme',t);}catch(e){}`;

/**
 * Where "Cancel and go back" leads: the portal page the payment was started from, which then says "Payment cancelled"
 * (decision 056). It is a link: it never answers the order.
 */
const BACK_PATHS = {
  single: `/received-packages?${PAYMENT_CANCELLED_QUERY}`,
  consolidation: `/shipments-progress?${PAYMENT_CANCELLED_QUERY}`,
} as const;

/** A request's payment leads back to its package's details; a shipment's to where it was started. */
function backPath(order: PaidOrder) {
  if (order.kind === 'consolidation') return BACK_PATHS.consolidation;
  const hopboxId = order.items[0]?.ref;
  if (order.kind === 'request' && hopboxId) return `${BACK_PATHS.single}&package=${encodeURIComponent(hopboxId)}`;
  return BACK_PATHS.single;
}

function itemsList(order: PaidOrder) {
  if (order.items.length === 0) return '';
  const title = order.kind === 'consolidation' ? 'Consolidations' : order.kind === 'request' ? 'Package' : 'Packages';
  const rows = order.items
    .map(
      (item) =>
        `<li><span><span class="item-id">${escapeHtml(item.ref)}</span><br><span class="item-desc">${escapeHtml(item.description)}</span></span><span class="item-weight">${escapeHtml(String(item.weightKg))} kg</span></li>`,
    )
    .join('');
  return `<h2>${title}</h2><ul class="items" data-testid="items">${rows}</ul>`;
}

/** What the amount is made of (shipping, insurance, storage fees), as the portal showed it before payment. */
function priceList(order: PaidOrder, amount: string) {
  if (order.priceLines.length === 0) return '';
  const rows = order.priceLines
    .map(
      (line) =>
        `<li><span>${escapeHtml(line.label)}</span><span class="item-weight">${escapeHtml(formatMoney(line.amount, order.currency))}</span></li>`,
    )
    .join('');
  return `<h2>Price</h2><ul class="items" data-testid="price-lines">${rows}<li class="total"><span><strong>Total</strong></span><span class="item-weight"><strong>${escapeHtml(amount)}</strong></span></li></ul>`;
}

function orderPage(brandName: string, order: PaidOrder, amount: string, reference: string, back: string) {
  // `amount` is the money as the provider holds it, already in the one money format (decision 032).
  const destination = order.destination
    ? `<h2>Destination</h2><p class="destination" data-testid="destination">${escapeHtml(order.destination)}</p>`
    : '';
  const terms =
    order.terms.length > 0
      ? `<h2>Delivery</h2><ul class="terms" data-testid="terms">${order.terms.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`
      : '';
  return `<span class="badge">Sandbox: no real money moves</span><h1>${escapeHtml(brandName)} card payment</h1><p>Review what you are paying for, then choose Pay or Decline.</p>
      ${itemsList(order)}${destination}${priceList(order, amount)}${terms}
      <p class="amount" data-testid="amount">${escapeHtml(amount)}</p>
      <dl><dt>Amount</dt><dd>${escapeHtml(amount)}</dd><dt>Currency</dt><dd>${escapeHtml(order.currency)}</dd><dt>Reference</dt><dd data-testid="reference">${escapeHtml(reference)}</dd></dl>
      <form method="post" action="/payments/sandbox/${escapeHtml(encodeURIComponent(reference))}" class="row">
        <button class="decline" type="submit" name="action" value="decline">Decline</button>
        <button class="pay" type="submit" name="action" value="pay">Pay</button>
      </form>
      <a class="back" data-testid="back" href="${escapeHtml(back)}">Cancel and go back</a>`;
}

/** A closed order's refunds, as a provider's portal lists them: each amount and reference, then what is left. */
function refundsList(order: SandboxOrderRow, refunds: { reference: string; amountMinor: number; createdAt: Date }[]) {
  if (refunds.length === 0) return '';
  const money = (minor: number) => escapeHtml(formatMoney(toMajor(minor), order.currency));
  const rows = refunds
    .map(
      (r) =>
        `<li><span><span class="item-id">Refund</span><br><span class="item-desc">${escapeHtml(r.reference)} · ${escapeHtml(r.createdAt.toISOString().slice(0, 16).replace('T', ' '))} UTC</span></span><span class="item-weight">${money(r.amountMinor)}</span></li>`,
    )
    .join('');
  const refunded = refunds.reduce((sum, r) => sum + r.amountMinor, 0);
  return `<h2>Refunds</h2><ul class="items" data-testid="refunds">${rows}<li><span><strong>Left of the payment</strong></span><span class="item-weight"><strong>${money(order.amountMinor - refunded)}</strong></span></li></ul>`;
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
 * The sandbox provider's hosted card page: what is paid for (packages or consolidations, the
 * destination), the amount and the one reference (decision 030), with Pay, Decline and a way back.
 * A plain form, so it works without JavaScript; the answer sends the customer back with ?ref=.
 */
export async function sandboxPageRoutes(fastify: FastifyInstance) {
  if (fastify.deps.config.payments.provider !== 'sandbox') return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ reference: z.string().min(1).max(60) });

  app.get(SANDBOX_THEME_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SANDBOX_THEME_SCRIPT),
  );

  app.get('/payments/sandbox/:reference', { schema: { hide: true, params } }, async (request, reply) => {
    const order = await findSandboxOrder(app.deps.db, request.params.reference);
    reply.type('text/html; charset=utf-8');
    if (!order) return reply.code(404).send(page('Payment not found', '<h1>Payment not found</h1><p>This payment link is not valid.</p>'));
    const amount = formatMoney(order.amountMinor / 100, order.currency);
    if (order.state !== 'STARTED') {
      const refunds = refundsList(order, await sandboxRefundsOf(app.deps.db, order.reference));
      return page(
        'Payment closed',
        `<h1>This payment is closed</h1><p>It was already ${order.state === 'CAPTURED' ? `paid: ${escapeHtml(amount)}` : 'declined'}.</p>${refunds}<p><a href="${escapeHtml(`${order.redirectUrl}?ref=${encodeURIComponent(order.reference)}`)}">Return to ${escapeHtml(app.deps.config.brandName)}</a></p>`,
      );
    }
    const payment = await findPaymentByOrderRef(app.deps.db, order.reference);
    const paid: PaidOrder = payment
      ? await paidOrderOf(app.deps.db, payment)
      : {
          kind: 'single',
          items: [],
          destination: '',
          priceLines: [],
          terms: [],
          total: order.amountMinor / 100,
          currency: order.currency,
          reference: order.reference,
        };
    const back = `${app.deps.config.publicUrl}${backPath(paid)}`;
    return page(`Pay ${amount}`, orderPage(app.deps.config.brandName, paid, amount, order.reference, back));
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
