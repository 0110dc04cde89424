import type { ReactNode } from 'react';
import type { AssignmentStatus, EntertainerRequest, VipAssignment } from '@luxe/contracts';
import { cn } from '../lib/cn';
import { formatDateTimeEst } from '../lib/format';
import { DetailItem } from './detail-item';
import { CardHeader } from './ui/card';

/*
 * Entertainers' venue requests and VIP room assignments as both sides see them: the entertainer
 * (member dashboard) and the venue owner (venue dashboard).
 */

type Tone = 'gold' | 'green' | 'red' | 'neutral';
const TONES: Record<Tone, string> = {
  gold: 'border-gold-400/60 bg-gold-400/10 text-gold-200',
  green: 'border-emerald-400/60 bg-emerald-400/10 text-emerald-200',
  red: 'border-red-400/60 bg-red-400/10 text-red-200',
  neutral: 'border-white/20 bg-white/5 text-neutral-200',
};

function Badge({ tone, children, testId }: { tone: Tone; children: ReactNode; testId: string }) {
  return (
    <span
      data-testid={testId}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

export const REQUEST_STATUS_LABELS: Record<EntertainerRequest['status'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};
const REQUEST_TONES: Record<EntertainerRequest['status'], Tone> = {
  pending: 'gold',
  approved: 'green',
  declined: 'red',
};

export function RequestStatusBadge({ status }: { status: EntertainerRequest['status'] }) {
  return (
    <Badge tone={REQUEST_TONES[status]} testId="request-status">
      {REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}

export const ASSIGNMENT_STATUS_LABELS: Record<AssignmentStatus, string> = {
  proposed: 'Proposed',
  accepted: 'Accepted',
  declined: 'Declined',
  revoked: 'Revoked',
};
const ASSIGNMENT_TONES: Record<AssignmentStatus, Tone> = {
  proposed: 'gold',
  accepted: 'green',
  declined: 'red',
  revoked: 'neutral',
};

export function AssignmentStatusBadge({ status }: { status: AssignmentStatus }) {
  return (
    <Badge tone={ASSIGNMENT_TONES[status]} testId="assignment-status">
      {ASSIGNMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Headings that take the focus after an action on their card (tabIndex -1): a visible ring, no outline on click. */
export const FOCUSABLE_HEADING =
  'rounded-md focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400';

/** The id of an assignment card's heading (the focus goes there after an answer or a revocation). */
export function assignmentHeadingId(id: string): string {
  return `assignment-${id}`;
}

/** Pending requests first; otherwise the server's order (newest first) is kept. */
export function pendingFirst<T extends { status: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
}

/**
 * One VIP room assignment: room and venue, dancer, status, when it was proposed and answered
 * (in New York time), and the viewer's actions (`children`).
 */
export function VipAssignmentCard({ assignment, children }: { assignment: VipAssignment; children?: ReactNode }) {
  const headingId = assignmentHeadingId(assignment.id);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="vip-assignment"
      className="flex h-full flex-col gap-4 rounded-3xl border border-white/10 bg-neutral-900/70 p-5"
    >
      <CardHeader
        heading={
          <h3
            id={headingId}
            tabIndex={-1}
            className={cn('text-lg font-semibold break-words text-white', FOCUSABLE_HEADING)}
          >
            {assignment.sectionName}
          </h3>
        }
        badge={<AssignmentStatusBadge status={assignment.status} />}
      >
        <p className="text-sm break-words text-neutral-300">{assignment.venueName}</p>
      </CardHeader>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm min-[400px]:grid-cols-2">
        <DetailItem
          label="Dancer"
          testId="assignment-dancer"
          value={assignment.dancerName}
          className="min-[400px]:col-span-2"
        />
        <DetailItem label="Proposed" testId="assignment-created" value={formatDateTimeEst(assignment.createdAt)} />
        {assignment.respondedAt ? (
          <DetailItem
            label="Answered"
            testId="assignment-responded"
            value={formatDateTimeEst(assignment.respondedAt)}
          />
        ) : null}
      </dl>
      {children ? <div className="flex flex-col gap-2 min-[400px]:flex-row">{children}</div> : null}
    </article>
  );
}

/** A list's empty state: a title and a line of help. */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6 text-center">
      <p className="font-semibold text-white">{title}</p>
      <p className="mt-1 text-sm text-neutral-300">{children}</p>
    </div>
  );
}
