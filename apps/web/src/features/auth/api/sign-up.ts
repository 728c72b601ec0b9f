import type { SessionUser, SignUpInput } from '@hopbox/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SignUpAnswer {
  success: true;
  message: string;
  user: SessionUser;
}

/** POST /api/sso/signup: creates a customer account; the user signs in afterwards. */
export function signUp(input: SignUpInput): Promise<SignUpAnswer> {
  return api.post<SignUpAnswer>('/api/sso/signup', { ...input, userType: 'user' }, { auth: false });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
