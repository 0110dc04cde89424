import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, TOAST_DURATION_MS } from './toast-store';
import { Toaster } from './toaster';

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the old', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First toast', description: 'one' });
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast')).toHaveTextContent('First toast');

    act(() => {
      toast({ title: 'Second toast', description: 'two', variant: 'destructive' });
    });
    const toasts = screen.getAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toHaveTextContent('Second toast');
    expect(toasts[0]).toHaveTextContent('two');
    expect(toasts[0]).toHaveAttribute('data-variant', 'destructive');
    expect(screen.queryByText('First toast')).not.toBeInTheDocument();
  });

  it('closes by itself after 5000 ms', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Short lived' });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(screen.getByTestId('toast')).toHaveTextContent('Short lived');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('the default variant is "default" and dismiss removes it', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Plain' });
    });
    expect(screen.getByTestId('toast')).toHaveAttribute('data-variant', 'default');
    act(() => dismissToast());
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});
