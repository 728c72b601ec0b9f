import { PackagePlus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';

/** The console's way to the Receive screen, in the headers of the Overview and Packages. */
export function ReceivePackageLink() {
  return (
    <Link to="/staff/receive" className={buttonClasses('primary')}>
      <PackagePlus className="size-4" aria-hidden="true" />
      Receive a package
    </Link>
  );
}
