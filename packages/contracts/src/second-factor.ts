import { z } from 'zod';
import { messages } from './messages.ts';
import { secondFactorMessages } from './second-factor-messages.ts';
import { MFA_METHODS } from './second-factor-rules.ts';

const m = messages;

const codeField = z
  .string({ error: secondFactorMessages.codeRequired })
  .max(64, secondFactorMessages.codeInvalid)
  .trim()
  .min(1, secondFactorMessages.codeRequired);
const passwordField = z.string({ error: m.auth.passwordRequired }).min(1, m.auth.passwordRequired).max(200);

/** Sign-in's answer for an account with a second factor (readMfaChallenge reads it without zod). */
export const mfaChallengeSchema = z.object({
  success: z.literal(true),
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
});

/** The sign-in's second step: the mfaToken and a code of the authenticator app or a recovery code. */
export const mfaVerifySchema = z.object({
  mfaToken: z.string({ error: secondFactorMessages.tokenInvalid }).min(1, secondFactorMessages.tokenInvalid).max(200),
  code: codeField,
});

/** Replacing a factor that is on needs the password and a current code; a first set-up needs neither. */
export const totpSetupSchema = z.object({ password: passwordField.optional(), code: codeField.optional() }).optional();

export const totpSetupResponseSchema = z.object({
  success: z.literal(true),
  /** The new secret in base32, for typing into an authenticator app. */
  secret: z.string(),
  /** The same as a key URI, for the QR code. */
  otpauthUri: z.string(),
});

export const totpEnableSchema = z.object({ code: codeField });

/** Turning the factor off and new recovery codes: the password and a current code (or a recovery code). */
export const secondFactorChangeSchema = z.object({ password: passwordField, code: codeField });

/** Ten single-use recovery codes, shown this once: only their hashes are kept. */
export const recoveryCodesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});

export const secondFactorStatusSchema = z.object({
  success: z.literal(true),
  totp: z.object({ enabled: z.boolean(), enabledAt: z.string().nullable() }),
  recoveryCodesLeft: z.number().int(),
  /** Staff and admin accounts must have a factor (and cannot turn it off). */
  required: z.boolean(),
  /** Whether this session passed the second factor. */
  sessionVerified: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;
