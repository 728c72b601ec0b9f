import { messages } from '@hopbox/contracts/messages';
import type { MfaChallenge } from '@hopbox/contracts/second-factor-rules';
import { readSignInResponse } from '@hopbox/contracts/session-user';
import { answer, publicApi } from '@/lib/api-client';
import { ApiError } from '@/lib/api-errors';
import { isStaffRole } from '@/lib/roles';
import type { Session } from '@/lib/session';

export interface SignInInput {
  email: string;
  password: string;
}

/** A sign-in's outcome: the session to store, and whether the account must first enrol a second factor. */
export interface SignedIn {
  session: Session;
  enrol: boolean;
}

export const isMfaChallenge = (step: MfaChallenge | SignedIn): step is MfaChallenge => 'mfaToken' in step;

/**
 * POST /api/sso/signin. A complete answer is returned as the session to store (`enterSignedIn`); an account with a
 * second factor answers the code step instead (its mfaToken), which is returned for the page to show; a staff or
 * admin account without one is signed in and sent to enrolment (decision 049).
 */
export async function signIn(input: SignInInput): Promise<MfaChallenge | SignedIn> {
  const body: unknown = await answer(publicApi.POST('/api/sso/signin', { body: { ...input, userType: 'user' } }));
  if (body && typeof body === 'object' && 'mfaRequired' in body && body.mfaRequired === true) return body as MfaChallenge;
  // SPEC.md: an answer without a token is a failed sign-in, one without a user another message.
  if (!body || typeof body !== 'object' || !('token' in body) || typeof body.token !== 'string' || !body.token) {
    throw new ApiError({ status: 200, message: messages.auth.loginFailed });
  }
  const answered = readSignInResponse(body);
  if (!answered) throw new ApiError({ status: 200, message: messages.auth.loginNoUser });
  return { session: answered, enrol: isStaffRole(answered.user.role) };
}
