import { expect } from 'vitest';
import { sandboxAnswer, type TestApp } from '../helper.ts';

/** Answers the sandbox's hosted page (Pay or Decline) and expects the customer sent back (303) to `callback` with the order's `?ref=`. */
export async function sandboxAnswerBack(t: TestApp, paymentHref: string, action: 'pay' | 'decline', callback: string, orderRef: string) {
  const res = await sandboxAnswer(t, paymentHref, action);
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe(`${callback}?ref=${orderRef}`);
  return res;
}

/**
 * Answers the sandbox's hosted page and expects the customer sent back to `callback`, then has the order checked
 * (with the flow's own check request) and expects 200: the check's answer.
 */
export async function sandboxAnswerAndCheck(
  t: TestApp,
  order: { href: string; orderRef: string },
  action: 'pay' | 'decline',
  callback: string,
  check: (orderRef: string) => Promise<{ statusCode: number; json(): unknown }>,
) {
  await sandboxAnswerBack(t, order.href, action, callback, order.orderRef);
  const res = await check(order.orderRef);
  expect(res.statusCode).toBe(200);
  return res.json();
}
