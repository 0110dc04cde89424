import { useId, useState, type FormEvent } from 'react';
import { REPORT_REASONS, reportInputSchema, SAFETY_MESSAGES, type ReportReason } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import { Select, Textarea } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { useReport, type ReportTarget } from '../api/report';
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS } from '../reasons';

export const REPORT_FAILED = 'Failed to send report';

type Errors = Partial<Record<'reason' | 'details', string>>;

/**
 * Report a member or a message to the admins: a reason (required), optional details (at most
 * 1000, with a live counter), Report ('Reporting...' while it goes). Success closes with 'Report
 * Sent'; a failure keeps the form with 'Error' and the server's message, else 'Failed to send report'.
 */
export function ReportDialog({
  title,
  description,
  target,
  onClose,
}: {
  title: string;
  description?: string;
  target: ReportTarget;
  onClose: () => void;
}) {
  const id = useId();
  const reasonId = `${id}-reason`;
  const detailsId = `${id}-details`;
  const countId = `${id}-count`;
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const report = useReport(target);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (report.isPending) return;
    const parsed = reportInputSchema.safeParse({ reason: reason || undefined, details });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'reason' || field === 'details') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    report.mutate(
      { reason: parsed.data.reason, details: parsed.data.details },
      {
        onSuccess: () => {
          toast({ title: 'Report Sent', description: SAFETY_MESSAGES.reported });
          onClose();
        },
        onError: (error) =>
          toast({ title: 'Error', description: serverMessage(error, REPORT_FAILED), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div>
          <Label htmlFor={reasonId}>Reason</Label>
          <Select
            id={reasonId}
            value={reason}
            required
            onChange={(e) => {
              setReason(e.target.value as ReportReason | '');
              if (errors.reason) setErrors((x) => ({ ...x, reason: undefined }));
            }}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
          >
            <option value="">Choose a reason</option>
            {REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {REPORT_REASON_LABELS[r]}
              </option>
            ))}
          </Select>
          <FieldError id={`${reasonId}-error`} message={errors.reason} />
        </div>
        <div>
          <Label htmlFor={detailsId}>Details (optional)</Label>
          <Textarea
            id={detailsId}
            rows={4}
            value={details}
            placeholder="What happened?"
            onChange={(e) => {
              setDetails(e.target.value);
              if (errors.details) setErrors((x) => ({ ...x, details: undefined }));
            }}
            aria-invalid={errors.details ? true : undefined}
            aria-describedby={errors.details ? `${countId} ${detailsId}-error` : countId}
          />
          <p
            id={countId}
            data-testid="report-details-count"
            className={
              details.length > REPORT_DETAILS_MAX
                ? 'mt-1 text-right text-xs text-red-300'
                : 'mt-1 text-right text-xs text-neutral-400'
            }
          >
            {details.length}/{REPORT_DETAILS_MAX}
          </p>
          <FieldError id={`${detailsId}-error`} message={errors.details} />
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={report.isPending}>
            {report.isPending ? 'Reporting...' : 'Report'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
