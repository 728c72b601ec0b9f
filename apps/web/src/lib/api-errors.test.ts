import { messages } from '@hopbox/contracts/messages';
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, failureFromResponse, mentionsSessionFailure, networkFailure } from './api-errors';

const t = messages.transport;
const body = (message: string, error = 'Bad Request', field?: string) => ({ success: false, error, message, ...(field ? { field } : {}) });

describe('failureFromResponse (SPEC.md section 8)', () => {
  it('maps a 401 on a signed-in call to the session-expired message and ends the session', () => {
    const failure = failureFromResponse(401, body('whatever', 'Unauthorized'), true);
    expect(failure.message).toBe(t.sessionExpired);
    expect(failure.endsSession).toBe(true);
  });

  it("keeps the server's words for a 401 on a public call (wrong password)", () => {
    const failure = failureFromResponse(401, body('Invalid email or password', 'Unauthorized'), false);
    expect(failure.message).toBe('Invalid email or password');
    expect(failure.endsSession).toBe(false);
  });

  it.each([
    [403, t.forbidden],
    [404, t.notFound],
    [413, t.fileTooLarge],
  ])('maps %i to its fixed message', (status, message) => {
    expect(failureFromResponse(status, body('Server text'), true).message).toBe(message);
  });

  it('uses the server message, then the error, then the generic text', () => {
    expect(failureFromResponse(409, body('An account with this email already exists', 'Conflict', 'email'), true)).toMatchObject({
      message: 'An account with this email already exists',
      field: 'email',
      generic: false,
    });
    expect(failureFromResponse(500, { error: 'Database down' }, true).message).toBe('Database down');
    const generic = failureFromResponse(502, undefined, true);
    expect(generic.message).toBe(t.generic);
    expect(generic.generic).toBe(true);
  });

  it('ends the session when a signed-in error mentions the session words', () => {
    for (const text of ['Invalid token', 'Session expired', 'UNAUTHORIZED access', 'Authentication failed', 'bad token']) {
      expect(failureFromResponse(400, body(text), true).endsSession).toBe(true);
    }
    expect(failureFromResponse(400, body('Current password is incorrect'), true).endsSession).toBe(false);
  });

  it('never ends a session from a public call (an expired reset link is not a signed-in failure)', () => {
    const failure = failureFromResponse(400, body('Invalid or expired reset token'), false);
    expect(failure.endsSession).toBe(false);
    expect(failure.message).toBe('Invalid or expired reset token');
  });
});

describe('mentionsSessionFailure', () => {
  it('matches case-insensitively and ignores empty text', () => {
    expect(mentionsSessionFailure('Token has EXPIRED')).toBe(true);
    expect(mentionsSessionFailure('Please fill in all required fields')).toBe(false);
    expect(mentionsSessionFailure(undefined)).toBe(false);
  });
});

describe('errorMessage', () => {
  it("prefers the server's or the status's words over a screen's fallback", () => {
    expect(errorMessage(new ApiError({ status: 400, message: 'Email is invalid' }), 'Login failed')).toBe('Email is invalid');
    expect(errorMessage(networkFailure(), 'Login failed')).toBe(t.network);
  });

  it('uses the fallback for the catch-all text and for unexpected errors', () => {
    expect(errorMessage(new ApiError({ status: 500, message: t.generic, generic: true }), 'Login failed')).toBe('Login failed');
    expect(errorMessage(new TypeError('x is undefined'), 'Login failed')).toBe('Login failed');
    expect(errorMessage(new TypeError('x is undefined'))).toBe(t.unexpected);
  });
});
