import type { ReactNode } from 'react';

/** A titled card section of the dashboard (its heading names the section for assistive tech). */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One figure of a statistics row (inside a `<dl>`): the value above its label ('–' when it could not be read). */
export function Statistic({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="flex min-w-0 flex-col-reverse items-center gap-1 rounded-2xl border border-white/10 bg-neutral-900/70 px-2 py-4 text-center">
      <dt className="text-xs break-words text-neutral-300">{label}</dt>
      <dd className="text-2xl font-semibold text-gold-200">{value}</dd>
    </div>
  );
}
