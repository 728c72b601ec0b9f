import { messages } from '@hopbox/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectError, uniqueIp } from '../helper.ts';
import { apiRoutes, routeName, sessions, urlOf } from './routes.ts';

/**
 * Validation never stalls the server. Node answers every request on one thread, so a pattern that
 * backtracks for seconds on one request holds up every other: the email rule did, on `a@` followed by
 * dots (3 to 6 seconds for 60,000 of them). A health check sent while such a request is validated
 * must still answer within HEALTH_BUDGET_MS.
 */

/**
 * What a stall is: the backtracking email rule took 3 to 6 seconds. A request of 1 MB is parsed and refused in 20 to
 * 100 ms on a slow 2-core machine (its strings' garbage collection makes the spread), so the budgets sit well above
 * that and far below a stall.
 */
const HEALTH_BUDGET_MS = 250;
/** Each request of 1 MB: parsing it is most of this. */
const REQUEST_BUDGET_MS = 250;
const DOTS = `a@${'.'.repeat(60_000)}@`;

const t = await buildTestApp({ MAIL_WORKER_INTERVAL_MS: '0' });
afterAll(() => t.close());
const headersFor = sessions(t);
const routes = await apiRoutes(t);

type Call = () => Promise<{ statusCode: number; body: string; json(): unknown }>;

/**
 * The quickest of a few tries: a busy test machine (other test files run alongside) can delay one
 * answer, but work that really takes long takes long every time.
 */
async function quickest<T extends { ms: number }>(attempt: () => Promise<T>, budgetMs: number, tries = 3): Promise<T> {
  let best = await attempt();
  for (let i = 1; i < tries && best.ms >= budgetMs; i++) {
    const next = await attempt();
    if (next.ms < best.ms) best = next;
  }
  return best;
}

/** Sends `bad`, then a health check 5 ms later, and times both from when each was due. */
async function healthDuring(bad: Call) {
  const start = performance.now();
  const badAnswer = bad().then((res) => ({ res, ms: performance.now() - start }));
  const healthDue = start + 5;
  const health = new Promise<{ status: number; ms: number }>((resolve) => {
    setTimeout(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      resolve({ status: res.statusCode, ms: performance.now() - healthDue });
    }, 5);
  });
  return { bad: await badAnswer, health: await health };
}

const emailRoutes: [string, (email: string) => Call][] = [
  [
    'sign-in',
    (email) => () =>
      t.app.inject({ method: 'POST', url: '/api/sso/signin', payload: { email, password: 'secret123' }, remoteAddress: uniqueIp() }),
  ],
  [
    'sign-up',
    (email) => () =>
      t.app.inject({
        method: 'POST',
        url: '/api/sso/signup',
        remoteAddress: uniqueIp(),
        payload: {
          firstName: 'Long',
          lastName: 'Email',
          email,
          phoneNumber: '+971501234567',
          gender: 'other',
          country: 'United Arab Emirates',
          password: 'secret1',
          retypePassword: 'secret1',
        },
      }),
  ],
  [
    'forgot-password',
    (email) => () => t.app.inject({ method: 'POST', url: '/api/auth/user/forgot-password', payload: { email }, remoteAddress: uniqueIp() }),
  ],
  [
    'profile',
    (email) => async () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: await headersFor('user'),
        payload: { firstName: 'Long', lastName: 'Email', email, phone: '+971501234567' },
      }),
  ],
  [
    'hosts',
    (email) => async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/hosts',
        headers: await headersFor('admin'),
        payload: { name: 'Depot', address: '1 Dock Road', city: 'Dubai', country: 'United Arab Emirates', code: 'DXB-9', email },
      }),
  ],
];

describe('a long email is refused at once, and the server keeps answering meanwhile', () => {
  beforeAll(async () => {
    // Sessions and first-call compilation are not what is timed.
    await headersFor('user');
    await headersFor('admin');
    for (const [, call] of emailRoutes) await call('not-mail')();
  });

  it.each(emailRoutes)('%s', async (_name, call) => {
    const { bad, health } = await quickest(async () => {
      const answers = await healthDuring(call(DOTS));
      return { ...answers, ms: Math.max(answers.bad.ms, answers.health.ms) };
    }, HEALTH_BUDGET_MS);
    expectError(bad.res, 400, messages.auth.emailInvalid, 'email');
    expect(health.status).toBe(200);
    expect(health.ms, 'health check latency').toBeLessThan(HEALTH_BUDGET_MS);
    expect(bad.ms, 'the bad request itself').toBeLessThan(HEALTH_BUDGET_MS);
  });

  it('a 1 MB email as well', async () => {
    const [, signIn] = emailRoutes[0] as (typeof emailRoutes)[number];
    const { bad, health } = await quickest(async () => {
      const answers = await healthDuring(signIn(`a@${'.'.repeat(1_000_000)}@`));
      return { ...answers, ms: answers.health.ms };
    }, HEALTH_BUDGET_MS);
    expectError(bad.res, 400, messages.auth.emailInvalid, 'email');
    expect(health.ms, 'health check latency').toBeLessThan(HEALTH_BUDGET_MS);
  });
});

describe('every JSON body field of every route: 1 MB of worst-case text is answered quickly, never with a 500', () => {
  const worstCases = {
    dots: `a@${'.'.repeat(1_000_000)}@`,
    digits: `${'1'.repeat(1_000_000)}x`,
    words: 'b.'.repeat(500_000),
    numbers: Array.from({ length: 250_000 }, (_, i) => i),
  };
  const cases = routes
    .filter((r) => r.takesBody && !r.multipart && !r.form)
    .flatMap((r) =>
      r.bodyFields.flatMap((field) =>
        Object.entries(worstCases).map(([kind, value]) => [`${routeName(r)} ${field}: ${kind}`, r, field, value] as const),
      ),
    );

  it('finds the fields', () => {
    expect(cases.length).toBeGreaterThan(150);
  });

  it.each(cases)('%s', async (_name, route, field, value) => {
    const headers = await headersFor(route.role);
    const { res, ms } = await quickest(async () => {
      const start = performance.now();
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: urlOf(route),
        headers,
        payload: { [field]: value },
        remoteAddress: uniqueIp(),
      });
      return { res, ms: performance.now() - start };
    }, REQUEST_BUDGET_MS);
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
    expect(ms).toBeLessThan(REQUEST_BUDGET_MS);
  });
});
