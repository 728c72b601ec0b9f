import { z } from 'zod';
import { ROLES } from './constants.ts';

// Kept apart from auth.ts so the web app's always-loaded session code does not pull in the
// country list that the sign-up rules need.

/** The session user of SPEC.md section 3, answered by sign-in and kept in `user_user`. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  country: z.string().nullable(),
  lockerNumber: z.string().nullable(),
  tenantId: z.number().int(),
  role: z.enum(ROLES),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const signInResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  refreshToken: z.string(),
  user: sessionUserSchema,
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** Sign-up's answer: SPEC.md's success message, and the new customer's session (decision 092). */
export const signUpResponseSchema = signInResponseSchema.extend({ message: z.string() });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/** The profile of SPEC.md section 3 (User profile), with the session fields alongside. */
export const profileSchema = sessionUserSchema.extend({ createdAt: z.string() });
export type Profile = z.infer<typeof profileSchema>;
