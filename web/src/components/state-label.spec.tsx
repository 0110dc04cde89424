import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { abbreviateState, STATE_CODES } from '../lib/states';
import { StateLabel } from './state-label';
import { TOOLTIP_DELAY_MS } from './ui/tooltip';

afterEach(() => vi.useRealTimers());

describe('state abbreviations', () => {
  it('abbreviates every US state and DC, case-insensitively, and leaves other names alone', () => {
    expect(Object.keys(STATE_CODES)).toHaveLength(51);
    expect(abbreviateState('Florida')).toBe('FL');
    expect(abbreviateState('district of columbia')).toBe('DC');
    expect(abbreviateState(' New York ')).toBe('NY');
    expect(abbreviateState('Monaco')).toBe('Monaco');
  });

  it('shows the code, and the full name in a tooltip 700 ms after hover or focus, closed by Escape', () => {
    vi.useFakeTimers();
    render(<StateLabel state="Florida" />);
    const code = screen.getByText('FL');
    const tip = screen.getByRole('tooltip', { hidden: true });
    expect(code).toHaveAttribute('aria-describedby', tip.id);
    expect(tip).not.toBeVisible();
    fireEvent.focus(code);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(tip).not.toBeVisible();
    act(() => vi.advanceTimersByTime(1));
    expect(tip).toBeVisible();
    expect(tip).toHaveTextContent('Florida');
    fireEvent.keyDown(code, { key: 'Escape' });
    expect(tip).not.toBeVisible();
    fireEvent.mouseEnter(code);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(tip).toBeVisible();
    fireEvent.mouseLeave(code);
    expect(tip).not.toBeVisible();
  });

  it('shows a name that is not a US state as it is, without a tooltip', () => {
    render(<StateLabel state="Monaco" />);
    expect(screen.getByText('Monaco')).toBeInTheDocument();
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });
});
