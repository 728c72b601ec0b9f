import { STORAGE_KEYS } from '@hopbox/contracts/constants';
import { SAMPLE_SESSION_USER } from '@hopbox/contracts/test-fixtures';
import { describe, expect, it } from 'vitest';
import { clearStoredSession, type KeyValueStore, readSession, writeSession, writeSessionUser } from './session';

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const user = SAMPLE_SESSION_USER;

describe('session storage', () => {
  it('writes every key of SPEC.md and reads the session back', () => {
    const store = memoryStore();
    writeSession(store, { token: 'access', refreshToken: 'refresh', user });
    expect(Object.fromEntries(store.data)).toEqual({
      [STORAGE_KEYS.token]: 'access',
      [STORAGE_KEYS.refreshToken]: 'refresh',
      [STORAGE_KEYS.user]: JSON.stringify(user),
      [STORAGE_KEYS.userName]: 'Dana Demo',
      [STORAGE_KEYS.userEmail]: 'dana@example.com',
      [STORAGE_KEYS.userId]: '7',
      [STORAGE_KEYS.tenantId]: '1',
      [STORAGE_KEYS.userRole]: 'user',
    });
    expect(readSession(store)).toEqual({ token: 'access', refreshToken: 'refresh', user });
  });

  it.each([
    STORAGE_KEYS.token,
    STORAGE_KEYS.userName,
    STORAGE_KEYS.userEmail,
    STORAGE_KEYS.userId,
    STORAGE_KEYS.tenantId,
    STORAGE_KEYS.userRole,
  ])('is no session without %s', (key) => {
    const store = memoryStore();
    writeSession(store, { token: 'access', refreshToken: 'refresh', user });
    store.removeItem(key);
    expect(readSession(store)).toBeNull();
  });

  it('is no session when the user record is unreadable', () => {
    const store = memoryStore();
    writeSession(store, { token: 'access', refreshToken: null, user });
    store.setItem(STORAGE_KEYS.user, '{not json');
    expect(readSession(store)).toBeNull();
    store.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, id: 'seven' }));
    expect(readSession(store)).toBeNull();
  });

  it('keeps a session without a refresh token', () => {
    const store = memoryStore();
    writeSession(store, { token: 'access', refreshToken: null, user });
    expect(readSession(store)?.refreshToken).toBeNull();
  });

  it('updates the name and email keys with the user', () => {
    const store = memoryStore();
    writeSession(store, { token: 'access', refreshToken: 'refresh', user });
    writeSessionUser(store, { ...user, fullName: 'Dana Doe', lastName: 'Doe', email: 'doe@example.com' });
    expect(store.getItem(STORAGE_KEYS.userName)).toBe('Dana Doe');
    expect(store.getItem(STORAGE_KEYS.userEmail)).toBe('doe@example.com');
    expect(readSession(store)?.user.lastName).toBe('Doe');
  });

  it('clears the session but keeps the theme', () => {
    const store = memoryStore({ [STORAGE_KEYS.theme]: 'dark' });
    writeSession(store, { token: 'access', refreshToken: 'refresh', user });
    clearStoredSession(store);
    expect(Object.fromEntries(store.data)).toEqual({ [STORAGE_KEYS.theme]: 'dark' });
    expect(readSession(store)).toBeNull();
  });
});
