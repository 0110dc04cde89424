import type { ReactNode } from 'react';

/** An empty or error message in place of a venue grid, announced politely (loading is a ListSkeleton). */
export function VenueListMessage({
  title,
  detail,
  tone = 'neutral',
}: {
  title: string;
  detail?: ReactNode;
  tone?: 'neutral' | 'error';
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className="flex flex-col items-center gap-2 rounded-3xl border border-white/10 bg-neutral-900/50 px-6 py-12 text-center"
    >
      <p className={tone === 'error' ? 'font-semibold text-red-300' : 'font-semibold text-neutral-100'}>{title}</p>
      {detail ? <p className="text-sm text-neutral-400">{detail}</p> : null}
    </div>
  );
}
