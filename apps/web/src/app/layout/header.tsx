import { ExternalLink, Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { IconButton } from '@/components/button';
import { useAppConfig } from '@/lib/app-config';
import { QuickSearch } from './quick-search';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

interface HeaderProps {
  isDesktop: boolean;
  /** Desktop: the sidebar is wide; mobile: the overlay is open. */
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
}

export function Header({ isDesktop, sidebarExpanded, onToggleSidebar }: HeaderProps) {
  const { brandName, providerUrl } = useAppConfig();
  const ToggleIcon = !isDesktop ? Menu : sidebarExpanded ? PanelLeftClose : PanelLeftOpen;
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-line bg-surface/85 px-3 backdrop-blur-md sm:gap-3 sm:px-6">
      <IconButton aria-label="Toggle sidebar" aria-expanded={sidebarExpanded} aria-controls="app-sidebar" onClick={onToggleSidebar}>
        <ToggleIcon className="size-5" aria-hidden="true" />
      </IconButton>
      <div className="min-w-0 flex-1">
        <QuickSearch />
      </div>
      <div className="flex items-center gap-0.5 sm:gap-1">
        <ThemeToggle />
        {providerUrl && (
          <a
            href={providerUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${brandName} website (opens in a new tab)`}
            title={`${brandName} website`}
            className="touch-target relative inline-flex size-9 items-center justify-center rounded-lg text-muted transition-colors hover:bg-subtle hover:text-fg"
          >
            <ExternalLink className="size-5" aria-hidden="true" />
          </a>
        )}
        <div className="ml-1 h-6 w-px bg-line" aria-hidden="true" />
        <UserMenu />
      </div>
    </header>
  );
}
