import { messages } from '@hopbox/contracts/messages';
import { describe, expect, it } from 'vitest';
import { expectError, newPhotoRequest, staffUpdatePhotoRequest, staffUploadPhoto, useTestApp } from '../helper.ts';

/** The warehouse rules the screens show are the API's own: the API refuses what the console refuses. */
describe("photo requests: the completion rules are the API's own", () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const customer = await t.customer();
    return { staff, customer };
  });

  describe('PUT /api/staff/photo-requests/{id}: completing needs a photo, rejecting needs notes', () => {
    const newRequest = () => newPhotoRequest(s.t, s.staff, s.customer);
    const move = (id: number, payload: Record<string, unknown>) => staffUpdatePhotoRequest(s.t, s.staff, id, payload);
    const statusOf = async (id: number) =>
      (await s.t.app.inject({ method: 'GET', url: `/api/user/photo-requests/${id}`, headers: s.customer.headers })).json().photoRequest
        .status as string;
    const uploadPhoto = (id: number) => staffUploadPhoto(s.t, s.staff, id);

    it('refuses to complete a request without a photo: 409, it stays open', async () => {
      const pr = await newRequest();
      expectError(await move(pr.id, { status: 'COMPLETED' }), 409, messages.packages.completeNeedsPhoto, 'files');
      expect((await move(pr.id, { status: 'IN_PROGRESS' })).statusCode).toBe(200);
      expectError(await move(pr.id, { status: 'Completed', notes: 'Done' }), 409, messages.packages.completeNeedsPhoto, 'files');
      expect(await statusOf(pr.id)).toBe('IN_PROGRESS');
      await uploadPhoto(pr.id);
      const done = await move(pr.id, { status: 'COMPLETED' });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data).toMatchObject({ status: 'COMPLETED', attachmentCount: 1 });
    });

    it('refuses to reject a request without notes: 400 naming notes, it stays open', async () => {
      const pr = await newRequest();
      for (const notes of [undefined, null, '', '   ']) {
        const res = await move(pr.id, { status: 'REJECTED', ...(notes === undefined ? {} : { notes }) });
        expectError(res, 400, messages.packages.rejectNeedsNotes, 'notes');
      }
      expect(await statusOf(pr.id)).toBe('PENDING');
      const why = await move(pr.id, { status: 'REJECTED', notes: 'The box is sealed by customs' });
      expect(why.statusCode, why.body).toBe(200);
      expect(why.json().data).toMatchObject({ status: 'REJECTED', staffNotes: 'The box is sealed by customs' });
    });

    it('counts notes left on the request earlier as the reason for rejecting', async () => {
      const pr = await newRequest();
      expect((await move(pr.id, { status: 'IN_PROGRESS', notes: 'Item not found on the shelf' })).statusCode).toBe(200);
      const res = await move(pr.id, { status: 'REJECTED' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'REJECTED', staffNotes: 'Item not found on the shelf' });
    });
  });
});
