import type { NewConversationInput } from '@hopbox/contracts/support';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, uploadForm } from '@/lib/api-client';

/** Every query of the customer's conversations starts with this key. */
export const supportQueryKey = ['support'] as const;

/** GET /api/user/support/conversations: the customer's, the newest activity first. */
export const conversationsQuery = queryOptions({
  queryKey: [...supportQueryKey, 'list'],
  queryFn: async ({ signal }) => (await answer(api.GET('/api/user/support/conversations', { signal }))).data,
});

export function useConversations() {
  return useQuery(conversationsQuery);
}

export function useConversation(id: number | null) {
  return useQuery({
    queryKey: [...supportQueryKey, 'one', id],
    queryFn: async ({ signal }) =>
      (await answer(api.GET('/api/user/support/conversations/{id}', { params: { path: { id: id as number } }, signal }))).data,
    enabled: id !== null,
  });
}

/**
 * A message with its files as the API reads it: the JSON in the text field `field`, the files beside it.
 * Always a form, so a message with files and one without take the same way.
 */
export function messageForm(field: string, json: unknown, files: readonly File[]) {
  const form = new FormData();
  form.append(field, JSON.stringify(json));
  for (const file of files) form.append('files', file, file.name);
  return form;
}

const noProgress = () => undefined;

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, files }: { input: NewConversationInput; files: readonly File[] }) =>
      uploadForm('/api/user/support/conversations', {}, messageForm('conversation', input, files), noProgress).promise,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportQueryKey }),
  });
}

type MessagesPath = '/api/user/support/conversations/{id}/messages' | '/api/staff/support/conversations/{id}/messages';
type ClosePath = '/api/user/support/conversations/{id}/close' | '/api/staff/support/conversations/{id}/close';

/** Sends a message (with its files) in conversation `id` on the customer's or staff's path; the lists under `refresh` follow. */
export function useSendMessage(path: MessagesPath, id: number, refresh: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files }: { body: string; files: readonly File[] }) =>
      uploadForm(path, { id }, messageForm('message', { body }, files), noProgress).promise,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}

/** Closes conversation `id` on the customer's or staff's path. */
export function useCloseConversation(path: ClosePath, id: number, refresh: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => answer(api.POST(path, { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}
