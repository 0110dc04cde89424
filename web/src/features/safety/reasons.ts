import type { ReportReason } from '@luxe/contracts';

/** How each report reason reads in the form. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  inappropriate: 'Inappropriate content',
  'fake-profile': 'Fake profile',
  underage: 'Underage',
  other: 'Other',
};

/** The longest details a report may carry (the contract's rule). */
export const REPORT_DETAILS_MAX = 1000;
