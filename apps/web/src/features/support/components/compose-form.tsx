import { PHOTO_MAX_BYTES, PHOTO_MAX_FILES } from '@hopbox/contracts/photo-requests';
import { SUPPORT_FILE_TYPES, supportMessageInputSchema } from '@hopbox/contracts/support';
import { Paperclip, Send, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { FailureForm } from '@/components/failure-form';
import { TextAreaField } from '@/components/textarea-field';
import { formatFileSize } from '@/lib/format';
import { showSubmitFailure, useZodForm } from '@/lib/forms';

/** Checked here as the API checks them (type by content there, by the browser's type here). */
export function fileProblem(files: readonly File[]): string | null {
  if (files.length > PHOTO_MAX_FILES) return `At most ${PHOTO_MAX_FILES} files can be attached at once`;
  const wrongType = files.find((f) => !(SUPPORT_FILE_TYPES as readonly string[]).includes(f.type));
  if (wrongType) return `${wrongType.name}: attach images (JPEG, PNG or WebP) or PDF files`;
  const tooLarge = files.find((f) => f.size > PHOTO_MAX_BYTES);
  if (tooLarge) return `${tooLarge.name} is larger than ${formatFileSize(PHOTO_MAX_BYTES)}`;
  return null;
}

/** The files a message takes: chosen with a labelled picker, listed with a way to remove each. */
export function FilePicker({ files, onChange, error }: { files: File[]; onChange: (files: File[]) => void; error?: string | null }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center gap-1.5 rounded-md text-sm font-medium text-accent-fg hover:underline focus-within:outline-2 focus-within:outline-accent"
      >
        <Paperclip className="size-4" aria-hidden="true" />
        Attach files
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={SUPPORT_FILE_TYPES.join(',')}
          className="sr-only"
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            onChange([...files, ...Array.from(event.target.files ?? [])]);
            if (input.current) input.current.value = '';
          }}
        />
      </label>
      <span id={`${id}-hint`} className="ml-2 text-xs text-muted">
        Images or PDF, up to {PHOTO_MAX_FILES} files of {formatFileSize(PHOTO_MAX_BYTES)}
      </span>
      {files.length > 0 && (
        <ul aria-label="Files to send" className="mt-2 flex flex-wrap gap-2">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center gap-1 rounded-md bg-subtle py-1 pr-1 pl-2 text-xs text-fg">
              <span className="max-w-48 truncate">{file.name}</span>
              <button
                type="button"
                onClick={() => onChange(files.filter((_, i) => i !== index))}
                className="rounded p-0.5 text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
                aria-label={`Remove ${file.name}`}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** A reply: the message and its files; the form empties once the message is sent. */
export function ComposeForm({
  label,
  submitLabel = 'Send',
  onSend,
}: {
  label: string;
  submitLabel?: string;
  onSend: (message: { body: string; files: readonly File[] }) => Promise<unknown>;
}) {
  const form = useZodForm(supportMessageInputSchema, { defaultValues: { body: '' } });
  const [files, setFiles] = useState<File[]>([]);
  const problem = fileProblem(files);
  const submit = form.handleSubmit(async ({ body }) => {
    if (problem) return;
    try {
      await onSend({ body, files });
      form.reset({ body: '' });
      setFiles([]);
    } catch (err) {
      showSubmitFailure(form, err, ['body', 'files']);
    }
  });
  return (
    <FailureForm failure={form.failure} onSubmit={submit} className="space-y-3">
      <TextAreaField label={label} rows={4} {...form.input('body')} />
      <FilePicker files={files} onChange={setFiles} error={problem} />
      <div className="flex justify-end">
        <Button type="submit" loading={form.formState.isSubmitting} disabled={problem !== null}>
          <Send className="size-4" aria-hidden="true" />
          {submitLabel}
        </Button>
      </div>
    </FailureForm>
  );
}
