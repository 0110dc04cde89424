import { useRef, useState, type PointerEvent } from 'react';
import { SWIPE_THRESHOLD_PX } from '../display';

export type SwipeDirection = 'left' | 'right';

/** Presses on these start no drag (they keep their own click). */
const INTERACTIVE = 'button, a, input, select, textarea, label';

/**
 * Dragging a card with any pointer (touch, pen or mouse): the card follows the pointer
 * horizontally; released more than `threshold` px right or left it is a swipe that way, else it
 * snaps back. Buttons inside the card keep working as buttons.
 */
export function useSwipeDrag(onSwipe: (direction: SwipeDirection) => void, threshold: number = SWIPE_THRESHOLD_PX) {
  const start = useRef<{ pointerId: number; x: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);

  const stop = () => {
    start.current = null;
    setDragging(false);
    setOffset(0);
  };

  const handlers = {
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      if (e.target instanceof Element && e.target.closest(INTERACTIVE)) return;
      start.current = { pointerId: e.pointerId, x: e.clientX };
      if (typeof e.currentTarget.setPointerCapture === 'function') {
        try {
          e.currentTarget.setPointerCapture(e.pointerId);
        } catch {
          // A pointer that is already gone cannot be captured; the drag still works without it.
        }
      }
      setDragging(true);
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const s = start.current;
      if (!s || s.pointerId !== e.pointerId) return;
      setOffset(e.clientX - s.x);
    },
    onPointerUp: (e: PointerEvent<HTMLElement>) => {
      const s = start.current;
      if (!s || s.pointerId !== e.pointerId) return;
      const dx = e.clientX - s.x;
      stop();
      if (dx > threshold) onSwipe('right');
      else if (dx < -threshold) onSwipe('left');
    },
    onPointerCancel: stop,
  };

  return { offset, dragging, handlers };
}
