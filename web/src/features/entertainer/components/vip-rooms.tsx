import type { VipAssignment } from '@luxe/contracts';
import { toastFailure } from '../../../components/form/failure-toast';
import { Button } from '../../../components/ui/button';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { toast } from '../../../components/ui/toast';
import { assignmentHeadingId, EmptyState, VipAssignmentCard } from '../../../components/vip-assignment';
import { serverMessage } from '../../../lib/api-client';
import { focusByIdSoon } from '../../../lib/focus';
import { useAnswerAssignment, useMyAssignments, type AssignmentAnswer } from '../api/assignments';
import { QueryError } from '../../../components/query-state';

const ANSWERED: Record<AssignmentAnswer, string> = { accept: 'Assignment Accepted', decline: 'Assignment Declined' };

/**
 * VIP Rooms: the VIP room assignments of the entertainer's dancer profiles. A proposed one is
 * accepted or declined here; the others only show how they ended.
 */
export function VipRooms() {
  const assignments = useMyAssignments();
  const answer = useAnswerAssignment();

  const respond = (assignment: VipAssignment, reply: AssignmentAnswer) => {
    answer.mutate(
      { id: assignment.id, answer: reply },
      {
        onSuccess: () => {
          toast({ title: ANSWERED[reply], description: `${assignment.sectionName} at ${assignment.venueName}` });
          // The buttons are gone once answered: the focus goes to the card's heading.
          focusByIdSoon(assignmentHeadingId(assignment.id));
        },
        onError: (error) => toastFailure(error, 'Failed to update assignment'),
      },
    );
  };

  if (assignments.isPending) {
    return <ListSkeleton label="Loading your VIP rooms..." rows={2} />;
  }
  if (assignments.isError) {
    return (
      <QueryError
        look="danger"
        text={serverMessage(assignments.error, 'Error loading your VIP rooms. Please try again.')}
        onRetry={() => void assignments.refetch()}
      />
    );
  }
  if (assignments.data.length === 0) {
    return (
      <EmptyState title="No VIP Room Assignments Yet">
        When a venue proposes you for one of its VIP rooms, it appears here to accept or decline.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Your VIP room assignments" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {assignments.data.map((assignment) => {
        const busy = answer.isPending && answer.variables.id === assignment.id;
        const what = `${assignment.sectionName} at ${assignment.venueName}`;
        return (
          <li key={assignment.id}>
            <VipAssignmentCard assignment={assignment}>
              {assignment.status === 'proposed' ? (
                <>
                  <Button
                    type="button"
                    size="sm"
                    disabled={busy}
                    onClick={() => respond(assignment, 'accept')}
                    aria-label={`Accept ${what}`}
                  >
                    Accept
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                    onClick={() => respond(assignment, 'decline')}
                    aria-label={`Decline ${what}`}
                  >
                    Decline
                  </Button>
                </>
              ) : null}
            </VipAssignmentCard>
          </li>
        );
      })}
    </ul>
  );
}
