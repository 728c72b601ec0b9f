import type { PreAlertInput } from '@hopbox/contracts/arrivals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, postForm } from '@/lib/api-client';
import { packagesQueryKey } from './get-received-packages';

/** Under the feature's key: a claim or a received pre-alert changes the locker too, and one invalidation refreshes both. */
const preAlertsKey = [...packagesQueryKey, 'pre-alerts'] as const;
const unclaimedKey = [...packagesQueryKey, 'unclaimed'] as const;

/** GET /api/user/pre-alerts: the customer's announced parcels, newest first, each with the package it became. */
export function usePreAlerts() {
  return useQuery({
    queryKey: preAlertsKey,
    queryFn: async ({ signal }) => (await answer(api.GET('/api/user/pre-alerts', { signal }))).data,
  });
}

/** POST /api/user/pre-alerts; a second pre-alert for the same tracking number answers 409 on `trackingNumber`. */
export function useCreatePreAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PreAlertInput) => (await answer(api.POST('/api/user/pre-alerts', { body: input }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preAlertsKey }),
  });
}

/** DELETE /api/user/pre-alerts/{id}: only a pre-alert still expected; 409 once its parcel has arrived. */
export function useRemovePreAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => answer(api.DELETE('/api/user/pre-alerts/{id}', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: preAlertsKey }),
  });
}

/**
 * POST /api/user/pre-alerts/{id}/invoice: the retailer's invoice, one PDF or image, for customs; it replaces the
 * one attached before. A file the API does not take answers 415 (or 413 when too large).
 */
export function useAttachInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('files', file, file.name);
      return (await postForm('/api/user/pre-alerts/{id}/invoice', form, { id })).data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: preAlertsKey }),
  });
}

/** GET /api/user/unidentified-packages: one page of the parcels nobody could match, as any customer may see them. */
export function useUnclaimedParcels({ page, pageSize }: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...unclaimedKey, { page, pageSize }],
    queryFn: ({ signal }) => answer(api.GET('/api/user/unidentified-packages', { params: { query: { page, pageSize } }, signal })),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/user/unidentified-packages/{id}/claim with the full tracking number: the parcel moves into the
 * customer's locker (the whole feature and the dashboard's counts follow). A wrong number answers 400 on
 * `trackingNumber`; too many tries answer 429.
 */
export function useClaimParcel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, trackingNumber }: { id: number; trackingNumber: string }) =>
      (await answer(api.POST('/api/user/unidentified-packages/{id}/claim', { params: { path: { id } }, body: { trackingNumber } }))).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: packagesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
