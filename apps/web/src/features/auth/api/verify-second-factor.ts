import { messages } from '@hopbox/contracts/messages';
import { readSignInResponse } from '@hopbox/contracts/session-user';
import { answer, publicApi } from '@/lib/api-client';
import { ApiError } from '@/lib/api-errors';
import { requireEnrolment, saveSession } from '@/lib/session';

/** POST /api/auth/mfa/verify: the sign-in's second step; its answer, what sign-in answers, becomes the session. */
export async function verifySecondFactor(input: { mfaToken: string; code: string }): Promise<void> {
  const answered = readSignInResponse(await answer(publicApi.POST('/api/auth/mfa/verify', { body: input })));
  if (!answered) throw new ApiError({ status: 200, message: messages.auth.loginNoUser });
  requireEnrolment(false);
  saveSession({ token: answered.token, refreshToken: answered.refreshToken, user: answered.user });
}
