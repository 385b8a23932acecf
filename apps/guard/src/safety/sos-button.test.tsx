// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SosButton } from './sos-button';

/** SAFETY.md: held 3 seconds the SOS sends; letting go earlier cancels and nothing is sent. */
describe('the SOS button', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const button = () => screen.getByRole('button', { name: '紧急求助（按住3秒）' });

  it('sends once when held for 3 seconds, with the ring filling meanwhile', () => {
    const onSend = vi.fn();
    render(<SosButton onSend={onSend} />);
    fireEvent.pointerDown(button());
    expect(button().dataset.holding).toBe('true');
    act(() => vi.advanceTimersByTime(2_999));
    expect(onSend).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSend).toHaveBeenCalledTimes(1);
    fireEvent.pointerUp(button());
    act(() => vi.advanceTimersByTime(10_000));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when let go at 2 seconds, or when the finger slides off', () => {
    const onSend = vi.fn();
    render(<SosButton onSend={onSend} />);
    fireEvent.pointerDown(button());
    act(() => vi.advanceTimersByTime(2_000));
    fireEvent.pointerUp(button());
    expect(button().dataset.holding).toBe('false');
    fireEvent.pointerDown(button());
    act(() => vi.advanceTimersByTime(2_500));
    fireEvent.pointerLeave(button());
    act(() => vi.advanceTimersByTime(10_000));
    expect(onSend).not.toHaveBeenCalled();
  });

  it('a second hold after a cancelled one starts from zero', () => {
    const onSend = vi.fn();
    render(<SosButton onSend={onSend} />);
    fireEvent.pointerDown(button());
    act(() => vi.advanceTimersByTime(2_000));
    fireEvent.pointerCancel(button());
    fireEvent.pointerDown(button());
    act(() => vi.advanceTimersByTime(2_000));
    expect(onSend).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});
