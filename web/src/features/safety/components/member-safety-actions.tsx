import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { BlockDialog } from './block-dialog';
import { ReportDialog } from './report-dialog';

export interface SafetyMember {
  id: string;
  firstName: string;
}

/**
 * 'Report {firstName}' and 'Block {firstName}' for a member shown on screen (a thread's other
 * participant, an event's host), each with its dialog. `invalidates` are the reads a block
 * changes; `onBlocked` runs once they have been read again.
 */
export function MemberSafetyActions({
  member,
  invalidates,
  onBlocked,
  className,
}: {
  member: SafetyMember;
  invalidates: readonly QueryKey[];
  onBlocked?: () => void;
  className?: string;
}) {
  const [open, setOpen] = useState<'report' | 'block' | null>(null);
  const close = () => setOpen(null);
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={() => setOpen('report')}
        className="border border-white/15"
      >
        Report {member.firstName}
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={() => setOpen('block')}
        className="border border-red-400/40 text-red-300 hover:text-red-200"
      >
        Block {member.firstName}
      </Button>
      {open === 'report' ? (
        <ReportDialog
          title={`Report ${member.firstName}`}
          description="Tell our team what is wrong. They will not know who reported them."
          target={{ kind: 'member', userId: member.id }}
          onClose={close}
        />
      ) : null}
      {open === 'block' ? (
        <BlockDialog member={member} invalidates={invalidates} onBlocked={onBlocked} onClose={close} />
      ) : null}
    </div>
  );
}
