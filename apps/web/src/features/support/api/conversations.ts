import type { NewConversationInput } from '@hopbox/contracts/support';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, api, uploadForm } from '@/lib/api-client';

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

/** Where one conversation is read on each side: the customer's own, or the staff's with its context. */
const CONVERSATION_PATHS = {
  customer: '/api/user/support/conversations/{id}',
  staff: '/api/staff/support/conversations/{id}',
} as const;
type Side = keyof typeof CONVERSATION_PATHS;
type ConversationPath = (typeof CONVERSATION_PATHS)[Side];
type MessagesPath = `${ConversationPath}/messages`;
type ClosePath = `${ConversationPath}/close`;

/**
 * Conversation `id` as the customer or the staff read it, with sending a message in it and closing it;
 * the queries under `refresh` (the side's lists and this conversation) follow both.
 */
export function useConversationThread<S extends Side>(side: S, id: number, refresh: readonly unknown[]) {
  const path: ConversationPath = CONVERSATION_PATHS[side];
  const conversation = useQuery({
    queryKey: [...refresh, 'one', id],
    // The side's own answer: `path` is the side's, which TypeScript cannot follow through the generic.
    queryFn: async ({ signal }) =>
      (await answer(api.GET(path, { params: { path: { id } }, signal }))).data as Answer<(typeof CONVERSATION_PATHS)[S], 'get'>['data'],
  });
  const send = useSendMessage(`${path}/messages`, id, refresh);
  const close = useCloseConversation(`${path}/close`, id, refresh);
  return { conversation, send, close };
}

/** Sends a message (with its files) in conversation `id` on the customer's or staff's path; the lists under `refresh` follow. */
function useSendMessage(path: MessagesPath, id: number, refresh: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files }: { body: string; files: readonly File[] }) =>
      uploadForm(path, { id }, messageForm('message', { body }, files), noProgress).promise,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}

/** Closes conversation `id` on the customer's or staff's path. */
function useCloseConversation(path: ClosePath, id: number, refresh: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => answer(api.POST(path, { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}
