import type { Address } from '@hopbox/contracts/addresses';
import { messages } from '@hopbox/contracts/messages';
import { phoneMessages } from '@hopbox/contracts/phone-messages';
import { describe, expect, it } from 'vitest';
import { addAddress, addressBody, expectError, useTestApp } from '../helper.ts';
import { PHONE_READINGS, PHONE_REFUSALS } from '../phone-cases.ts';

type Headers = Record<string, string>;
const m = messages.addresses;

describe('addresses: the customer address book', () => {
  const s = useTestApp(async (t) => ({
    alice: (await t.userWithToken('user')).headers,
    bob: (await t.userWithToken('user')).headers,
    staff: (await t.userWithToken('staff')).headers,
  }));

  const list = async (headers: Headers) => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/user/addresses', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; data: Address[] };
    expect(body.success).toBe(true);
    return body.data;
  };
  const create = (headers: Headers, payload: Record<string, unknown>) =>
    s.t.app.inject({ method: 'POST', url: '/api/user/addresses', headers, payload });
  const update = (headers: Headers, id: number | string, payload: Record<string, unknown>) =>
    s.t.app.inject({ method: 'PUT', url: `/api/user/addresses/${id}`, headers, payload });
  const remove = (headers: Headers, id: number | string) => s.t.app.inject({ method: 'DELETE', url: `/api/user/addresses/${id}`, headers });
  const setDefault = (headers: Headers, id: number | string) =>
    s.t.app.inject({ method: 'PUT', url: `/api/user/addresses/${id}/set-default`, headers });
  const defaults = (rows: Address[]) => rows.filter((a) => a.isDefault).map((a) => a.id);

  it('lists nothing for a new customer', async () => {
    expect(await list(s.alice)).toEqual([]);
  });

  it("requires a customer's session: 401 without a token, 403 for staff", async () => {
    const anonymous = await s.t.app.inject({ method: 'GET', url: '/api/user/addresses' });
    expectError(anonymous, 401, messages.transport.sessionExpired);
    expectError(await s.t.app.inject({ method: 'GET', url: '/api/user/addresses', headers: s.staff }), 403, messages.transport.forbidden);
    expectError(await create(s.staff, addressBody()), 403, messages.transport.forbidden);
  });

  it.each(['label', 'address', 'city', 'country'])("refuses an address without %s: 'Please fill in all required fields'", async (field) => {
    expectError(await create(s.alice, addressBody({ [field]: undefined })), 400, m.requiredFields, field);
    expectError(await create(s.alice, addressBody({ [field]: '   ' })), 400, m.requiredFields, field);
    expect(await list(s.alice)).toEqual([]);
  });

  it('refuses an invalid phone number with the sign-up mobile message', async () => {
    expectError(await create(s.alice, addressBody({ phoneNumber: '0abc' })), 400, messages.signup.mobileInvalid, 'phoneNumber');
  });

  it('saves the first address as the default, with state, postal code and phone optional', async () => {
    const res = await create(s.alice, {
      label: ' Office ',
      address: 'Tower 3, Floor 9',
      city: 'Abu Dhabi',
      country: 'United Arab Emirates',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: m.added,
      data: {
        id: expect.any(Number),
        label: 'Office',
        recipientName: null,
        address: 'Tower 3, Floor 9',
        city: 'Abu Dhabi',
        state: null,
        country: 'United Arab Emirates',
        postalCode: null,
        phoneNumber: null,
        isDefault: true,
      },
    });
    expect(await list(s.alice)).toEqual([body.data]);
  });

  it('keeps the default when a second address is added, and stores every optional field given', async () => {
    const [office] = await list(s.alice);
    const res = await create(s.alice, addressBody({ label: 'Home', phoneNumber: '+971 50 123 4567' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      label: 'Home',
      state: 'Dubai',
      postalCode: '00000',
      phoneNumber: '+971501234567',
      isDefault: false,
    });
    const rows = await list(s.alice);
    expect(rows).toHaveLength(2);
    expect(defaults(rows)).toEqual([office?.id]);
    expect(rows[0]?.id).toBe(office?.id);
  });

  it('moves the default to a new address created with isDefault, leaving exactly one', async () => {
    const res = await create(s.alice, addressBody({ label: 'Parents', city: 'Sharjah', isDefault: true }));
    expect(res.statusCode).toBe(201);
    const parents = res.json().data as Address;
    expect(parents.isDefault).toBe(true);
    const rows = await list(s.alice);
    expect(rows).toHaveLength(3);
    expect(defaults(rows)).toEqual([parents.id]);
    expect(rows[0]?.id).toBe(parents.id);
  });

  it("updates an address: 'Address updated successfully!', optional fields cleared, the default untouched", async () => {
    const home = (await list(s.alice)).find((a) => a.label === 'Home') as Address;
    const res = await update(s.alice, home.id, {
      label: 'Home (new)',
      address: 'Villa 40',
      city: 'Dubai',
      country: 'United Arab Emirates',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: m.updated,
      data: {
        ...home,
        label: 'Home (new)',
        address: 'Villa 40',
        state: null,
        postalCode: null,
        phoneNumber: null,
        isDefault: false,
      },
    });
    expectError(
      await update(s.alice, home.id, { label: 'x', address: '', city: 'Dubai', country: 'UAE' }),
      400,
      m.requiredFields,
      'address',
    );
  });

  it('moves the default with an update carrying isDefault, and never unsets the only default', async () => {
    const rows = await list(s.alice);
    const home = rows.find((a) => a.label === 'Home (new)') as Address;
    const res = await update(s.alice, home.id, { ...addressBody({ label: 'Home (new)' }), isDefault: true });
    expect(res.json().data.isDefault).toBe(true);
    expect(defaults(await list(s.alice))).toEqual([home.id]);

    const cleared = await update(s.alice, home.id, { ...addressBody({ label: 'Home (new)' }), isDefault: false });
    expect(cleared.statusCode).toBe(200);
    expect(defaults(await list(s.alice))).toEqual([home.id]);
  });

  it("sets the default: 'Default address updated!', and exactly one default afterwards", async () => {
    const office = (await list(s.alice)).find((a) => a.label === 'Office') as Address;
    const res = await setDefault(s.alice, office.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: m.defaultUpdated, data: { ...office, isDefault: true } });
    expect(defaults(await list(s.alice))).toEqual([office.id]);
    // Setting it again changes nothing.
    expect((await setDefault(s.alice, office.id)).statusCode).toBe(200);
    expect(defaults(await list(s.alice))).toEqual([office.id]);
  });

  it("keeps another customer's addresses out of reach: 404 on PUT, DELETE and set-default, never in the list", async () => {
    const aliceRows = await list(s.alice);
    const bobs = await addAddress(s.t, s.bob, { label: 'Bob home' });
    expect(bobs.isDefault).toBe(true);
    for (const a of aliceRows) {
      expectError(await update(s.bob, a.id, addressBody()), 404, 'Address not found');
      expectError(await remove(s.bob, a.id), 404, 'Address not found');
      expectError(await setDefault(s.bob, a.id), 404, 'Address not found');
    }
    expectError(await update(s.alice, bobs.id, addressBody()), 404, 'Address not found');
    expectError(await remove(s.alice, bobs.id), 404, 'Address not found');
    expectError(await setDefault(s.alice, bobs.id), 404, 'Address not found');
    // Nothing changed on either side.
    expect(await list(s.alice)).toEqual(aliceRows);
    expect(await list(s.bob)).toEqual([bobs]);
  });

  it('answers 404 for an address that does not exist and 400 for an id that is not a number', async () => {
    expectError(await update(s.alice, 999999, addressBody()), 404, 'Address not found');
    expectError(await remove(s.alice, 999999), 404, 'Address not found');
    expectError(await setDefault(s.alice, 999999), 404, 'Address not found');
    const bad = await remove(s.alice, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });

  it("deletes a non-default address: 'Address deleted successfully!', the default stays", async () => {
    const rows = await list(s.alice);
    const defaultId = defaults(rows)[0];
    const victim = rows.find((a) => !a.isDefault) as Address;
    const res = await remove(s.alice, victim.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: m.deleted });
    const after = await list(s.alice);
    expect(after.map((a) => a.id)).not.toContain(victim.id);
    expect(defaults(after)).toEqual([defaultId]);
    expectError(await remove(s.alice, victim.id), 404, 'Address not found');
  });

  it('promotes another address when the default is deleted, and leaves none when the last goes', async () => {
    const rows = await list(s.alice);
    expect(rows).toHaveLength(2);
    const [current, other] = rows as [Address, Address];
    expect(current.isDefault).toBe(true);
    expect((await remove(s.alice, current.id)).statusCode).toBe(200);
    expect(await list(s.alice)).toEqual([{ ...other, isDefault: true }]);

    expect((await remove(s.alice, other.id)).statusCode).toBe(200);
    expect(await list(s.alice)).toEqual([]);
    // A new first address is the default again.
    expect((await addAddress(s.t, s.alice, { label: 'Fresh start' })).isDefault).toBe(true);
  });

  it('lists the default first, then the oldest first', async () => {
    const first = (await list(s.alice))[0] as Address;
    const second = await addAddress(s.t, s.alice, { label: 'Second' });
    const third = await addAddress(s.t, s.alice, { label: 'Third' });
    expect((await list(s.alice)).map((a) => a.id)).toEqual([first.id, second.id, third.id]);
    await setDefault(s.alice, third.id);
    expect((await list(s.alice)).map((a) => a.id)).toEqual([third.id, first.id, second.id]);
  });

  describe('the recipient name (decision 027)', () => {
    it('stores and answers a trimmed recipient, and an empty one as null (the customer receives it)', async () => {
      const created = await create(s.bob, addressBody({ label: 'Sister', recipientName: '  Mariam Haddad  ' }));
      expect(created.statusCode).toBe(201);
      const sister = created.json().data as Address;
      expect(sister.recipientName).toBe('Mariam Haddad');
      expect((await list(s.bob)).find((a) => a.id === sister.id)?.recipientName).toBe('Mariam Haddad');

      const cleared = await update(s.bob, sister.id, addressBody({ label: 'Sister', recipientName: '   ' }));
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().data.recipientName).toBeNull();
      const renamed = await update(s.bob, sister.id, addressBody({ label: 'Sister', recipientName: 'Omar Haddad' }));
      expect(renamed.json().data.recipientName).toBe('Omar Haddad');
      // Left out of an update, it is cleared like the other optional fields.
      const omitted = await update(s.bob, sister.id, addressBody({ label: 'Sister' }));
      expect(omitted.json().data.recipientName).toBeNull();
    });

    it('refuses a recipient longer than 120 characters: 400 naming recipientName, nothing saved', async () => {
      const before = await list(s.bob);
      const tooLong = 'R'.repeat(121);
      expectError(
        await create(s.bob, addressBody({ label: 'Long', recipientName: tooLong })),
        400,
        'Recipient name must be at most 120 characters',
        'recipientName',
      );
      const target = before[0] as Address;
      expectError(
        await update(s.bob, target.id, addressBody({ recipientName: tooLong })),
        400,
        'Recipient name must be at most 120 characters',
        'recipientName',
      );
      expect(await list(s.bob)).toEqual(before);
      expect((await create(s.bob, addressBody({ label: 'Exactly 120', recipientName: 'R'.repeat(120) }))).statusCode).toBe(201);
    });

    it("keeps another customer's address out of reach with a recipient too: 404", async () => {
      const bobs = (await list(s.bob))[0] as Address;
      const res = await update(s.alice, bobs.id, addressBody({ recipientName: 'Someone else' }));
      expectError(res, 404, 'Address not found');
      expect((await list(s.bob)).find((a) => a.id === bobs.id)?.recipientName).toBe(bobs.recipientName);
    });
  });
});

describe("addresses: the recipient's phone, read with the address's country and stored in E.164", () => {
  const s = useTestApp(async (t) => ({ carol: (await t.userWithToken('user')).headers }));
  const create = (payload: Record<string, unknown>) =>
    s.t.app.inject({ method: 'POST', url: '/api/user/addresses', headers: s.carol, payload });
  const update = (id: number, payload: Record<string, unknown>) =>
    s.t.app.inject({ method: 'PUT', url: `/api/user/addresses/${id}`, headers: s.carol, payload });
  const stored = async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/user/addresses', headers: s.carol });
    return (res.json() as { data: Address[] }).data.map((a) => ({ label: a.label, phoneNumber: a.phoneNumber }));
  };

  it.each(PHONE_READINGS)('stores %s in E.164', async (label, country, phoneNumber, e164) => {
    const res = await create(addressBody({ label, country, phoneNumber }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.phoneNumber).toBe(e164);
    expect(await stored()).toContainEqual({ label, phoneNumber: e164 });
  });

  it.each(PHONE_REFUSALS)('refuses a number %s with 400 naming field and country; stores nothing', async (label, country, phoneNumber) => {
    const before = await stored();
    expectError(await create(addressBody({ label, country, phoneNumber })), 400, phoneMessages.invalidForCountry(country), 'phoneNumber');
    expect(await stored()).toEqual(before);
  });

  it('reads an edited phone with the edited country, and leaves the address as it was when it is impossible', async () => {
    const created = await create(addressBody({ label: 'Edited', country: 'United Arab Emirates', phoneNumber: '050 123 4567' }));
    const id = created.json().data.id as number;
    const moved = await update(id, addressBody({ label: 'Edited', country: 'France', phoneNumber: '06 12 34 56 78' }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ country: 'France', phoneNumber: '+33612345678' });
    const refused = await update(id, addressBody({ label: 'Edited again', country: 'Germany', phoneNumber: '06 12' }));
    expectError(refused, 400, phoneMessages.invalidForCountry('Germany'), 'phoneNumber');
    expect(await stored()).toContainEqual({ label: 'Edited', phoneNumber: '+33612345678' });
  });
});
