import { messages } from '@hopbox/contracts/messages';
import { readSignInResponse } from '@hopbox/contracts/session-user';
import { answer, publicApi } from '@/lib/api-client';
import { ApiError } from '@/lib/api-errors';
import type { SignedIn } from './sign-in';

/** POST /api/auth/mfa/verify: the sign-in's second step; its answer, what sign-in answers, is the session to store. */
export async function verifySecondFactor(input: { mfaToken: string; code: string }): Promise<SignedIn> {
  const answered = readSignInResponse(await answer(publicApi.POST('/api/auth/mfa/verify', { body: input })));
  if (!answered) throw new ApiError({ status: 200, message: messages.auth.loginNoUser });
  return { session: answered, enrol: false };
}
