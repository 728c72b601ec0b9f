import type { Profile, SessionUser } from '@hopbox/contracts/auth';
import type { Role } from '@hopbox/contracts/constants';

interface UserLike {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  gender: string | null;
  country: string | null;
  lockerNumber: string | null;
  tenantId: number;
  role: string;
  createdAt: Date;
}

/** The session user of SPEC.md section 3, as sign-in answers it. */
export function toSessionUser(user: UserLike): SessionUser {
  return {
    id: user.id,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    gender: user.gender,
    country: user.country,
    lockerNumber: user.lockerNumber,
    tenantId: user.tenantId,
    role: user.role as Role,
  };
}

export function toProfile(user: UserLike): Profile {
  return { ...toSessionUser(user), createdAt: user.createdAt.toISOString() };
}
