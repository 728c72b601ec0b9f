import type { SignUpInput } from '@hopbox/contracts/sign-up';
import { useMutation } from '@tanstack/react-query';
import { type Answer, answer, publicApi } from '@/lib/api-client';

export type SignUpAnswer = Answer<'/api/sso/signup', 'post'>;

/** POST /api/sso/signup: creates a customer account and answers its first session (decision 092). */
export function signUp(input: SignUpInput): Promise<SignUpAnswer> {
  return answer(publicApi.POST('/api/sso/signup', { body: { ...input, userType: 'user' } }));
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
