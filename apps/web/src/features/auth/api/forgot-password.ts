import { messages } from '@hopbox/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/user/forgot-password; answers the same whether or not the email exists. */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await api.post<{ message?: string } | undefined>('/api/auth/user/forgot-password', { email }, { auth: false });
  return answer?.message || messages.auth.forgotSent;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
