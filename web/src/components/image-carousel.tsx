import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Icon, ICON_PATHS } from './ui/icon';

const arrowButton =
  'absolute top-1/2 -translate-y-1/2 inline-flex h-10 w-10 items-center justify-center rounded-full bg-neutral-950/80 text-white ring-1 ring-white/20 ' +
  'hover:bg-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400';

const counterOverlay =
  'absolute right-3 bottom-3 rounded-full bg-neutral-950/85 px-3 py-1 text-xs font-semibold text-white';

/**
 * Photos one at a time with Previous / Next (wrapping) and the counter 'x / n'; the one carousel of
 * the app, whatever it shows (a venue, a member, a section, a dancer).
 *
 * - `label` names it as a carousel (a section with aria-roledescription) and turns on the arrow keys
 *   while it has focus; without it the photos sit in a plain box (inside a dialog or a swipe card,
 *   whose own keys the arrows must not take).
 * - A photo that fails to load is replaced by `fallback` (an image) or `placeholder` (any node), which
 *   also stands for no photo at all; with neither, no photo shows nothing.
 * - `counter`: over the photo (announced politely unless `announce` is false), under it, or none;
 *   `counterAlone` keeps it for a single photo. `dots` adds one button per photo under it.
 * - With `onOpen` the photo is a button (named by `openLabel`) that asks to show it full size.
 * Mount it with `key` set to what it shows, so another subject starts at its first photo.
 */
export function ImageCarousel({
  images,
  label,
  altOf,
  fallback,
  placeholder,
  className,
  imageClassName = 'h-64 sm:h-80',
  previousLabel = 'Previous photo',
  nextLabel = 'Next photo',
  counter = 'overlay',
  counterAlone = true,
  announce = true,
  dots = false,
  onOpen,
  openLabel = (index, count) => `View photo ${index + 1} of ${count} full size`,
}: {
  images: readonly string[];
  /** The carousel's accessible name ('Photos of Azure Dream'). */
  label?: string;
  altOf: (index: number, count: number) => string;
  fallback?: string;
  placeholder?: ReactNode;
  /** The frame's classes besides its layout (its rounding: 'rounded-3xl' unless given). */
  className?: string;
  imageClassName?: string;
  previousLabel?: string;
  nextLabel?: string;
  counter?: 'overlay' | 'below' | 'none';
  counterAlone?: boolean;
  announce?: boolean;
  dots?: boolean;
  /** Called with the photo shown (its source and index) when the photo is activated. */
  onOpen?: (photo: { src: string; index: number }) => void;
  openLabel?: (index: number, count: number) => string;
}) {
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  if (images.length === 0 && !fallback) return placeholder ?? null;
  const count = Math.max(images.length, 1);
  const current = Math.min(index, count - 1);
  const raw = images[current] ?? fallback ?? '';
  const broken = failed.has(current);
  const src = broken && fallback ? fallback : raw;
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

  const image =
    broken && !fallback && placeholder ? (
      placeholder
    ) : (
      <img
        src={src}
        alt={altOf(current, count)}
        draggable={false}
        onError={() => {
          if ((fallback || placeholder) && !failed.has(current)) setFailed((f) => new Set(f).add(current));
        }}
        className={cn('w-full object-cover', imageClassName)}
      />
    );
  const showCounter = counter !== 'none' && (count > 1 || counterAlone);
  const counterText = (
    <>
      {current + 1} / {count}
    </>
  );
  const Frame = label ? 'section' : 'div';

  const frame = (
    <Frame
      aria-roledescription={label ? 'carousel' : undefined}
      aria-label={label}
      className={cn('relative overflow-hidden bg-neutral-800', className ?? 'rounded-3xl')}
      onKeyDown={label ? onKeyDown : undefined}
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
          <button type="button" aria-label={previousLabel} onClick={() => go(-1)} className={cn(arrowButton, 'left-3')}>
            <Icon path={ICON_PATHS.back} />
          </button>
          <button type="button" aria-label={nextLabel} onClick={() => go(1)} className={cn(arrowButton, 'right-3')}>
            <Icon path={ICON_PATHS.forward} />
          </button>
        </>
      ) : null}
      {showCounter && counter === 'overlay' ? (
        <p data-testid="photo-counter" aria-live={announce ? 'polite' : undefined} className={counterOverlay}>
          {counterText}
        </p>
      ) : null}
    </Frame>
  );
  if (!(showCounter && counter === 'below') && !(dots && count > 1)) return frame;
  return (
    <div className="flex flex-col gap-2">
      {frame}
      {showCounter && counter === 'below' ? (
        <p
          data-testid="photo-counter"
          aria-live={announce ? 'polite' : undefined}
          className="text-center text-xs text-neutral-300"
        >
          {counterText}
        </p>
      ) : null}
      {dots && count > 1 ? (
        <div className="flex justify-center gap-1" role="group" aria-label="Photos">
          {images.map((photo, i) => (
            <button
              key={`${photo}-${i}`}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Show photo ${i + 1} of ${count}`}
              aria-current={i === current ? 'true' : undefined}
              className="flex h-6 w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-gold-400"
            >
              <span
                aria-hidden="true"
                className={cn('block h-2 w-2 rounded-full', i === current ? 'bg-gold-300' : 'bg-neutral-500')}
              />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
