import type { ReactElement } from 'react';
import { VolumeCard, type VolumePeriod, type VolumeType } from '../index.js';
import { attributeOnly, kinds, reflected } from './ElementBase.js';
import { PaymentsElement } from './PaymentsElement.js';

const attributes = {
  /** `day`, `week`, `month`, `year` or `30d`. */
  period: reflected('period', kinds.oneOf<VolumePeriod>()),
  /** `receive` or `send`. */
  type: reflected('type', kinds.oneOf<VolumeType>()),
  /** Three-letter time zone code the volume is counted in, e.g. `UTC` or `EST` (any case). Anything else, such as `Europe/Madrid`, shows an error, and the proxy refuses it: nothing reaches the payments API. */
  tz: reflected('tz', kinds.text),
  /** Read again at this interval while the page is visible. Default: never. */
  refreshIntervalMs: reflected('refresh-interval-ms', kinds.number),
  /** Level of the heading, 2 to 6. Default 2. */
  headingLevel: attributeOnly('heading-level', kinds.headingLevel(6)),
  /** BCP 47 locale for this element only. */
  locale: attributeOnly('locale', kinds.text),
};

/**
 * `<payments-volume-card>`: the transaction volume of a period, `VolumeCard` as an element.
 *
 * @tagName payments-volume-card
 * @fires payments-error - A load failed; `detail` is the `PaymentsError`.
 * @prop {number | undefined} refreshIntervalMs - Read again at this interval, in milliseconds (`refresh-interval-ms`). Default: never.
 * @csspart root - The card.
 * @csspart money - The volume.
 * @csspart button - "Try again".
 *
 * @example
 * <payments-volume-card period="month" type="receive" tz="UTC"></payments-volume-card>
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface at the end types accessors the table makes
export class PaymentsVolumeCardElement extends PaymentsElement {
  protected static override readonly attributes = attributes;

  /** The period (`period`). */
  declare period: VolumePeriod | null;
  /** Received or sent volume (`type`). */
  declare type: VolumeType | null;
  /** Three-letter time zone code the volume is counted in (`tz`), e.g. `UTC`. */
  declare tz: string | null;

  protected renderComponent(): ReactElement {
    const { period, type, tz, ...props } = this.attributeValues(attributes);
    return (
      <VolumeCard
        {...props}
        period={period ?? ''}
        type={type ?? ''}
        tz={tz ?? ''}
        messages={this.messages}
        onError={(error) => this.emit('payments-error', error)}
      />
    );
  }
}

// Properties whose setter takes more than their getter gives: only accessor signatures say so.
// The class's accessors are made from its table (ElementBase); `@prop` above lists them in the manifest.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- declares accessors the base class installs
export interface PaymentsVolumeCardElement {
  /** Read again at this interval, in milliseconds (`refresh-interval-ms`). Default: never. */
  get refreshIntervalMs(): number | undefined;
  set refreshIntervalMs(value: number | undefined | null);
}
