import { useEffect, useState } from 'react';

/** Longest wait for a frame (a tab opened in the background paints nothing until it is shown). */
const NO_FRAME_MS = 500;
let painted = false;
let waiting: Promise<void> | null = null;
/** Bumped by the tests' reset: a wait begun before it no longer marks the page painted. */
let generation = 0;

/**
 * Resolves once the page's first frame is on screen: a task queued from the next frame's
 * requestAnimationFrame (the frame after the one that painted the render: a task queued from that
 * one's own callback can still run before its paint reaches the screen); at most NO_FRAME_MS later
 * in a tab that does not paint. One wait for the whole page, begun by the first caller.
 */
function firstPaint(): Promise<void> {
  waiting ??= new Promise<void>((resolve) => {
    const begun = generation;
    const finish = () => {
      if (begun === generation) painted = true;
      resolve();
    };
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(finish, 0)));
    setTimeout(finish, NO_FRAME_MS);
  });
  return waiting;
}

/**
 * False during the app's first render, true once its first frame is on screen (`firstPaint`), for
 * every component at once; true at once for every render after that. Work the first paint does not
 * need (the session check, a form's code, the images below the first) waits for it, so it neither
 * delays the paint nor takes the network before it on a slow connection.
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    let mounted = true;
    void firstPaint().then(() => mounted && setDone(true));
    return () => {
      mounted = false;
    };
  }, [done]);
  return done;
}

/** For tests: back to before the first paint. */
export function resetFirstPaintForTests(): void {
  painted = false;
  waiting = null;
  generation += 1;
}
