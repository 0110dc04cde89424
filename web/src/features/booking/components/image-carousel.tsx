import { useState } from 'react';
import { cn } from '../../../lib/cn';

const arrow =
  'absolute top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-black/80 text-xl text-white ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400';

/**
 * Photos one at a time with previous/next arrows and dots. Mount it with `key` set to what it
 * shows, so another subject starts at its first photo.
 */
export function ImageCarousel({ images, alt, className }: { images: readonly string[]; alt: string; className?: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  if (count === 0) return null;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  return (
    <div className="flex flex-col gap-2">
      <div className="relative">
        <img src={images[index]} alt={`${alt}, photo ${index + 1} of ${count}`} className={cn('w-full rounded-2xl bg-neutral-800 object-cover', className)} />
        {count > 1 ? (
          <>
            <button type="button" onClick={() => go(-1)} aria-label="Previous photo" className={cn(arrow, 'left-2')}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" onClick={() => go(1)} aria-label="Next photo" className={cn(arrow, 'right-2')}>
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="flex justify-center gap-1" role="group" aria-label="Photos">
          {images.map((src, i) => (
            <button
              key={`${src}-${i}`}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Show photo ${i + 1} of ${count}`}
              aria-current={i === index ? 'true' : undefined}
              className="flex h-6 w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-gold-400"
            >
              <span aria-hidden="true" className={cn('block h-2 w-2 rounded-full', i === index ? 'bg-gold-300' : 'bg-neutral-500')} />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
