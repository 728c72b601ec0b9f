import { messages } from '@hopbox/contracts/messages';
import { phoneMessages } from '@hopbox/contracts/phone-messages';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { phoneToStore } from '../../lib/phone-numbers.ts';
import { type ClientInfo, limitCurrentPasswordChecks } from '../auth/auth-service.ts';
import { toProfile } from '../auth/session-user.ts';
import { revokeUserSessions } from '../auth/sessions-repository.ts';
import { findUserByEmail, findUserById, updateUser } from '../auth/users-repository.ts';
import { notify } from '../notifications/notifications-service.ts';

/**
 * Changes name, email and phone. A new email is where reset links go, so changing it takes the
 * current password, tells the old address, and signs out every other session (this one stays).
 */
export async function updateProfile(
  deps: AppDeps,
  userId: number,
  sessionId: number,
  input: { firstName: string; lastName: string; email: string; phone: string; currentPassword?: string },
  client: ClientInfo,
) {
  const current = await findUserById(deps.db, userId);
  if (!current) throw unauthorized();
  const { currentPassword, ...typed } = input;
  // The form has no country: a local number is read as one of the account's country (decision 052).
  const phone = phoneToStore(typed.phone, {
    country: current.country,
    field: 'phone',
    message: current.country ? messages.signup.mobileInvalid : phoneMessages.needsCountryCode,
    stored: current.phone,
  });
  const fields = { ...typed, phone };
  const emailChanges = fields.email.toLowerCase() !== current.email.toLowerCase();
  if (emailChanges) {
    await limitCurrentPasswordChecks(deps, userId, client);
    if (!currentPassword) throw badRequest(messages.profile.currentPasswordForEmail, 'currentPassword');
    if (!(await deps.passwords.verify(current.passwordHash, currentPassword))) {
      throw badRequest(messages.auth.currentPasswordWrong, 'currentPassword', 'CURRENT_PASSWORD_WRONG');
    }
  }
  const owner = await findUserByEmail(deps.db, fields.email);
  if (owner && owner.id !== userId) throw conflict(messages.auth.emailTaken, 'email', 'EMAIL_TAKEN');
  try {
    const user = await deps.db.transaction(async (tx) => {
      const updated = await updateUser(tx, userId, fields);
      if (!updated) throw unauthorized();
      if (emailChanges) {
        await revokeUserSessions(tx, userId, 'email-change', sessionId);
        await notify.emailChanged(deps, tx, userId, current.email, updated.email);
      }
      return updated;
    });
    await deps.sessions.changed({ userId });
    return toProfile(user);
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw conflict(messages.auth.emailTaken, 'email', 'EMAIL_TAKEN');
    throw err;
  }
}
