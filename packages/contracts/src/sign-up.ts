import { z } from 'zod';
import { emailSchema, mobileSchema } from './auth.ts';
import { GENDERS, PASSWORD_MIN_LENGTH } from './constants.ts';
import { isCountryName } from './countries.ts';
import { messages as m } from './messages.ts';
import { requiredString } from './validation.ts';

// Apart from auth.ts: only this form needs the country list, and the sign-in page must not load it.

export const signUpSchema = z
  .object({
    firstName: requiredString(m.signup.firstNameRequired).max(100),
    lastName: requiredString(m.signup.lastNameRequired).max(100),
    email: emailSchema,
    phoneNumber: mobileSchema,
    gender: z.enum(GENDERS, { error: m.signup.genderRequired }),
    country: requiredString(m.signup.countryRequired).max(120, m.signup.countryRequired).refine(isCountryName, m.signup.countryRequired),
    password: z
      .string({ error: m.auth.passwordRequired })
      .min(1, m.auth.passwordRequired)
      .min(PASSWORD_MIN_LENGTH, m.signup.passwordMin)
      .max(200),
    retypePassword: z.string({ error: m.signup.passwordsMismatch }).max(200, m.signup.passwordsMismatch),
    userType: z.string().max(20).optional(),
  })
  .refine((v) => v.password === v.retypePassword, { message: m.signup.passwordsMismatch, path: ['retypePassword'] });
export type SignUpInput = z.input<typeof signUpSchema>;
