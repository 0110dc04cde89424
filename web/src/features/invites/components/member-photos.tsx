import { useState } from 'react';
import type { MemberCardView } from '@luxe/contracts';
import { cn } from '../../../lib/cn';

const arrowButton =
  'absolute top-1/2 inline-flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-neutral-950/80 text-white ring-1 ring-white/20 ' +
  'hover:bg-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400';

/** No photo (or one that does not load): the first name's initial on gold, named for assistive tech. */
export function PhotoPlaceholder({ member, className }: { member: Pick<MemberCardView, 'firstName'>; className?: string }) {
  return (
    <div
      role="img"
      aria-label={`${member.firstName} has no photo yet`}
      data-testid="photo-placeholder"
      className={cn('grid h-80 w-full place-items-center bg-gradient-to-br from-gold-400/25 via-neutral-800 to-neutral-900', className)}
    >
      <span aria-hidden="true" className="font-display text-7xl font-semibold text-gold-200">
        {member.firstName.charAt(0).toUpperCase() || '?'}
      </span>
    </div>
  );
}

/**
 * A member's photos one at a time, with Previous / Next and the counter 'x / n' when there are
 * several; the placeholder when there is none. Mount it with `key` set to the member.
 */
export function MemberPhotos({ member }: { member: Pick<MemberCardView, 'firstName' | 'profileImages'> }) {
  const photos = member.profileImages;
  const count = photos.length;
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  if (count === 0) return <PhotoPlaceholder member={member} />;
  const current = Math.min(index, count - 1);
  const go = (delta: number) => setIndex((i) => (((Math.min(i, count - 1) + delta) % count) + count) % count);

  return (
    <div className="relative h-80 bg-neutral-800">
      {failed.has(current) ? (
        <PhotoPlaceholder member={member} />
      ) : (
        <img
          src={photos[current]}
          alt={`${member.firstName}, photo ${current + 1} of ${count}`}
          draggable={false}
          onError={() => setFailed((f) => new Set(f).add(current))}
          className="h-full w-full object-cover"
        />
      )}
      {count > 1 ? (
        <>
          <button type="button" aria-label={`Previous photo of ${member.firstName}`} onClick={() => go(-1)} className={cn(arrowButton, 'left-3')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M15 18l-6-6 6-6" />
            </svg>
          </button>
          <button type="button" aria-label={`Next photo of ${member.firstName}`} onClick={() => go(1)} className={cn(arrowButton, 'right-3')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M9 6l6 6-6 6" />
            </svg>
          </button>
          <p data-testid="photo-counter" className="absolute right-3 bottom-3 rounded-full bg-neutral-950/85 px-3 py-1 text-xs font-semibold text-white">
            {current + 1} / {count}
          </p>
        </>
      ) : null}
    </div>
  );
}
