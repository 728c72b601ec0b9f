import { saveObjectUrl } from '@/lib/save-file';

/** How long a label's object URL lives: the new tab has read it long before. */
const KEEP_URL_MS = 60_000;

/**
 * Opens a PDF fetched with the session (labels are served only with the bearer token, never with a
 * token in the address) in a new tab, from an object URL. The tab is opened before the fetch, while
 * the click still counts as the user's, so pop-up blockers let it through; where one is blocked all
 * the same, the PDF is saved as `fileName` instead. A failed fetch closes the tab and rejects.
 */
export async function openPdfInNewTab(load: () => Promise<Blob>, fileName: string): Promise<void> {
  const tab = window.open('', '_blank');
  let url: string;
  try {
    url = URL.createObjectURL(await load());
  } catch (err) {
    tab?.close();
    throw err;
  }
  if (tab) {
    tab.opener = null;
    tab.location.href = url;
  } else {
    saveObjectUrl(url, fileName);
  }
  setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
}
