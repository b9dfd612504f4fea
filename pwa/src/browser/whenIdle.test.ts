// In Node: no requestIdleCallback (the idle moment is a short timer) and no long-task timing (quiet is a timer).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { whenSettled } from './whenIdle.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('runs the work once the page has been quiet, then at an idle moment', () => {
  const fn = vi.fn();
  whenSettled(fn, 1500);
  vi.advanceTimersByTime(1499);
  expect(fn).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1 + 200);
  expect(fn).toHaveBeenCalledTimes(1);
  vi.advanceTimersByTime(20_000);
  expect(fn).toHaveBeenCalledTimes(1);
});

it('a cancel before the quiet period ends, or while the idle moment is awaited, stops the work', () => {
  const early = vi.fn();
  whenSettled(early, 1500)();
  const late = vi.fn();
  const cancel = whenSettled(late, 1500);
  // Quiet enough: the work now waits for the idle moment (a timer without requestIdleCallback).
  vi.advanceTimersByTime(1500);
  cancel();
  vi.advanceTimersByTime(20_000);
  expect(early).not.toHaveBeenCalled();
  expect(late).not.toHaveBeenCalled();
});
