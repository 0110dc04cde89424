import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@luxe/contracts';
import { callApi } from '../lib/api-client';

/** GET /api/payments/config: who takes card payments (stripe, test, or null when not configured) and Stripe's publishable key. */
export function getPaymentConfig(signal?: AbortSignal) {
  return callApi(api.payments.config, {}, { signal });
}

export function getPaymentConfigQueryOptions() {
  return queryOptions({ queryKey: ['payments', 'config'] as const, queryFn: ({ signal }) => getPaymentConfig(signal) });
}

export function usePaymentConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPaymentConfigQueryOptions(), enabled });
}
