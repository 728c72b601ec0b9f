import { messages } from '@hopbox/contracts/messages';
import { readSignInResponse } from '@hopbox/contracts/session-user';
import { answer, publicApi } from '@/lib/api-client';
import { ApiError } from '@/lib/api-errors';
import { saveSession } from '@/lib/session';

export interface SignInInput {
  email: string;
  password: string;
}

/** POST /api/sso/signin; a complete answer becomes the stored session. */
export async function signIn(input: SignInInput): Promise<void> {
  const body: unknown = await answer(publicApi.POST('/api/sso/signin', { body: { ...input, userType: 'user' } }));
  // SPEC.md: an answer without a token is a failed sign-in, one without a user another message.
  if (!body || typeof body !== 'object' || !('token' in body) || typeof body.token !== 'string' || !body.token) {
    throw new ApiError({ status: 200, message: messages.auth.loginFailed });
  }
  const answered = readSignInResponse(body);
  if (!answered) throw new ApiError({ status: 200, message: messages.auth.loginNoUser });
  saveSession({ token: answered.token, refreshToken: answered.refreshToken, user: answered.user });
}
