import { type InternalNote, type InternalNoteEntity, internalNoteInputSchema } from '@hopbox/contracts/internal-notes';
import { LockKeyhole } from 'lucide-react';
import { useId } from 'react';
import { useAddInternalNote } from '@/lib/internal-notes';
import { toast } from '@/lib/toast';
import { useOneFieldForm } from '@/lib/use-one-field-form';
import { Button } from './button';
import { TextAreaField } from './textarea-field';
import { TimeAgo } from './time-ago';

/**
 * Staff's notes about a package or a shipment, and the form to add one (decision 053). They stay in
 * the console: the heading says so, since the receipt notes beside them are the customer's to read.
 */
export function InternalNotes({
  entity,
  id,
  notes,
  titled = true,
}: {
  entity: InternalNoteEntity;
  id: number;
  notes: readonly InternalNote[];
  /** False where a disclosure's summary already says "Internal notes": the heading is then for screen readers. */
  titled?: boolean;
}) {
  const add = useAddInternalNote(entity, id);
  const headingId = useId();
  const note = useOneFieldForm(
    (body) => internalNoteInputSchema.safeParse({ body }),
    async ({ body }) => {
      await add.mutateAsync(body);
      toast.success('Note added');
    },
  );

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h3 id={headingId} className={titled ? 'flex items-center gap-1.5 text-sm font-semibold text-fg' : 'sr-only'}>
          <LockKeyhole className="size-3.5 text-muted" aria-hidden="true" />
          Internal notes
        </h3>
        <p className="text-xs text-muted">Only staff see these: never the customer, a mail or a printed document.</p>
      </div>
      {notes.length > 0 && (
        <ol className="space-y-2">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg border border-line bg-subtle/60 px-3 py-2 text-sm">
              <p className="whitespace-pre-line break-words text-fg">{note.body}</p>
              <p className="mt-1 text-xs text-muted">
                {note.authorName ?? 'Staff'} · <TimeAgo iso={note.createdAt} />
              </p>
            </li>
          ))}
        </ol>
      )}
      <form noValidate onSubmit={note.submit} className="space-y-2">
        <TextAreaField label="Add an internal note" rows={2} maxLength={1000} {...note.field} />
        <div className="flex justify-end">
          <Button type="submit" size="sm" variant="secondary" loading={add.isPending}>
            Add note
          </Button>
        </div>
      </form>
    </section>
  );
}
