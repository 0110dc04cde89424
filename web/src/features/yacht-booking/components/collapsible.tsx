import { useId, useState, type ReactNode } from 'react';
import { Icon, ICON_PATHS } from '../../../components/ui/icon';

/** A section whose body opens and closes from its heading's button (aria-expanded). */
export function Collapsible({
  title,
  badge,
  children,
  defaultOpen = false,
}: {
  title: string;
  badge?: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  return (
    <section className="rounded-2xl border border-white/10 bg-neutral-900/70">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-3 rounded-2xl px-4 py-4 text-left text-base font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
        >
          <span className="flex items-center gap-3">
            {title}
            {badge}
          </span>
          <Icon
            path={ICON_PATHS.chevronDown}
            className={`h-5 w-5 shrink-0 text-gold-300 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <div id={bodyId} hidden={!open} className="px-4 pb-4 text-sm text-neutral-300">
        {children}
      </div>
    </section>
  );
}
