import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, api, type Body, postForm } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';
import { arrivalMatchKey } from './arrival-match';

/** The package received, its shelf, and how it was placed: the locker typed, the announcing customer's, or nobody's. */
export type ReceivedPackage = Answer<'/api/staff/packages', 'post'>['data'];

export interface ReceiveInput {
  input: Body<'/api/staff/packages', 'post'>;
  /** Photos taken at receipt; none sends the JSON route. */
  photos: File[];
}

/**
 * POST /api/staff/packages/with-photos (multipart: `package` = the JSON body, `files` repeated) or,
 * without photos, POST /api/staff/packages. The package is in the customer's locker at once, or, without a
 * locker number and a customer who announced it, waits unidentified.
 */
export async function receivePackage({ input, photos }: ReceiveInput): Promise<ReceivedPackage> {
  if (photos.length === 0) return (await answer(api.POST('/api/staff/packages', { body: input }))).data;
  const form = new FormData();
  form.append('package', JSON.stringify(input));
  for (const photo of photos) form.append('files', photo, photo.name);
  return (await postForm('/api/staff/packages/with-photos', form)).data;
}

export function useReceivePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receivePackage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: arrivalMatchKey });
      return queryClient.invalidateQueries({ queryKey: staffKeys.packages });
    },
  });
}
