import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cx } from './cx.js';

/** Props of {@link LiveRegion}. */
export interface LiveRegionProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'role'> {
  /** The announcement; change it to announce. Empty while there is nothing to say. */
  children?: ReactNode;
  /** `polite` waits for the reader to pause; `assertive` interrupts (use for failures only). */
  politeness?: 'polite' | 'assertive' | undefined;
  /** Show the text instead of hiding it visually (hidden by default). */
  visible?: boolean | undefined;
}

/**
 * A visually hidden `aria-live` region. Screen readers only announce *changes* to a region
 * that was already in the page, so render it from the start and change its children later.
 */
export function LiveRegion({ children, politeness = 'polite', visible = false, className, ...rest }: LiveRegionProps) {
  return (
    <div
      className={cx('pk-live', !visible && 'pk-visually-hidden', className)}
      role={politeness === 'assertive' ? 'alert' : 'status'}
      aria-live={politeness}
      aria-atomic="true"
      {...rest}
    >
      {children}
    </div>
  );
}
