import { locationMessages } from '@hopbox/contracts/locations';
import { describe, expect, it } from 'vitest';
import { expectError, type Headers, receiveBody, receivePackage, type TestCustomer, useTestApp } from '../helper.ts';

/**
 * Issue "Nothing lost between the customer and the shelf", every parcel has a place (decision 053): a host
 * keeps its list of shelf and bin codes (admins edit it); receiving records one of them, moving a parcel
 * records the new one, audited; a code still holding parcels cannot be removed; customers never see it.
 */
describe('warehouse locations', () => {
  const s = useTestApp(async (t) => {
    const admin = (await t.userWithToken('admin')).headers;
    const staff = (await t.userWithToken('staff')).headers;
    const customer = await t.customer();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/hosts',
      headers: admin,
      payload: { name: 'Hopbox New Jersey', address: '1 Dock Road', city: 'Newark', country: 'United States of America', code: 'NJ-LOC' },
    });
    if (created.statusCode !== 201) throw new Error(created.body);
    return { admin, staff, customer, hostId: created.json().data.id as number };
  });

  const putCodes = (headers: Headers, codes: unknown) =>
    s.t.app.inject({ method: 'PUT', url: `/api/admin/hosts/${s.hostId}/locations`, headers, payload: { codes } });
  const getCodes = (headers: Headers) => s.t.app.inject({ method: 'GET', url: `/api/staff/hosts/${s.hostId}/locations`, headers });
  const receive = (headers: Headers, customer: TestCustomer, overrides: Record<string, unknown>) =>
    s.t.app.inject({ method: 'POST', url: '/api/staff/packages', headers, payload: receiveBody(customer.locker, overrides) });
  const move = (id: number, location: unknown, headers: Headers = s.staff) =>
    s.t.app.inject({ method: 'PUT', url: `/api/staff/packages/${id}/location`, headers, payload: { location } });
  const lockerCount = async () =>
    (await s.t.app.inject({ method: 'GET', url: '/api/user/received-packages', headers: s.customer.headers })).json().total as number;

  it('a host without a list takes any well-formed code, so a warehouse that has not labelled its shelves still receives', async () => {
    const res = await receive(s.staff, s.customer, { location: 'anywhere-1' });
    expect(res.json().data.location).toBe('ANYWHERE-1');
  });

  it('admins save the list: codes upper-cased, duplicates once, in walking order (A-2 before A-10)', async () => {
    const res = await putCodes(s.admin, ['b-1', 'A-10', ' a-2 ', 'A-2', 'DOCK.1', 'ANYWHERE-1']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.codes).toEqual(['A-2', 'A-10', 'ANYWHERE-1', 'B-1', 'DOCK.1']);
    expect(res.json().data.inUse).toEqual({ 'ANYWHERE-1': 1 });
    expect((await getCodes(s.staff)).json().data.codes).toEqual(['A-2', 'A-10', 'ANYWHERE-1', 'B-1', 'DOCK.1']);
  });

  it('staff read the list but cannot change it; customers can do neither', async () => {
    expect((await putCodes(s.staff, ['A-1'])).statusCode).toBe(403);
    expect((await getCodes(s.customer.headers)).statusCode).toBe(403);
    expect((await putCodes(s.customer.headers, ['A-1'])).statusCode).toBe(403);
  });

  it.each([
    ['a space inside', ['A 1']],
    ['a dash at the end', ['A-']],
    ['too long', ['A'.repeat(21)]],
    ['an empty code', ['']],
  ])('a list with %s is refused whole: 400, nothing changes', async (_case, codes) => {
    const res = await putCodes(s.admin, ['A-2', ...codes]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Location /);
    expect((await getCodes(s.admin)).json().data.codes).toHaveLength(5);
  });

  it('receiving needs a location of the host: missing or not on the list answers 400 on the field, and nothing is received', async () => {
    const before = await lockerCount();
    const { location: _dropped, ...withoutLocation } = receiveBody(s.customer.locker);
    const missing = await s.t.app.inject({ method: 'POST', url: '/api/staff/packages', headers: s.staff, payload: withoutLocation });
    expectError(missing, 400, locationMessages.required, 'location');
    expectError(
      await receive(s.staff, s.customer, { location: 'Z-99' }),
      400,
      locationMessages.notOfHost('Z-99', 'Hopbox New Jersey'),
      'location',
    );
    expectError(await receive(s.staff, s.customer, { location: 'A/1' }), 400, locationMessages.invalid, 'location');
    expect(await lockerCount()).toBe(before);
  });

  it('a parcel received at a listed code is shown there in the console, never to the customer', async () => {
    const res = await receive(s.staff, s.customer, { location: 'a-10' });
    expect(res.statusCode, res.body).toBe(201);
    const pkg = res.json().data;
    expect(pkg.location).toBe('A-10');
    const listed = await s.t.app.inject({ method: 'GET', url: `/api/staff/packages?q=${pkg.hopboxId}`, headers: s.staff });
    expect(listed.json().data[0]).toMatchObject({ hopboxId: pkg.hopboxId, location: 'A-10', internalNotes: [] });
    const mine = await s.t.app.inject({ method: 'GET', url: `/api/user/received-packages/${pkg.id}`, headers: s.customer.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).not.toHaveProperty('location');
    expect(mine.body).not.toContain('A-10');
  });

  it('moving a parcel records the new place in its history; an unknown code or package is refused', async () => {
    const pkg = await receivePackage(s.t, s.staff, s.customer.locker, { location: 'A-2' });
    const moved = await move(pkg.id, 'b-1');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toEqual({ id: pkg.id, location: 'B-1' });
    const trail = await s.t.app.inject({ method: 'GET', url: `/api/staff/audit/package/${pkg.id}`, headers: s.staff });
    expect(trail.json().data.at(-1)).toMatchObject({ action: 'package.moved', before: { location: 'A-2' }, after: { location: 'B-1' } });
    expectError(await move(pkg.id, 'Q-1'), 400, locationMessages.notOfHost('Q-1', 'Hopbox New Jersey'), 'location');
    expect((await move(999_999, 'A-2')).statusCode).toBe(404);
    expect((await move(pkg.id, 'A-2', s.customer.headers)).statusCode).toBe(403);
    // Moving it where it already is changes nothing and records nothing.
    await move(pkg.id, 'B-1');
    const again = await s.t.app.inject({ method: 'GET', url: `/api/staff/audit/package/${pkg.id}`, headers: s.staff });
    expect(again.json().data).toHaveLength(trail.json().data.length);
  });

  it('a code still holding parcels cannot be removed (409 LOCATION_IN_USE), and the list stays as it was', async () => {
    const res = await putCodes(s.admin, ['A-2', 'DOCK.1']);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LOCATION_IN_USE' });
    expect(res.json().message).toContain('A-10');
    expect((await getCodes(s.admin)).json().data.codes).toEqual(['A-2', 'A-10', 'ANYWHERE-1', 'B-1', 'DOCK.1']);
    const added = await putCodes(s.admin, ['A-2', 'A-10', 'ANYWHERE-1', 'B-1', 'DOCK.1', 'C-1']);
    expect(added.json().data.codes).toContain('C-1');
    const trail = await s.t.app.inject({ method: 'GET', url: `/api/staff/audit/host/${s.hostId}`, headers: s.admin });
    expect(trail.json().data.at(-1)).toMatchObject({ action: 'host.locations_updated', after: { added: ['C-1'], removed: [] } });
  });
});
