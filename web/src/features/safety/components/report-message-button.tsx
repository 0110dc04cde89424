import { useState } from 'react';
import { ReportDialog } from './report-dialog';

/** A small 'Report' under another member's message, named 'Report message from {name}', with its dialog. */
export function ReportMessageButton({
  conversationId,
  messageId,
  senderName,
}: {
  conversationId: string;
  messageId: string;
  senderName: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Report message from ${senderName}`}
        data-testid="report-message"
        className="inline-flex min-h-6 items-center rounded-full px-2 text-[11px] text-neutral-400 underline-offset-2 hover:text-red-300 hover:underline focus-visible:outline-2 focus-visible:outline-gold-400"
      >
        Report
      </button>
      {open ? (
        <ReportDialog
          title="Report message"
          description={`A message from ${senderName}. Our team will read it with your report.`}
          target={{ kind: 'message', conversationId, messageId }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
