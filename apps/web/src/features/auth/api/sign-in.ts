import { signInResponseSchema } from '@hopbox/contracts/auth';
import { messages } from '@hopbox/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-errors';
import { saveSession } from '@/lib/session';

export interface SignInInput {
  email: string;
  password: string;
}

/** POST /api/sso/signin; a complete answer becomes the stored session. */
export async function signIn(input: SignInInput): Promise<void> {
  const answer = await api.post<Record<string, unknown> | undefined>('/api/sso/signin', { ...input, userType: 'user' }, { auth: false });
  if (!answer || typeof answer.token !== 'string' || !answer.token) {
    throw new ApiError({ status: 200, message: messages.auth.loginFailed });
  }
  const parsed = signInResponseSchema.safeParse(answer);
  if (!parsed.success) throw new ApiError({ status: 200, message: messages.auth.loginNoUser });
  saveSession({ token: parsed.data.token, refreshToken: parsed.data.refreshToken, user: parsed.data.user });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
