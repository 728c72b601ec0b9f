import { messages } from '@hopbox/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { answer, publicApi } from '@/lib/api-client';

/** POST /api/auth/user/forgot-password; answers the same whether or not the email exists. */
export async function requestPasswordReset(email: string): Promise<string> {
  const body = await answer(publicApi.POST('/api/auth/user/forgot-password', { body: { email } }));
  return body?.message || messages.auth.forgotSent;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
