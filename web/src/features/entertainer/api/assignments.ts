import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type VipAssignment } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/entertainer/vip-assignments: VIP room assignments of the entertainer's dancer profiles, newest first. */
export function getMyAssignments(signal?: AbortSignal): Promise<VipAssignment[]> {
  return callApi(api.entertainers.myAssignments, {}, { signal });
}

export function getMyAssignmentsQueryOptions() {
  return queryOptions({
    queryKey: ['entertainer', 'vip-assignments'] as const,
    queryFn: ({ signal }) => getMyAssignments(signal),
  });
}

export function useMyAssignments() {
  return useQuery(getMyAssignmentsQueryOptions());
}

export type AssignmentAnswer = 'accept' | 'decline';

/** POST /api/entertainer/vip-assignments/{id}/accept or /decline (only while proposed). */
export function answerAssignment({ id, answer }: { id: string; answer: AssignmentAnswer }): Promise<VipAssignment> {
  const route = answer === 'accept' ? api.entertainers.acceptAssignment : api.entertainers.declineAssignment;
  return callApi(route, { params: { id } });
}

export function useAnswerAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerAssignment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMyAssignmentsQueryOptions().queryKey }),
  });
}
