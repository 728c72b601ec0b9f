import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '@/features/auth/api/sign-out';
import { USER_MENU_TRIGGER_CLASSES, UserMenuFace } from './user-menu-face';

const itemClasses =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-fg outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-subtle';

/**
 * The avatar menu itself: who is signed in, the profile, and Sign out. Loaded the first time the customer opens it
 * (`UserMenu`), which it replaces already open.
 */
export function AccountMenu({ fullName, email }: { fullName: string; email: string }) {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger aria-label={`User menu for ${fullName}`} className={USER_MENU_TRIGGER_CLASSES}>
        <UserMenuFace fullName={fullName} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={8} className="z-50 w-64 rounded-xl border border-line bg-surface p-1.5 shadow-lg">
        <DropdownMenu.Label className="px-2.5 py-2">
          <p className="truncate text-sm font-semibold text-fg">{fullName}</p>
          <p className="truncate text-xs text-muted">{email}</p>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-line" />
        <DropdownMenu.Item className={itemClasses} onSelect={() => navigate('/profile')}>
          <UserRound className="size-4 text-muted" aria-hidden="true" />
          Profile
        </DropdownMenu.Item>
        <DropdownMenu.Item
          className={itemClasses}
          disabled={signingOut}
          onSelect={(event) => {
            event.preventDefault();
            setSigningOut(true);
            void signOut();
          }}
        >
          <LogOut className="size-4 text-muted" aria-hidden="true" />
          Sign out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
