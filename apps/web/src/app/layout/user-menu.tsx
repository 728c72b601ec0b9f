import { type ComponentType, useState } from 'react';
import { useSession } from '@/lib/use-session';
import { USER_MENU_TRIGGER_CLASSES, UserMenuFace } from './user-menu-face';

type AccountMenuComponent = ComponentType<{ fullName: string; email: string }>;

/** The menu's code (Radix's dropdown and its positioning) loads when it is first wanted, not with every page (decision 081). */
const loadAccountMenu = () => import('./account-menu').then((m) => m.AccountMenu);

/**
 * The avatar button. Until the menu is first opened it is a plain button that looks the same; opening it (click,
 * Enter, Space or Arrow Down) loads the menu, which takes its place already open. Pointing at it or focusing it
 * starts the load early.
 */
export function UserMenu() {
  const session = useSession();
  const [AccountMenu, setAccountMenu] = useState<AccountMenuComponent | null>(null);
  if (!session) return null;
  const { fullName, email } = session.user;
  if (AccountMenu) return <AccountMenu fullName={fullName} email={email} />;

  const prefetch = () => void loadAccountMenu().catch(() => undefined);
  const open = () =>
    void loadAccountMenu().then(
      (menu) => setAccountMenu(() => menu),
      () => undefined,
    );
  return (
    <button
      type="button"
      aria-label={`User menu for ${fullName}`}
      aria-haspopup="menu"
      aria-expanded={false}
      className={USER_MENU_TRIGGER_CLASSES}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        open();
      }}
    >
      <UserMenuFace fullName={fullName} />
    </button>
  );
}
