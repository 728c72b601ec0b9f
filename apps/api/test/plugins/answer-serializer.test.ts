import { packagesPageSchema } from '@hopbox/contracts/packages';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler } from '../../src/plugins/answer-serializer.ts';
import { buildTestApp, receivePackage } from '../helper.ts';

const answerSchema = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      shipmentId: z.number().int().nullable(),
      note: z.string().nullable(),
      storage: z.object({ daysLeft: z.number().int() }),
    }),
  ),
});

/** A server answering `answer` on GET /list through the serializer, as the app configures it. */
async function serverAnswering(answer: unknown, checkShapes: boolean) {
  const app = Fastify();
  app.setSerializerCompiler(answerSerializerCompiler({ checkShapes }));
  app.get('/list', { schema: { response: { 200: answerSchema } } }, async () => answer);
  await app.ready();
  return app;
}

const row = { id: 7, name: 'Shoes', shipmentId: null, note: null, storage: { daysLeft: 45 } };

describe('the answer serializer', () => {
  it('writes only what the schema names: a field a handler adds by mistake never leaves the server', async () => {
    const leaky = {
      success: true,
      secret: 'top',
      data: [{ ...row, passwordHash: 'hash', storage: { daysLeft: 45, internal: 'x' } }],
    };
    for (const checkShapes of [false, true]) {
      const app = await serverAnswering(leaky, checkShapes);
      const res = await app.inject({ method: 'GET', url: '/list' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: [row] });
      expect(res.body).not.toContain('hash');
      expect(res.body).not.toContain('internal');
      await app.close();
    }
  });

  it('keeps nulls and numbers as the schema says', async () => {
    const app = await serverAnswering({ success: true, data: [{ ...row, shipmentId: 12, note: 'fragile' }, row] }, false);
    const res = await app.inject({ method: 'GET', url: '/list' });
    expect(res.json()).toEqual({ success: true, data: [{ ...row, shipmentId: 12, note: 'fragile' }, row] });
    await app.close();
  });

  it('outside production, refuses an answer of the wrong shape with a 500 rather than sending it', async () => {
    const app = await serverAnswering({ success: true, data: [{ ...row, name: 42 }] }, true);
    const res = await app.inject({ method: 'GET', url: '/list' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('Shoes');
    await app.close();
  });
});

describe('the product in production mode', () => {
  const built = buildTestApp({ NODE_ENV: 'production', SANDBOX_PAYMENTS_IN_PRODUCTION: 'true' });
  afterAll(async () => (await built).app.close());

  it("answers Received Packages with exactly the contract's fields", async () => {
    const t = await built;
    const staff = (await t.userWithToken('staff')).headers;
    const alice = await t.userWithToken('user');
    await receivePackage(t, staff, alice.user.lockerNumber as string);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/received-packages?page=1&pageSize=10', headers: alice.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    // zod drops any field the contract does not name, so an extra field would make these differ.
    expect(packagesPageSchema.parse(body)).toEqual(body);
    expect(body.data[0].shipmentId).toBeNull();
    expect(typeof body.data[0].storage.daysLeft).toBe('number');
  });
});
