import type { Block, MemberCardView, Report } from '@luxe/contracts';
import type { BlockEntity, ReportEntity } from './safety.entity';

export const toReport = (r: ReportEntity): Report => ({
  id: r.id,
  kind: r.kind,
  reporterId: r.reporterId,
  reportedUserId: r.reportedUserId,
  reason: r.reason,
  details: r.details,
  messageId: r.messageId,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** A block with the blocked member's card (null once he is gone). */
export const toBlock = (b: BlockEntity, user: MemberCardView | null): Block => ({
  blockedUserId: b.blockedId,
  createdAt: new Date(b.createdAt).toISOString(),
  user,
});
