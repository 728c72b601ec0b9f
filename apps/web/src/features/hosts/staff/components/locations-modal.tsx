import type { Host } from '@hopbox/contracts/hosts';
import { HOST_LOCATIONS_MAX, hostLocationsUpdateSchema, splitLocationCodes } from '@hopbox/contracts/locations';
import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { TextAreaField } from '@/components/textarea-field';
import { errorMessage } from '@/lib/api-errors';
import { useHostLocations } from '@/lib/host-locations';
import { toast } from '@/lib/toast';
import { useSaveHostLocations } from '../api/save-host-locations';

/**
 * A host's shelves and bins (decision 053), edited as one list: pasted from a spreadsheet column or
 * typed, one code per line. Receiving and moving parcels accept only these codes once there are any.
 */
export function LocationsModal({ host, onClose }: { host: Host | null; onClose: () => void }) {
  return (
    <Modal
      isOpen={host !== null}
      onClose={onClose}
      title={host ? `Locations of ${host.name}` : 'Locations'}
      description="The shelf and bin codes printed on their labels. Staff scan or type one when they receive or move a parcel."
      maxWidth="max-w-xl"
    >
      {host && <LocationsForm key={host.id} host={host} onClose={onClose} />}
    </Modal>
  );
}

function LocationsForm({ host, onClose }: { host: Host; onClose: () => void }) {
  const current = useHostLocations(host.id);
  const save = useSaveHostLocations(host.id);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  // The textarea starts from the saved list once it has loaded.
  useEffect(() => {
    if (current.data && text === null) setText(current.data.codes.join('\n'));
  }, [current.data, text]);

  const codes = splitLocationCodes(text ?? '');
  const inUse = Object.keys(current.data?.inUse ?? {}).length;

  const submit = async () => {
    const parsed = hostLocationsUpdateSchema.safeParse({ codes });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data.codes);
      toast.success(`${host.name}: ${saved.codes.length} location${saved.codes.length === 1 ? '' : 's'} saved`);
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <div className="space-y-4">
      <TextAreaField
        label="Shelf and bin codes"
        rows={12}
        value={text ?? ''}
        disabled={text === null}
        className="font-mono uppercase"
        spellCheck={false}
        error={error}
        hint={`One per line (commas and spaces also separate them), at most ${HOST_LOCATIONS_MAX}. A code still holding parcels cannot be removed.`}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      <p className="text-sm text-muted">
        {codes.length} code{codes.length === 1 ? '' : 's'} · {inUse} holding parcels now
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button loading={save.isPending} disabled={text === null} onClick={submit}>
          {save.isPending ? 'Saving...' : 'Save locations'}
        </Button>
      </div>
    </div>
  );
}
