import { messages } from '@hopbox/contracts/messages';
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, failureFromResponse, hasErrorCode, mentionsSessionFailure, networkFailure } from './api-errors';

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

describe('error codes', () => {
  const coded = (message: string, code: string, field?: string) => ({ ...body(message, 'Conflict', field), code });
  it('carries the server code on every failure it builds', () => {
    expect(failureFromResponse(409, coded('An account with this email already exists', 'EMAIL_TAKEN', 'email'), false)).toMatchObject({
      status: 409,
      code: 'EMAIL_TAKEN',
      field: 'email',
      message: 'An account with this email already exists',
    });
    expect(failureFromResponse(403, coded('x', 'FORBIDDEN'), true).code).toBe('FORBIDDEN');
    expect(failureFromResponse(404, coded('x', 'NOT_FOUND'), true).code).toBe('NOT_FOUND');
    expect(failureFromResponse(413, coded('x', 'PAYLOAD_TOO_LARGE'), true).code).toBe('PAYLOAD_TOO_LARGE');
    expect(failureFromResponse(500, { success: false, code: 'INTERNAL' }, true)).toMatchObject({ code: 'INTERNAL', generic: true });
  });
  it('knows a signed-in 401 is an expired session, with or without a code in the answer', () => {
    expect(failureFromResponse(401, {}, true)).toMatchObject({ code: 'SESSION_EXPIRED', endsSession: true });
    expect(failureFromResponse(401, coded('Session expired', 'SESSION_EXPIRED'), true).code).toBe('SESSION_EXPIRED');
    expect(failureFromResponse(401, coded('Invalid email or password', 'INVALID_CREDENTIALS'), false)).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      endsSession: false,
    });
  });
  it('ignores a code it does not know, and has none when there was no answer', () => {
    expect(failureFromResponse(409, coded('x', 'SOMETHING_NEW'), true).code).toBeUndefined();
    expect(networkFailure().code).toBeUndefined();
  });
  it('hasErrorCode matches API failures by code only', () => {
    const taken = failureFromResponse(409, coded('Any words at all', 'EMAIL_TAKEN'), false);
    expect(hasErrorCode(taken, 'EMAIL_TAKEN')).toBe(true);
    expect(hasErrorCode(taken, 'CONFLICT', 'EMAIL_TAKEN')).toBe(true);
    expect(hasErrorCode(taken, 'CONFLICT')).toBe(false);
    expect(hasErrorCode(new ApiError({ status: 409, message: 'An account with this email already exists' }), 'EMAIL_TAKEN')).toBe(false);
    expect(hasErrorCode(new Error('EMAIL_TAKEN'), 'EMAIL_TAKEN')).toBe(false);
  });
  it('still ends a signed-in session on SPEC.md session words in the text (SPEC.md section 8)', () => {
    expect(failureFromResponse(400, coded('Invalid token', 'VALIDATION_FAILED'), true).endsSession).toBe(true);
    expect(failureFromResponse(400, coded('Invalid token', 'RESET_TOKEN_INVALID'), false).endsSession).toBe(false);
  });
});
