'use client';
import { useId, type ComponentPropsWithoutRef } from 'react';
import type { PaymentsError, VolumePeriod, VolumeType } from '../../api/index.js';
import { checkTz } from '../../api/requestChecks.js';
import { useTransactionVolume } from '../../client/index.js';
import { isReadRefused } from '../../client/isReadRefused.js';
import { ErrorState } from '../shared/ErrorState.js';
import { Money } from '../shared/money/Money.js';
import { ReadCard } from '../shared/ReadCard.js';
import { cx } from '../shared/cx.js';
import { formatMessage } from '../shared/formatMessage.js';
import { formatPlural } from '../shared/formatPlural.js';
import { formatMoney } from '../shared/money/formatMoney.js';
import type { MessageOverrides, VolumePeriodWords } from '../messages/types.js';
import { openEnumLabel } from '../shared/openEnumLabel.js';
import { useHasWaited } from '../shared/useHasWaited.js';
import { useChangedValue } from '../shared/useChangedValue.js';
import { useReportError } from '../shared/useReportError.js';
import { usePaymentsUI } from '../usePaymentsUI.js';
import { defaultMessages } from './defaultMessages.js';

/** Props of {@link VolumeCard}. */
export interface VolumeCardProps extends Omit<ComponentPropsWithoutRef<'section'>, 'children' | 'onError' | 'title'> {
  /**
   * The window the volume covers: `day`, `week`, `month`, `year` or `30d` (the values the API
   * documents, shown in words: "Month", "Last 30 days"). Any other token of 1–32 letters, digits,
   * `_` or `-` is sent as is and shown raw.
   */
  period: VolumePeriod;
  /**
   * Which money to count: `receive` or `send` (the values the API documents, shown as
   * "Received" / "Sent"). Any other token is sent as is and shown raw.
   */
  type: VolumeType;
  /**
   * Three-letter time zone code the API aggregates in, e.g. `UTC` or `EST`, any case (sent
   * upper-cased). Anything else, such as `Europe/Paris`, shows an error from the first render;
   * the kit's proxy refuses it, and nothing reaches the payments API.
   */
  tz: string;
  /** Heading of the card; default `messages.volumeTitle` ("Transaction volume"). */
  title?: string | undefined;
  /** Called once per failed load with the typed error (an invalid `tz` included: `invalid_request`). */
  onError?: ((error: PaymentsError) => void) | undefined;
  /** BCP 47 locale for this component only (money, words); default: the provider's. */
  locale?: string | undefined;
  /** Message overrides for this component only, merged over the provider's. */
  messages?: MessageOverrides | undefined;
  /** Level of the card's heading (`h2` by default). */
  headingLevel?: 2 | 3 | 4 | 5 | 6 | undefined;
  /**
   * Read the volume again every this many ms while the page is visible (not in a hidden tab;
   * at once when it shows again), e.g. `60_000`. The figure updates in place, without a loading
   * state or an announcement. Default: off.
   */
  refreshIntervalMs?: number | undefined;
}

/**
 * The characters `text` draws: Intl puts direction marks into some locales' amounts (Arabic
 * starts with U+200F), which take no width and must not shrink the figure.
 */
function drawnLength(text: string): number {
  return text.replace(/[\u061c\u200e\u200f\u2066-\u2069]/g, '').length;
}

/** The days of the `30d` window: its words take the number as `{count}` and its plural form. */
const windowDays = 30;

/**
 * The words of a period: `30d` in the plural form for its days, the number written by the
 * locale's formatter (`ar-EG`: "آخر ٣٠ يومًا") like every other number on the card; an unknown
 * period shows raw.
 */
function periodWords(period: string, words: VolumePeriodWords, locale: string): string {
  const { '30d': lastDays, ...names } = words;
  return period === '30d' ? formatPlural(lastDays, windowDays, locale) : openEnumLabel(period, names);
}

/** What the card shows; `data-state` on its root. */
export type VolumeCardState = 'loading' | 'error' | 'success';

/** The rule the proxy applies to `tz` (docs/api.md#transaction-volume), known here from the props alone. */
function isValidTz(tz: string): boolean {
  return checkTz(tz) === undefined;
}

/**
 * The transaction volume metric as one figure: the volume, in cents, shown as money, under a
 * heading and a caption naming the type and the period ("Received · 1 month"). Loading, error (with
 * retry) and success states; an invalid `tz` is explained, and nothing reaches the payments API.
 *
 * @example
 * <VolumeCard period="30d" type="receive" tz="UTC" />
 *
 * See docs/api.md#transaction-volume.
 */
export function VolumeCard({
  period,
  type,
  tz,
  title,
  onError,
  locale,
  messages: messageOverrides,
  headingLevel = 2,
  refreshIntervalMs,
  className,
  ...rest
}: VolumeCardProps) {
  const ui = usePaymentsUI('<VolumeCard>', defaultMessages, { locale, messages: messageOverrides });
  const { messages } = ui;
  const query = useTransactionVolume({ period, type, tz }, { refreshIntervalMs });
  const headingId = useId();
  const captionId = `${headingId}-caption`;

  const { error } = query;
  useReportError(error, onError);

  // Known from the props alone, so the server and the first render already say it; the proxy
  // refuses the same tz with invalid_request (onError hears it), and nothing reaches the API.
  const tzInvalid = !isValidTz(tz);
  // A figure shown stays shown when a refresh fails, unless the answer is a refusal (401, 403,
  // 404): then it is no longer the page's to show (docs/spa.md#when-the-user-changes).
  const volume = isReadRefused(error) ? undefined : query.data?.volume;
  const state: VolumeCardState = tzInvalid
    ? 'error'
    : volume !== undefined
      ? 'success'
      : query.status === 'pending' || query.isFetching
        ? 'loading'
        : 'error';

  const waited = useHasWaited(state === 'loading');
  // A figure refreshed in place (`refreshIntervalMs`) is not announced: a card read every minute
  // must not talk every minute. The region falls silent instead of naming an old figure.
  const refreshed = useChangedValue(volume, `${period}:${type}:${tz}`) !== undefined;

  const heading = title ?? messages.volumeTitle;
  // Period and type are open sets (docs/api.md#forward-compatibility): words for the documented
  // values, raw text for the rest.
  const summary = formatMessage(messages.volumeSummary, {
    type: openEnumLabel(type, messages.volumeTypes),
    period: periodWords(period, messages.volumePeriods, ui.locale),
  });

  let body;
  let announcement = '';
  if (state === 'success' && volume !== undefined) {
    let amountText: string | undefined;
    try {
      amountText = formatMoney(volume, { locale: ui.locale });
    } catch {
      amountText = undefined; // <Money> shows why: a fractional cent is refused, never rounded
    }
    if (waited && !refreshed) {
      announcement = formatMessage(messages.volumeLoaded, { title: heading, amount: amountText ?? messages.amountUnavailable });
    }
    body = (
      <div className="pk-stat">
        {/* The stylesheet fits the figure to the card by its length: an attribute, not an inline
            style, which a strict CSP would block in server-rendered HTML. */}
        <p className="pk-stat__value" data-chars={amountText === undefined ? undefined : Math.min(drawnLength(amountText), 25)}>
          {/* Volume is in cents; a fractional cent is refused, never rounded. */}
          <Money amount={volume} locale={ui.locale} messages={messages} />
        </p>
      </div>
    );
  } else if (tzInvalid) {
    // A specific explanation instead of the generic "check the details", and no retry button:
    // the same tz would be refused again.
    body = (
      <ErrorState
        error={{ kind: 'invalid_request' }}
        messages={{
          ...messages,
          errorDescriptions: { ...messages.errorDescriptions, invalid_request: formatMessage(messages.volumeInvalidTz, { tz }) },
        }}
      />
    );
  }

  return (
    <ReadCard
      className={cx('pk-root', 'pk-volume', 'pk-card', className)}
      state={state}
      theme={ui.theme}
      {...ui.language}
      // Named by the heading and the caption: two cards of one page differ by period or type.
      aria-labelledby={`${headingId} ${captionId}`}
      headingId={headingId}
      level={headingLevel}
      heading={heading}
      header="pk-volume__header"
      caption={
        <p id={captionId} className="pk-stat__caption">
          {summary}
        </p>
      }
      announcement={announcement}
      messages={messages}
      lines={2}
      query={query}
      {...rest}
    >
      {body}
    </ReadCard>
  );
}
