import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type VipAssignment } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/entertainer/vip-assignments: VIP room assignments of the entertainer's dancer profiles, newest first. */
const myAssignmentsQuery = queryOptions({
  queryKey: ['entertainer', 'vip-assignments'] as const,
  queryFn: ({ signal }) => callApi(api.entertainers.myAssignments, {}, { signal }),
});

export function useMyAssignments() {
  return useQuery(myAssignmentsQuery);
}

export type AssignmentAnswer = 'accept' | 'decline';

/** POST /api/entertainer/vip-assignments/{id}/accept or /decline (only while proposed); the list is read again. */
export function useAnswerAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: AssignmentAnswer }): Promise<VipAssignment> =>
      callApi(answer === 'accept' ? api.entertainers.acceptAssignment : api.entertainers.declineAssignment, {
        params: { id },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myAssignmentsQuery.queryKey }),
  });
}
