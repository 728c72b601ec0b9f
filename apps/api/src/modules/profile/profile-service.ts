import { messages } from '@hopbox/contracts/messages';
import type { AppDeps } from '../../app.ts';
import { conflict, unauthorized } from '../../lib/errors.ts';
import { toProfile } from '../auth/session-user.ts';
import { findUserByEmail, isUniqueViolation, updateUser } from '../auth/users-repository.ts';

export async function updateProfile(
  deps: AppDeps,
  userId: number,
  input: { firstName: string; lastName: string; email: string; phone: string },
) {
  const owner = await findUserByEmail(deps.db, input.email);
  if (owner && owner.id !== userId) throw conflict(messages.auth.emailTaken, 'email');
  try {
    const user = await updateUser(deps.db, userId, input);
    if (!user) throw unauthorized();
    return toProfile(user);
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw conflict(messages.auth.emailTaken, 'email');
    throw err;
  }
}
