import { useState } from 'react';
import type { Dancer } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { ENTERTAINERS_PER_PAGE } from '../booking-rules';
import { EntertainerProfileDialog } from './entertainer-profile-dialog';

/**
 * The VIP entertainer picker of a strip club: three at a time with paging; a card opens the
 * profile, where the entertainer is selected (optional; the price follows their modifier).
 */
export function EntertainerPicker({
  dancers,
  state,
  selectedId,
  onChange,
}: {
  dancers: readonly Dancer[];
  state: 'loading' | 'error' | 'signed-out' | 'ready';
  selectedId: string | null;
  onChange: (id: string | null) => void;
}) {
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const pages = Math.max(1, Math.ceil(dancers.length / ENTERTAINERS_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const shown = dancers.slice(current * ENTERTAINERS_PER_PAGE, (current + 1) * ENTERTAINERS_PER_PAGE);
  const open = dancers.find((d) => d.id === openId) ?? null;
  const selected = dancers.find((d) => d.id === selectedId) ?? null;

  let body;
  if (state === 'signed-out')
    body = <p className="text-sm text-neutral-300">Log in to choose an entertainer for your VIP room.</p>;
  else if (state === 'loading')
    body = (
      <p role="status" className="text-sm text-neutral-300">
        Loading entertainers...
      </p>
    );
  else if (state === 'error')
    body = (
      <p role="alert" className="text-sm text-red-300">
        Entertainers could not be loaded.
      </p>
    );
  else if (dancers.length === 0)
    body = <p className="text-sm text-neutral-300">No entertainers are available right now.</p>;
  else
    body = (
      <>
        <ul className="grid grid-cols-3 gap-2" aria-label="Entertainers">
          {shown.map((d) => {
            const isSelected = d.id === selectedId;
            return (
              <li key={d.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(d.id)}
                  aria-label={`${d.name}${isSelected ? ' (selected)' : ''}: view profile`}
                  className={cn(
                    'flex w-full flex-col items-stretch gap-1 rounded-2xl border p-1.5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400',
                    isSelected
                      ? 'border-gold-400 bg-gold-400/15'
                      : 'border-white/15 bg-white/5 hover:border-gold-400/60',
                  )}
                >
                  <img src={d.imageUrl} alt="" className="aspect-[4/5] w-full rounded-xl bg-neutral-800 object-cover" />
                  <span className="truncate text-xs font-semibold text-neutral-100">{d.name}</span>
                </button>
                {/* Outside the button, so its visible text stays the start of its name (WCAG 2.5.3). */}
                {isSelected ? (
                  <p aria-hidden="true" className="mt-1 text-center text-[0.7rem] font-semibold text-gold-200">
                    Selected
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
        {pages > 1 ? (
          <div className="mt-2 flex items-center justify-between gap-2">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={current === 0}
              onClick={() => setPage(current - 1)}
            >
              Previous
            </Button>
            <span className="text-xs text-neutral-300" aria-live="polite">
              Page {current + 1} of {pages}
            </span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={current >= pages - 1}
              onClick={() => setPage(current + 1)}
            >
              Next
            </Button>
          </div>
        ) : null}
        {selected ? (
          <div className="mt-2 flex items-center justify-between gap-2 text-sm text-neutral-200">
            <span>
              Entertainer: <strong className="text-gold-200">{selected.name}</strong>
            </span>
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
              Remove
            </Button>
          </div>
        ) : null}
      </>
    );

  return (
    <section aria-labelledby="entertainer-heading" className="flex flex-col gap-2">
      <h2 id="entertainer-heading" className="text-sm font-semibold text-neutral-100">
        Choose an Entertainer <span className="font-normal text-neutral-300">(optional)</span>
      </h2>
      {body}
      {open ? (
        <EntertainerProfileDialog
          dancer={open}
          selected={open.id === selectedId}
          onToggleSelect={() => onChange(open.id === selectedId ? null : open.id)}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </section>
  );
}
