import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- lib/deadline, the module this file tests
import { StopSource, raceAbort, sleep, startDeadline, toAbortSignal, type StopSignal } from '../../src/lib/deadline.js';

// The kit's one deadline (src/lib/deadline.ts): the fetcher, the proxy, its upstream clients, the
// Redis store and the sandbox all stop their work through it.

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('given startDeadline', () => {
  it('should abort once its time is up, with a TimeoutError, and say it expired', () => {
    const deadline = startDeadline(100);
    const heard = vi.fn();
    deadline.addEventListener('abort', heard, { once: true });
    vi.advanceTimersByTime(99);
    expect(deadline.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(deadline.aborted).toBe(true);
    expect(deadline.expired).toBe(true);
    expect(deadline.reason).toBeInstanceOf(DOMException);
    expect((deadline.reason as DOMException).name).toBe('TimeoutError');
    expect((deadline.reason as DOMException).message).toBe('No answer within 100 ms.');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('should abort with the outer signal’s own reason when that comes first, and not call it expired', () => {
    const outer = new AbortController();
    const deadline = startDeadline(1_000, outer.signal);
    const reason = new Error('the browser left');
    outer.abort(reason);
    expect(deadline.aborted).toBe(true);
    expect(deadline.reason).toBe(reason);
    expect(deadline.expired).toBe(false);
    // The timer was for a deadline already over: it changes nothing when it fires.
    vi.advanceTimersByTime(1_000);
    expect(deadline.reason).toBe(reason);
    expect(deadline.expired).toBe(false);
  });

  it('should be aborted from the start when the outer signal already is', () => {
    const reason = new Error('gone before it began');
    const deadline = startDeadline(1_000, { aborted: true, reason, addEventListener: vi.fn(), removeEventListener: vi.fn() });
    expect(deadline.aborted).toBe(true);
    expect(deadline.reason).toBe(reason);
  });

  it('should let go of the outer signal and stop its timer when cleared', () => {
    const outer = new StopSource();
    const deadline = startDeadline(100, outer);
    deadline.clear();
    outer.abort(new Error('after the work was done'));
    vi.advanceTimersByTime(1_000);
    expect(deadline.aborted).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('should run without a timer when no time is given, until the outer signal aborts', () => {
    const outer = new StopSource();
    const deadline = startDeadline(undefined, outer);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(deadline.aborted).toBe(false);
    outer.abort('stop');
    expect(deadline.reason).toBe('stop');
  });

  it('should give an AbortSignal that follows it, made before or after it aborts', () => {
    const early = startDeadline(100);
    const before = early.signal;
    expect(before).toBeInstanceOf(AbortSignal);
    expect(early.signal).toBe(before);
    vi.advanceTimersByTime(100);
    expect(before.aborted).toBe(true);
    expect(before.reason).toBe(early.reason);

    const late = startDeadline(100);
    vi.advanceTimersByTime(100);
    expect(late.signal.aborted).toBe(true);
    expect(late.signal.reason).toBe(late.reason);
  });

  it('should race work against itself: the work’s value in time, its reason past the deadline', async () => {
    const deadline = startDeadline(100);
    await expect(deadline.race(Promise.resolve('answer'))).resolves.toBe('answer');
    const stalled = deadline.race(new Promise<never>(() => undefined));
    vi.advanceTimersByTime(100);
    await expect(stalled).rejects.toMatchObject({ name: 'TimeoutError' });
    // Once aborted, new work is refused at once, with the same reason.
    await expect(deadline.race(Promise.resolve('late'))).rejects.toBe(deadline.reason);
  });
});

describe('given a StopSource', () => {
  it('should call each listener once, in order, and none that was removed or added after it aborted', () => {
    const source = new StopSource();
    const calls: string[] = [];
    const removed = () => calls.push('removed');
    source.addEventListener('abort', () => calls.push('first'));
    source.addEventListener('abort', removed);
    source.addEventListener('abort', () => calls.push('second'));
    source.removeEventListener('abort', removed);
    source.abort('why');
    source.abort('again');
    source.addEventListener('abort', () => calls.push('too late'));
    expect(calls).toEqual(['first', 'second']);
    expect(source.reason).toBe('why');
  });

  it('should keep calling the other listeners when one throws, and report that error on its own', () => {
    const reported: (() => void)[] = [];
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((callback) => {
      reported.push(callback);
    });
    const source = new StopSource();
    const after = vi.fn();
    const failure = new Error('a listener failed');
    source.addEventListener('abort', () => {
      throw failure;
    });
    source.addEventListener('abort', after);
    expect(() => {
      source.abort('why');
    }).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    expect(reported).toHaveLength(1);
    expect(() => reported[0]?.()).toThrow(failure);
  });
});

describe('given toAbortSignal', () => {
  it('should pass an AbortSignal through, and give a StopSource’s own', () => {
    const signal = new AbortController().signal;
    expect(toAbortSignal(signal)).toBe(signal);
    const source = new StopSource();
    expect(toAbortSignal(source)).toBe(source.signal);
  });

  it('should make an AbortSignal that follows any other stop signal, with its reason', () => {
    let listener: (() => void) | undefined;
    const stop = {
      aborted: false as boolean,
      reason: undefined as unknown,
      addEventListener: (_type: 'abort', added: () => void) => {
        listener = added;
      },
      removeEventListener: vi.fn(),
    } satisfies StopSignal;
    const signal = toAbortSignal(stop);
    expect(signal.aborted).toBe(false);
    stop.aborted = true;
    stop.reason = 'closed';
    listener?.();
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('closed');
    expect(toAbortSignal({ ...stop, aborted: true, reason: 'already' }).reason).toBe('already');
  });
});

describe('given sleep and raceAbort', () => {
  it('should sleep its time, or reject with the signal’s reason when it aborts first', async () => {
    const done = vi.fn();
    const sleeping = sleep(50).then(done);
    await vi.advanceTimersByTimeAsync(49);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(done).toHaveBeenCalledTimes(1);

    const source = new StopSource();
    const interrupted = sleep(1_000, source);
    source.abort('woken');
    await expect(interrupted).rejects.toBe('woken');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('should take its listener off the signal once the work settles', async () => {
    const source = new StopSource();
    const remove = vi.spyOn(source, 'removeEventListener');
    await expect(raceAbort(Promise.resolve(1), source)).resolves.toBe(1);
    expect(remove).toHaveBeenCalledTimes(1);
    source.abort('later');
  });
});
