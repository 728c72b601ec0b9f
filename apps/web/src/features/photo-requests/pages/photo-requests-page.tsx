import { Camera } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** /photo-requests. */
export default function PhotoRequestsPage() {
  return (
    <>
      <PageHeader tabTitle="Photo Requests" title="Photo Requests" description="Photos of your packages taken by our warehouse team." />
      <EmptyState
        icon={Camera}
        title="You have not requested any photos yet."
        description="Ask for photos of a package from Received Packages; your requests and their photos are listed here."
      />
    </>
  );
}
