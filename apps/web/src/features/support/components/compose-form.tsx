import { supportMessageInputSchema } from '@hopbox/contracts/support';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/button';
import { FailureForm } from '@/components/failure-form';
import { DocumentPicker, documentProblem } from '@/components/file-picker';
import { TextAreaField } from '@/components/textarea-field';
import { showSubmitFailure, useZodForm } from '@/lib/forms';

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
  const problem = documentProblem(files);
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
      <DocumentPicker files={files} onChange={setFiles} error={problem} />
      <div className="flex justify-end">
        <Button type="submit" loading={form.formState.isSubmitting} disabled={problem !== null}>
          <Send className="size-4" aria-hidden="true" />
          {submitLabel}
        </Button>
      </div>
    </FailureForm>
  );
}
