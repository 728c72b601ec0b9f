import { describe, expect, it } from 'vitest';
import { sessionUserSchema, signInResponseSchema } from './session.ts';
import { readSessionUser, readSignInResponse } from './session-user.ts';
import { SAMPLE_SESSION_USER } from './test-fixtures.ts';

const user = SAMPLE_SESSION_USER;

/** Each a user that one of the schema's rules refuses, or one that it accepts. */
const users: [string, unknown][] = [
  ['the full user', user],
  ['a staff user with empty optional fields', { ...user, role: 'staff', phone: null, gender: null, country: null, lockerNumber: null }],
  ['extra fields', { ...user, passwordHash: 'x', createdAt: '2026-01-01' }],
  ['a text id', { ...user, id: '7' }],
  ['a fractional id', { ...user, id: 7.5 }],
  ['an unsafe id', { ...user, id: 2 ** 60 }],
  ['no tenant', { ...user, tenantId: undefined }],
  ['an unknown role', { ...user, role: 'root' }],
  ['a missing name', { ...user, fullName: undefined }],
  ['a number as email', { ...user, email: 5 }],
  ['a missing phone', { ...user, phone: undefined }],
  ['a number as locker', { ...user, lockerNumber: 100007 }],
  ['null', null],
  ['an array', [user]],
  ['a string', 'user'],
];

describe('readSessionUser answers as sessionUserSchema does', () => {
  it.each(users)('%s', (_, value) => {
    const parsed = sessionUserSchema.safeParse(value);
    expect(readSessionUser(value)).toEqual(parsed.success ? parsed.data : null);
  });
});

describe('readSignInResponse answers as signInResponseSchema does', () => {
  const answer = { success: true, token: 'access', refreshToken: 'refresh', user };
  it.each<[string, unknown]>([
    ['a complete answer', answer],
    ['extra fields', { ...answer, expiresIn: 900 }],
    ['a failure', { ...answer, success: false }],
    ['no token', { ...answer, token: undefined }],
    ['no refresh token', { ...answer, refreshToken: undefined }],
    ['a user the schema refuses', { ...answer, user: { ...user, role: 'root' } }],
    ['no user', { ...answer, user: undefined }],
    ['nothing', undefined],
  ])('%s', (_, value) => {
    const parsed = signInResponseSchema.safeParse(value);
    expect(readSignInResponse(value)).toEqual(parsed.success ? parsed.data : null);
  });
});
