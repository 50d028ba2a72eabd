import { useEffect, useRef } from 'react';

/**
 * Focus that follows a user's action, so keyboard and screen reader users are never dropped on
 * `<body>` when the button they pressed disappears or becomes disabled. `press(move, action)`
 * runs the action and keeps `move`; the first render after it in which `settled` is true calls
 * `move` once (it reads refs, so it may run renders later than it was made).
 */
export function useFocusAfterAction(state: string, settled: boolean): (move: () => void, action: () => void) => void {
  const next = useRef<(() => void) | null>(null);
  useEffect(() => {
    const move = next.current;
    if (move === null || !settled) return;
    next.current = null;
    move();
  }, [state, settled]);
  return (move, action) => {
    next.current = move;
    action();
  };
}

/**
 * Whether focus may be taken back into `region`: it was lost (on nothing or `<body>`, where a
 * removed button leaves it) or is still inside, not somewhere the user moved on to.
 */
export function focusIsLost(region: Element): boolean {
  const active = region.ownerDocument.activeElement;
  return active === null || active === region.ownerDocument.body || region.contains(active);
}
