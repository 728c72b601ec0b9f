import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

export const secondFactorQueryKey = ['second-factor'] as const;

/** GET /api/auth/mfa: whether the authenticator is on, the recovery codes left, whether this session passed it. */
export const secondFactorQuery = queryOptions({ queryKey: secondFactorQueryKey, queryFn: () => answer(api.GET('/api/auth/mfa')) });

export function useSecondFactor() {
  return useQuery(secondFactorQuery);
}

/** The password and a current code, which every change to a factor that is on needs. */
export interface Confirmation {
  password: string;
  code: string;
}

/** POST /api/auth/mfa/totp/setup: a new secret and its otpauth URI (replacing one that is on needs a confirmation). */
export function useSetUpTotp() {
  return useMutation({
    mutationFn: (confirmation?: Confirmation) => answer(api.POST('/api/auth/mfa/totp/setup', { body: confirmation ?? {} })),
  });
}

/** Runs a change of the factor and then reads its state again. */
function useFactorChange<I, O>(change: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorQueryKey }),
  });
}

/**
 * POST /api/auth/mfa/totp/enable: the first code turns it on; answers the recovery codes, shown once. The state
 * is not read again here, so the screen showing the codes stays until the user has saved them.
 */
export function useEnableTotp() {
  return useMutation({ mutationFn: (code: string) => answer(api.POST('/api/auth/mfa/totp/enable', { body: { code } })) });
}

/** POST /api/auth/mfa/totp/disable (customers). */
export const useDisableTotp = () =>
  useFactorChange((confirmation: Confirmation) => answer(api.POST('/api/auth/mfa/totp/disable', { body: confirmation })));

/** POST /api/auth/mfa/recovery-codes: new codes in place of the old ones. */
export const useRegenerateRecoveryCodes = () =>
  useFactorChange((confirmation: Confirmation) => answer(api.POST('/api/auth/mfa/recovery-codes', { body: confirmation })));
