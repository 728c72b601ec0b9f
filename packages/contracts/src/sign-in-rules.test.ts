import { describe, expect, it } from 'vitest';
import { signInSchema } from './auth.ts';
import { normalizeEmail, type SignInFields, signInFieldErrors } from './sign-in-rules.ts';

/** The first message signInSchema gives each field, as the sign-in form showed them. */
function schemaErrors(input: SignInFields) {
  const parsed = signInSchema.safeParse(input);
  const errors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('signInFieldErrors checks as signInSchema does', () => {
  it.each<SignInFields>([
    { email: '', password: '' },
    { email: '   ', password: 'secret' },
    { email: 'nobody', password: 'secret' },
    { email: 'dana@example', password: 'secret' },
    { email: 'dana@example.com', password: '' },
    { email: '  Dana@Example.COM ', password: 'secret' },
    { email: `${'a'.repeat(250)}@example.com`, password: 'secret' },
    { email: `${'a'.repeat(240)}@example.com  `, password: 'x' },
    { email: 'da na@example.com', password: 'x' },
    { email: 'dana@exa..mple.com', password: 'x' },
  ])('$email / $password', (input) => {
    expect(signInFieldErrors(input)).toEqual(schemaErrors(input));
  });

  it('sends the email as the schema passes it on', () => {
    const input = { email: '  Dana@Example.COM ', password: 'secret' };
    expect(normalizeEmail(input.email)).toBe(signInSchema.parse(input).email);
  });
});
