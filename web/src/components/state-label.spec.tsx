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
    // Radix mounts the tooltip only while it shows; the code is described by it then.
    const tip = () => screen.queryByRole('tooltip');
    fireEvent.focus(code);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(tip()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(tip()).toBeVisible();
    expect(tip()).toHaveTextContent('Florida');
    expect(code).toHaveAttribute('aria-describedby', tip()!.id);
    fireEvent.keyDown(code, { key: 'Escape' });
    expect(tip()).toBeNull();
    expect(code).not.toHaveAttribute('aria-describedby');
    // Radix follows the pointer (pointermove/pointerleave) rather than mouseenter/mouseleave.
    fireEvent.pointerMove(code, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(tip()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(tip()).toBeVisible();
    // The pointer may cross to the tooltip without closing it (WCAG 1.4.13): it closes once the
    // pointer moves away from both.
    fireEvent.pointerLeave(code, { pointerType: 'mouse' });
    fireEvent.pointerMove(document, { pointerType: 'mouse', clientX: 300, clientY: 300 });
    expect(tip()).toBeNull();
  });

  it('does not open the tooltip when the focus leaves before the delay', () => {
    vi.useFakeTimers();
    render(<StateLabel state="Florida" />);
    const code = screen.getByText('FL');
    fireEvent.focus(code);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    fireEvent.blur(code);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows a name that is not a US state as it is, without a tooltip', () => {
    render(<StateLabel state="Monaco" />);
    expect(screen.getByText('Monaco')).toBeInTheDocument();
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });
});
