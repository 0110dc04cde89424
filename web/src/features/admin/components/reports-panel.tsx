import { useState } from 'react';
import { REPORT_STATUSES, type AdminReport, type ReportReason } from '@luxe/contracts';
import { toastFailure } from '../../../components/form/failure-toast';
import { toast } from '../../../components/ui/toast';
import { formatDateTimeEst } from '../../../lib/format';
import { useAdminReports, useDecideReport } from '../api/reports';
import { Badge, FilterSelect, ListControls, PagedDataList, RowAction, usePage, type Option } from './list-parts';
import { SuspendDialog } from './suspend-dialog';

type StatusFilter = '' | (typeof REPORT_STATUSES)[number];

export const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  inappropriate: 'Inappropriate',
  'fake-profile': 'Fake profile',
  underage: 'Underage',
  other: 'Other',
};
const STATUS_LABELS: Record<AdminReport['status'], string> = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};
const STATUS_TONES = { open: 'warn', resolved: 'good', dismissed: 'neutral' } as const;
const STATUS_OPTIONS: Option<StatusFilter>[] = [
  ...REPORT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
  { value: '', label: 'All reports' },
];

/** Reports tab (ours): members' reports of members and messages; resolve or dismiss the open ones, or suspend the reported member. */
export function ReportsPanel() {
  const [status, setStatus] = useState<StatusFilter>('open');
  const paging = usePage(status);
  const reports = useAdminReports({ status: status || undefined, page: paging.page });
  const decide = useDecideReport();
  const [suspending, setSuspending] = useState<AdminReport | null>(null);

  const onDecide = (report: AdminReport, decision: 'resolved' | 'dismissed') =>
    decide.mutate(
      { id: report.id, status: decision },
      {
        onSuccess: () =>
          toast({
            title: decision === 'resolved' ? 'Report resolved' : 'Report dismissed',
            description: `${report.reported.name} · ${REASON_LABELS[report.reason]}`,
          }),
        onError: (error) => toastFailure(error, 'Failed to update report'),
      },
    );
  const deciding = (report: AdminReport) => decide.isPending && decide.variables?.id === report.id;

  return (
    <div className="flex flex-col gap-6">
      <ListControls>
        <FilterSelect
          id="reports-status"
          label="Report status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={setStatus}
        />
      </ListControls>
      <PagedDataList
        query={reports}
        rows={(p) => p.reports}
        noun="reports"
        errorDetail="Unable to fetch reports"
        emptyTitle="No reports found"
        paging={paging}
        label="Reports"
        rowKey={(r) => r.id}
        rowLabel={(r) => `Report on ${r.reported.name} by ${r.reporter.name}`}
        template="minmax(0,0.9fr) minmax(0,1.6fr) minmax(0,1fr) minmax(0,1fr) minmax(0,0.8fr)"
        columns={[
          {
            label: 'Report',
            render: (r) => (
              <span className="flex flex-col">
                <span className="font-semibold">{REASON_LABELS[r.reason]}</span>
                <span className="text-xs text-neutral-400">
                  {r.kind === 'message' ? 'Message' : 'Member'} · {formatDateTimeEst(r.createdAt)}
                </span>
              </span>
            ),
          },
          {
            label: 'Details',
            render: (r) => (
              <span className="flex flex-col gap-1">
                <span>{r.details ?? 'No details given'}</span>
                {r.content !== null ? (
                  <span className="rounded-lg border-l-2 border-gold-400/60 bg-white/5 px-2 py-1 text-left text-xs text-neutral-300">
                    <span className="sr-only">Reported message: </span>“{r.content}”
                  </span>
                ) : null}
              </span>
            ),
          },
          { label: 'Reported by', render: (r) => r.reporter.name },
          {
            label: 'Reported member',
            render: (r) => (
              <span className="inline-flex flex-wrap items-center justify-end gap-2 md:justify-start">
                <span>{r.reported.name}</span>
                {r.reported.suspended ? <Badge tone="bad">Suspended</Badge> : null}
              </span>
            ),
          },
          {
            label: 'Status',
            render: (r) => <Badge tone={STATUS_TONES[r.status]}>{STATUS_LABELS[r.status]}</Badge>,
          },
        ]}
        actionsWidth="lg"
        actions={(r) => (
          <>
            {r.status === 'open' ? (
              <>
                <RowAction
                  name={`Resolve report on ${r.reported.name}`}
                  pending={deciding(r)}
                  onClick={() => onDecide(r, 'resolved')}
                >
                  Resolve
                </RowAction>
                <RowAction
                  name={`Dismiss report on ${r.reported.name}`}
                  variant="secondary"
                  pending={deciding(r)}
                  onClick={() => onDecide(r, 'dismissed')}
                >
                  Dismiss
                </RowAction>
              </>
            ) : null}
            {r.reported.suspended ? null : (
              <RowAction name={`Suspend ${r.reported.name}`} variant="destructive" onClick={() => setSuspending(r)}>
                Suspend
              </RowAction>
            )}
          </>
        )}
      />
      {suspending ? (
        <SuspendDialog
          member={{ id: suspending.reported.id, name: suspending.reported.name }}
          defaultReason={`Reported for ${REASON_LABELS[suspending.reason].toLowerCase()}`}
          onClose={() => setSuspending(null)}
        />
      ) : null}
    </div>
  );
}
