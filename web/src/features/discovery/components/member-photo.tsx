import { useState } from 'react';
import { cn } from '../../../lib/cn';

/**
 * A member's photo in a circle, else (none, or one that does not load) the first name's initial
 * on gold. `alt` empty when the name is written next to it.
 */
export function MemberPhoto({
  src,
  firstName,
  alt,
  className,
}: {
  src: string | null | undefined;
  firstName: string;
  alt: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const box = cn('h-10 w-10 shrink-0 rounded-full', className);
  if (src && !failed)
    return (
      <img
        src={src}
        alt={alt}
        onError={() => setFailed(true)}
        className={cn(box, 'object-cover ring-2 ring-neutral-900')}
      />
    );
  const initial = firstName.charAt(0).toUpperCase() || '?';
  return alt ? (
    <span
      role="img"
      aria-label={alt}
      className={cn(box, 'grid place-items-center bg-gold-400 font-semibold text-neutral-950 ring-2 ring-neutral-900')}
    >
      <span aria-hidden="true">{initial}</span>
    </span>
  ) : (
    <span
      aria-hidden="true"
      className={cn(box, 'grid place-items-center bg-gold-400 font-semibold text-neutral-950 ring-2 ring-neutral-900')}
    >
      {initial}
    </span>
  );
}
