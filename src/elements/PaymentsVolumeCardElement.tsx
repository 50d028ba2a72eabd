import type { ReactElement } from 'react';
import { VolumeCard, type VolumePeriod, type VolumeType } from '../index.js';
import { PaymentsElement } from './PaymentsElement.js';

/**
 * `<payments-volume-card>`: the transaction volume of a period, `VolumeCard` as an element.
 *
 * @tagName payments-volume-card
 * @attr period - `day`, `week`, `month`, `year` or `30d`.
 * @attr type - `receive` or `send`.
 * @attr tz - Three-letter time zone code the volume is counted in, e.g. `UTC` or `EST` (any case). Anything else, such as `Europe/Madrid`, shows an error and sends nothing.
 * @attr refresh-interval-ms - Read again at this interval while the page is visible. Default: never.
 * @attr heading-level - Level of the heading, 2 to 6. Default 2.
 * @attr locale - BCP 47 locale for this element only.
 * @fires payments-error - A load failed; `detail` is the `PaymentsError`.
 * @csspart root - The card.
 * @csspart money - The volume.
 * @csspart button - "Try again".
 *
 * @example
 * <payments-volume-card period="month" type="receive" tz="UTC"></payments-volume-card>
 */
export class PaymentsVolumeCardElement extends PaymentsElement {
  static get observedAttributes(): string[] {
    return ['period', 'type', 'tz', 'refresh-interval-ms', 'heading-level', 'locale'];
  }


  /** The period (`period`). */
  get period(): VolumePeriod | null {
    return this.getAttribute('period');
  }
  set period(value: VolumePeriod | null) {
    this.setOrRemoveAttribute('period', value);
  }

  /** Received or sent volume (`type`). */
  get type(): VolumeType | null {
    return this.getAttribute('type');
  }
  set type(value: VolumeType | null) {
    this.setOrRemoveAttribute('type', value);
  }

  /** Three-letter time zone code the volume is counted in (`tz`), e.g. `UTC`. */
  get tz(): string | null {
    return this.getAttribute('tz');
  }
  set tz(value: string | null) {
    this.setOrRemoveAttribute('tz', value);
  }

  /** Read again at this interval, in milliseconds (`refresh-interval-ms`). Default: never. */
  get refreshIntervalMs(): number | undefined {
    return this.numberAttribute('refresh-interval-ms');
  }
  set refreshIntervalMs(value: number | undefined | null) {
    this.setOrRemoveAttribute('refresh-interval-ms', value);
  }

  protected renderComponent(): ReactElement {
    return (
      <VolumeCard
        period={(this.period ?? '')}
        type={(this.type ?? '')}
        tz={this.tz ?? ''}
        refreshIntervalMs={this.refreshIntervalMs}
        headingLevel={this.headingLevelAttribute(6)}
        locale={this.stringAttribute('locale')}
        messages={this.messages}
        onError={(error) => this.emit('payments-error', error)}
      />
    );
  }
}
