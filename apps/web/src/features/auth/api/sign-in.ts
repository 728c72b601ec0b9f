import { messages } from '@hopbox/contracts/messages';
import type { MfaChallenge } from '@hopbox/contracts/second-factor-rules';
import { readSignInResponse } from '@hopbox/contracts/session-user';
import { answer, publicApi } from '@/lib/api-client';
import { ApiError } from '@/lib/api-errors';
import { isStaffRole } from '@/lib/roles';
import { requireEnrolment, saveSession } from '@/lib/session';

export interface SignInInput {
  email: string;
  password: string;
}

/**
 * POST /api/sso/signin; a complete answer becomes the stored session. An account with a second factor answers
 * the code step instead (its mfaToken), which is returned for the page to show; a staff or admin account
 * without one is signed in and sent to enrolment (decision 049).
 */
export async function signIn(input: SignInInput): Promise<MfaChallenge | null> {
  const body: unknown = await answer(publicApi.POST('/api/sso/signin', { body: { ...input, userType: 'user' } }));
  if (body && typeof body === 'object' && 'mfaRequired' in body && body.mfaRequired === true) return body as MfaChallenge;
  // SPEC.md: an answer without a token is a failed sign-in, one without a user another message.
  if (!body || typeof body !== 'object' || !('token' in body) || typeof body.token !== 'string' || !body.token) {
    throw new ApiError({ status: 200, message: messages.auth.loginFailed });
  }
  const answered = readSignInResponse(body);
  if (!answered) throw new ApiError({ status: 200, message: messages.auth.loginNoUser });
  requireEnrolment(isStaffRole(answered.user.role));
  saveSession({ token: answered.token, refreshToken: answered.refreshToken, user: answered.user });
  return null;
}
