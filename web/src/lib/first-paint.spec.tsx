import { render, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, screen } from '../testing/render-app';
import { server } from '../testing/server';
import { VenueImage } from '../features/discovery/components/venue-image';
import { resetFirstPaintForTests, useAfterFirstPaint } from './first-paint';

/** requestAnimationFrame held: the frames' callbacks run when the test says. */
function holdFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
  // Each frame runs the callbacks requested before it (a callback's own request waits for the next).
  return { frame: () => frames.splice(0).forEach((cb) => cb(performance.now())), pending: () => frames.length };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// When /login's form code is asked for (the module's first import).
const formImported = vi.hoisted(() => ({ at: [] as number[] }));
vi.mock('../features/auth/components/login-form', async (importOriginal) => {
  formImported.at.push(performance.now());
  return importOriginal();
});

beforeEach(() => resetFirstPaintForTests());
afterEach(() => {
  vi.restoreAllMocks();
  server.events.removeAllListeners();
});

describe('useAfterFirstPaint', () => {
  it('is false until the first frame has painted, then true, and true at once for later renders', async () => {
    const frames = holdFrames();
    const first = renderHook(() => useAfterFirstPaint());
    expect(first.result.current).toBe(false);
    await sleep(50);
    expect(first.result.current).toBe(false);
    expect(frames.pending()).toBeGreaterThan(0);
    frames.frame(); // the frame that paints the first render
    await sleep(50);
    expect(first.result.current).toBe(false);
    frames.frame(); // the next: the first is on screen
    await waitFor(() => expect(first.result.current).toBe(true));
    expect(renderHook(() => useAfterFirstPaint()).result.current).toBe(true);
  });

  it('turns true after half a second when no frame comes (a tab in the background)', async () => {
    holdFrames();
    const { result } = renderHook(() => useAfterFirstPaint());
    await sleep(300);
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true), { timeout: 1000 });
  });
});

describe('what waits for the first paint', () => {
  it('the session check (GET /api/auth/me) and the login form: the page and its title come first', async () => {
    const frames = holdFrames();
    const me: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/auth/me') me.push(request.method);
    });
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ message: 'Not signed in' }, { status: 401 })));
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByTestId('login-form-placeholder')).toBeInTheDocument();
    await sleep(100);
    expect(me).toEqual([]);
    expect(formImported.at).toEqual([]);
    expect(screen.queryByRole('form', { name: 'Sign in' })).toBeNull();
    frames.frame();
    frames.frame();
    await waitFor(() => expect(formImported.at).toHaveLength(1));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(me).toEqual(['GET']));
  });

  it("a list's images but its first: a box of the same size until the first frame is on screen", async () => {
    const frames = holdFrames();
    const venue = (name: string) => ({ name, type: 'club' as const, imageUrl: `/api/images/${name}.jpg` });
    render(
      <>
        <VenueImage venue={venue('first')} priority className="aspect-[4/3] w-full" />
        <VenueImage venue={venue('second')} className="aspect-[4/3] w-full" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Photo of first' })).toHaveAttribute('fetchpriority', 'high');
    expect(screen.queryByRole('img', { name: 'Photo of second' })).toBeNull();
    expect(screen.getByTestId('venue-image-pending')).toHaveClass('aspect-[4/3]', 'w-full', 'bg-neutral-800');
    frames.frame();
    frames.frame();
    expect(await screen.findByRole('img', { name: 'Photo of second' })).toHaveAttribute('loading', 'lazy');
    expect(screen.queryByTestId('venue-image-pending')).toBeNull();
  });
});
