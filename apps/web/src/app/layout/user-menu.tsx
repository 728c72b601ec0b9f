import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '@/features/auth/api/sign-out';
import { initials } from '@/lib/format';
import { useSession } from '@/lib/use-session';

const itemClasses =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-fg outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-subtle';

/** The avatar menu: who is signed in, the profile, and Sign out. */
export function UserMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  if (!session) return null;
  const { fullName, email } = session.user;

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`User menu for ${fullName}`}
        className="touch-target relative flex items-center gap-2 rounded-lg p-1 text-left hover:bg-subtle sm:pr-2 data-[state=open]:bg-subtle"
      >
        {/* The initials are drawn by CSS, not text: the button's visible text stays the name its label holds (WCAG 2.5.3). */}
        <span
          aria-hidden="true"
          data-initials={initials(fullName)}
          className="flex size-8 items-center justify-center rounded-full bg-accent text-xs font-semibold text-white before:content-[attr(data-initials)]"
        />
        <span className="hidden max-w-40 truncate text-sm font-medium text-fg md:block">{fullName}</span>
        <ChevronDown className="hidden size-4 text-muted md:block" aria-hidden="true" />
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
