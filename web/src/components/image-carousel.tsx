import { useState, type KeyboardEvent } from 'react';
import { cn } from '../lib/cn';

const arrowButton =
  'absolute top-1/2 -translate-y-1/2 inline-flex h-10 w-10 items-center justify-center rounded-full bg-neutral-950/80 text-white ring-1 ring-white/20 ' +
  'hover:bg-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400';

/**
 * Photos one at a time with Previous / Next (wrapping), the counter 'x / n', and the arrow keys
 * while the carousel has focus. A photo that fails to load is replaced by `fallback`. With
 * `onOpen` the photo is a button (named by `openLabel`) that asks to show it full size.
 */
export function ImageCarousel({
  images,
  label,
  altOf,
  fallback,
  className,
  imageClassName,
  onOpen,
  openLabel = (index, count) => `View photo ${index + 1} of ${count} full size`,
}: {
  images: readonly string[];
  /** The carousel's accessible name ('Photos of Azure Dream'). */
  label: string;
  altOf: (index: number, count: number) => string;
  fallback?: string;
  className?: string;
  imageClassName?: string;
  /** Called with the photo shown (its source and index) when the photo is activated. */
  onOpen?: (photo: { src: string; index: number }) => void;
  openLabel?: (index: number, count: number) => string;
}) {
  const count = Math.max(images.length, 1);
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const current = Math.min(index, count - 1);
  const raw = images[current] ?? fallback ?? '';
  const src = failed.has(current) && fallback ? fallback : raw;
  const go = (delta: number) => setIndex((i) => (((Math.min(i, count - 1) + delta) % count) + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (count < 2) return;
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    }
  };

  const image = (
    <img
      src={src}
      alt={altOf(current, count)}
      onError={() => {
        if (fallback && !failed.has(current)) setFailed((f) => new Set(f).add(current));
      }}
      className={cn('h-64 w-full object-cover sm:h-80', imageClassName)}
    />
  );

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={cn('relative overflow-hidden rounded-3xl bg-neutral-800', className)}
      onKeyDown={onKeyDown}
    >
      {onOpen ? (
        <button
          type="button"
          aria-label={openLabel(current, count)}
          onClick={() => onOpen({ src, index: current })}
          className="block w-full cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-gold-400"
        >
          {image}
        </button>
      ) : (
        image
      )}
      {count > 1 ? (
        <>
          <button type="button" aria-label="Previous photo" onClick={() => go(-1)} className={cn(arrowButton, 'left-3')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M15 18l-6-6 6-6" />
            </svg>
          </button>
          <button type="button" aria-label="Next photo" onClick={() => go(1)} className={cn(arrowButton, 'right-3')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M9 6l6 6-6 6" />
            </svg>
          </button>
        </>
      ) : null}
      <p
        data-testid="photo-counter"
        aria-live="polite"
        className="absolute right-3 bottom-3 rounded-full bg-neutral-950/85 px-3 py-1 text-xs font-semibold text-white"
      >
        {current + 1} / {count}
      </p>
    </section>
  );
}
