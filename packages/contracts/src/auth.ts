import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { messages } from './messages.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, MOBILE_PATTERN, normalizePhone, PHONE_INPUT_MAX_LENGTH, requiredString } from './validation.ts';

const m = messages;

// The length is checked first and aborts, so the pattern never sees more than EMAIL_MAX_LENGTH characters.
export const emailSchema = z
  .string({ error: m.auth.emailRequired })
  .trim()
  .max(EMAIL_MAX_LENGTH, { message: m.auth.emailInvalid, abort: true })
  .min(1, m.auth.emailRequired)
  .toLowerCase()
  .regex(EMAIL_PATTERN, m.auth.emailInvalid);

export const mobileSchema = requiredString(m.signup.mobileRequired)
  .max(PHONE_INPUT_MAX_LENGTH, m.signup.mobileInvalid)
  .transform(normalizePhone)
  .pipe(z.string().regex(MOBILE_PATTERN, m.signup.mobileInvalid));

/** The stricter rules of the reset page, also used for a password change. */
export const newPasswordSchema = z
  .string({ error: m.resetPassword.passwordMin })
  .min(PASSWORD_MIN_LENGTH, m.resetPassword.passwordMin)
  .max(200, m.resetPassword.passwordMin)
  .regex(/[A-Za-z]/, m.resetPassword.passwordLetter)
  .regex(/\d/, m.resetPassword.passwordNumber);

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: m.auth.passwordRequired }).min(1, m.auth.passwordRequired).max(200),
  /** Sent by SPEC.md's client; the role always comes from the account, so it is ignored. */
  userType: z.string().max(20).optional(),
});
export type SignInInput = z.input<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetTokenQuerySchema = z.object({
  token: z.string({ error: m.auth.resetTokenMissing }).min(1, m.auth.resetTokenMissing).max(200),
});

export const resetPasswordSchema = resetTokenQuerySchema.extend({ newPassword: newPasswordSchema });

/** The reset page's form: the server rules plus the confirmation. */
export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: m.resetPassword.passwordsMismatch,
    path: ['confirmPassword'],
  });

export const refreshSchema = z.object({
  refreshToken: z.string({ error: m.auth.refreshTokenInvalid }).min(1, m.auth.refreshTokenInvalid).max(200),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: m.auth.passwordRequired }).min(1, m.auth.passwordRequired).max(200),
  newPassword: newPasswordSchema,
});

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: m.resetPassword.passwordsMismatch,
    path: ['confirmPassword'],
  });

export const profileUpdateSchema = z.object({
  firstName: requiredString(m.signup.firstNameRequired).max(100),
  lastName: requiredString(m.signup.lastNameRequired).max(100),
  email: emailSchema,
  phone: mobileSchema,
  /** Needed only when the email changes; the server checks it then and ignores it otherwise. */
  currentPassword: z.string().max(200).optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export {
  type Profile,
  profileSchema,
  type SessionUser,
  type SignInResponse,
  type SignUpResponse,
  sessionUserSchema,
  signInResponseSchema,
  signUpResponseSchema,
} from './session.ts';
