import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { CheckboxField } from '@/components/checkbox-field';
import { CopyButton } from '@/components/copy-button';
import { useAppConfig } from '@/lib/app-config';
import { saveObjectUrl } from '@/lib/save-file';

/**
 * Recovery codes, shown this once (only their hashes are kept): copy or download them, and say they are saved
 * before going on (decision 049).
 */
export function RecoveryCodes({ codes, finishLabel, onFinished }: { codes: string[]; finishLabel: string; onFinished: () => void }) {
  const { brandName } = useAppConfig();
  const [saved, setSaved] = useState(false);
  const headingId = useId();
  const text = codes.join('\n');

  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`${brandName} recovery codes\nEach code signs you in once if you lose your authenticator app.\n\n${text}\n`], {
        type: 'text/plain',
      }),
    );
    saveObjectUrl(url, `${brandName.toLowerCase().replace(/\W+/g, '-')}-recovery-codes.txt`);
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-base font-semibold text-fg">
          Save your recovery codes
        </h2>
        <p className="mt-1 text-sm text-muted">
          If you lose your phone, each code signs you in once. They are shown only now: keep them somewhere safe, such as a password
          manager.
        </p>
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border border-line bg-subtle p-4 font-mono text-sm text-fg"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={text} label="Codes" showLabel />
        <Button variant="secondary" size="sm" onClick={download}>
          <Download className="size-3.5" aria-hidden="true" />
          Download
        </Button>
      </div>
      <CheckboxField label="I have saved my recovery codes" checked={saved} onCheckedChange={setSaved} />
      <Button className="w-full" disabled={!saved} onClick={onFinished}>
        {finishLabel}
      </Button>
    </section>
  );
}
