import type { MfaMethod } from '@hopbox/contracts/second-factor-rules';
import type { ComponentProps } from 'react';
import { TextField } from '@/components/form-field';

/** What a code field asks for: the authenticator's six digits, or a recovery code (either, where both are taken). */
const FIELD: Record<MfaMethod | 'any', { label: string; hint: string }> = {
  totp: { label: 'Authentication code', hint: 'The 6-digit code your authenticator app shows for this account.' },
  recovery_code: { label: 'Recovery code', hint: 'One of the recovery codes you saved, like abcde-12345. Each works once.' },
  any: { label: 'Authentication or recovery code', hint: 'A code from your authenticator app, or one of your recovery codes.' },
};

/**
 * A one-time code input: the browser and password managers may fill it (`autocomplete="one-time-code"`), and
 * phones show the digit keypad for an authenticator code.
 */
export function CodeField({
  method,
  error,
  label,
  ...props
}: Omit<ComponentProps<'input'>, 'id'> & { method: MfaMethod | 'any'; error?: string; label?: string }) {
  const field = FIELD[method];
  return (
    <TextField
      label={label ?? field.label}
      hint={field.hint}
      error={error}
      autoComplete="one-time-code"
      inputMode={method === 'totp' ? 'numeric' : 'text'}
      autoCapitalize="off"
      spellCheck={false}
      maxLength={method === 'totp' ? 7 : 64}
      className="font-mono tracking-[0.2em]"
      {...props}
    />
  );
}
