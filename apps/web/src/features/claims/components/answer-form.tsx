import { type Claim, claimReplySchema } from '@hopbox/contracts/claims';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/button';
import { FailureForm } from '@/components/failure-form';
import { TextAreaField } from '@/components/textarea-field';
import { showSubmitFailure, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useReplyToClaim } from '../api/claims';
import { PhotoPicker } from './photo-picker';

/** The customer's answer to NEEDS_INFO: text and photos; once sent, the claim is open again for the warehouse team. */
export function AnswerForm({ claim }: { claim: Claim }) {
  const reply = useReplyToClaim(claim.id);
  const form = useZodForm(claimReplySchema, { defaultValues: { message: '' } });
  const [photos, setPhotos] = useState<File[]>([]);
  const submit = form.handleSubmit(async ({ message }) => {
    try {
      await reply.mutateAsync({ message, photos });
      toast.success('Your answer was sent', { description: `Claim ${claim.reference} is open again for the warehouse team.` });
    } catch (err) {
      showSubmitFailure(form, err, ['message']);
    }
  });
  return (
    <FailureForm failure={form.failure} onSubmit={submit} className="space-y-4" aria-label="Answer the warehouse team">
      <TextAreaField label="Your answer" rows={4} {...form.input('message')} />
      <PhotoPicker photos={photos} onChange={setPhotos} label="Add photos to your answer" disabled={form.formState.isSubmitting} />
      <div className="flex justify-end">
        <Button type="submit" loading={form.formState.isSubmitting}>
          {!form.formState.isSubmitting && <Send className="size-4" aria-hidden="true" />}
          Send answer
        </Button>
      </div>
    </FailureForm>
  );
}
