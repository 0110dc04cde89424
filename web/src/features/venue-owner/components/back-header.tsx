import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';

/** A manager's heading (it takes the focus when the panel opens) and its way back to the list. */
export function BackHeader({
  id,
  title,
  subtitle,
  onBack,
}: {
  id: string;
  title: string;
  subtitle?: string;
  onBack: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="flex flex-col gap-2">
      <Button type="button" variant="ghost" size="sm" className="self-start" onClick={onBack}>
        ← Back to My Events
      </Button>
      <h2
        id={id}
        ref={heading}
        tabIndex={-1}
        className="font-display text-2xl font-semibold text-white focus:outline-none"
      >
        {title}
      </h2>
      {subtitle ? <p className="text-sm text-neutral-300">{subtitle}</p> : null}
    </div>
  );
}
