import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, type Body, postForm } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export interface ReceiveInput {
  input: Body<'/api/staff/packages', 'post'>;
  /** Photos taken at receipt; none sends the JSON route. */
  photos: File[];
}

/**
 * POST /api/staff/packages/with-photos (multipart: `package` = the JSON body, `files` repeated) or,
 * without photos, POST /api/staff/packages. The package is in the customer's locker at once.
 */
export async function receivePackage({ input, photos }: ReceiveInput) {
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.packages }),
  });
}
