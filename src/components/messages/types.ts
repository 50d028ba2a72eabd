import type {
  KnownFlowStep,
  KnownPaymentIntentStatus,
  PaymentsErrorKind,
  knownLegacyTransactionTypes,
  knownTransactionTypes,
  knownTransferPlatforms,
  knownTransferStatuses,
  knownTransferTypes,
  knownVolumePeriods,
  knownVolumeTypes,
} from '../../api/index.js';

/**
 * A message that depends on a count. `other` is required; the rest are the CLDR plural
 * categories of `Intl.PluralRules`, and a catalogue gives those its language uses: `en`, `de`
 * and `nl` one/other; `es`, `fr`, `it` and `pt-BR` one/many/other (`many`: "1 000 000 de…";
 * `fr` and `pt-BR` `one` is 0 and 1); `pl` one/few/many/other (`few` 2–4, 22–24; `many` 5–21,
 * 25…; `other` fractions); `he` one/two/other; `ja` and `zh-CN` other only; `ar` all six (zero,
 * one, two, few, many, other). A missing category falls back to `other`. `zero`, where given,
 * is also the form of an exact 0 in a language whose rules file 0 elsewhere (`pt-BR` puts 0 under
 * `one`, where "0 transação" is wrong: its `zero` says "Nenhuma transação"). `{count}` is replaced
 * by the count, formatted for the locale; a form chosen for one number only (`en` one, `ar` zero,
 * one, two) may spell the number out instead.
 */
export interface PluralMessage {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

/** Platforms named by a brand or an acronym: shown as the brand writes itself, in every language. */
export type BrandPlatform = 'ach' | 'rtp' | 'paypal' | 'venmo' | 'visa' | 'amazon' | 'cash_app' | 'airtm' | 'payoneer';

/** States every component shares: loading, errors, not found, money, yes/no. */
export interface SharedMessages {
  // ─── States shared by every component ───
  /** Announced while data loads (visually hidden; a skeleton is shown). */
  loading: string;
  /** Retry button of an error state. */
  retry: string;
  /**
   * Error title per `PaymentsError` kind; and, where you give one, per payments API `error_code`
   * ({@link UpstreamErrorCode}): yours wins over the kit's words for that code
   * (docs/api.md#errors).
   *
   * @example messages={{ errorTitles: { 'user-info-missing-card': 'Add a card to pay' } }}
   */
  errorTitles: Record<PaymentsErrorKind, string> & Partial<Record<UpstreamErrorCode, string>>;
  /** What the user can do, per error kind; and, where you give it, per payments API `error_code`, as `errorTitles`. */
  errorDescriptions: Record<PaymentsErrorKind, string> & Partial<Record<UpstreamErrorCode, string>>;
  /** The request id for support. Placeholder: `{requestId}`. */
  errorReference: string;
  /**
   * Title of the error state when the proxy refuses the page's payment session (401
   * `session_expired`, `session_invalid`) and no new one could be had.
   */
  sessionExpiredTitle: string;
  /** What to do then: retrying cannot help, reloading the page gets a new session. */
  sessionExpiredDescription: string;
  /**
   * Title of the error state when nothing was sent because the request could not start: no
   * session was ever given (`session_not_given`, 401 `session_required`), or getting one failed
   * (`session_unavailable`).
   */
  notStartedTitle: string;
  /** What to do when no session was given: not "expired", since none ever existed. */
  sessionMissingDescription: string;
  /** What to do when getting a session failed: nothing was sent, so trying again is safe. */
  notStartedDescription: string;
  /** Title of the error state when the session does not allow the call (403 `not_granted`, `cross_site_refused`). */
  notGrantedTitle: string;
  /** What to do then. */
  notGrantedDescription: string;
  /** Title of the not-found state (HTTP 404). */
  notFoundTitle: string;
  /** Body of the not-found state. */
  notFoundDescription: string;
  /** Shown instead of an amount the kit refuses to round (non-integer cents, unsafe integers). */
  amountUnavailable: string;
  /** Shown for an empty value (an empty metadata string, an empty notes object). */
  valueMissing: string;
  /** Word for `true` (legacy `completed`). */
  yes: string;
  /** Word for `false`. */
  no: string;
  /**
   * Shown for a missing status (a payment intent's `status` is optional). Named for the
   * payment intent, where it is met; any status badge uses it.
   */
  paymentIntentStatusUnknown: string;
  /**
   * Title of the error state when the proxy or the payments service answers 429: too many
   * requests for now (a read has already been retried after the wait it asked for).
   */
  rateLimitedTitle: string;
  /** What to do then: wait a little, then try again. */
  rateLimitedDescription: string;
  /**
   * Title of the error state when the payments service refuses for lack of funds (its
   * `error_code` `transaction-insufficient-funds`, docs/api.md#errors).
   */
  insufficientFundsTitle: string;
  /** What to do then: add funds first; the same request is refused again until then. */
  insufficientFundsDescription: string;
  /**
   * Title when the payments service is busy (`resource-busy`, `service-unavailable`); under it,
   * `rateLimitedDescription` (wait a little, then try again).
   */
  busyTitle: string;
  /** Title when the payments service refused the details (`invalid-input`, or a 400 of its own). */
  inputRefusedTitle: string;
  /** What to do then. Never "nothing was sent": the service received the request. */
  inputRefusedDescription: string;
  /**
   * Title when the payments service does not let this account do this (a 403 of its own); under
   * it, `notGrantedDescription` (contact support if it should).
   */
  notAllowedTitle: string;
}

/**
 * The payments API's documented `error_code`s that have words of their own, beyond the four
 * with a key of their own above (`transaction-insufficient-funds`, `resource-busy`,
 * `service-unavailable`, `invalid-input`): docs/api.md#errors.
 */
export type UpstreamErrorCode =
  | 'auth-email-already-exists'
  | 'auth-username-already-exists'
  | 'invalid-ssn'
  | 'invalid-username'
  | 'invalid-phone-number'
  | 'invalid-email'
  | 'invalid-phone-number-voip'
  | 'invalid-phone-number-landline'
  | 'invalid-invoice-requested-information'
  | 'invalid-invoice-breakdown'
  | 'invalid-invoice-item'
  | 'invalid-invoice-item-total'
  | 'invalid-transaction'
  | 'user-info-missing'
  | 'user-info-missing-cash-app'
  | 'user-info-missing-contact'
  | 'user-info-missing-card'
  | 'app-info-missing';

/**
 * The words of one language for every {@link UpstreamErrorCode}: a title, and what the user can
 * do. Shipped apart from the catalogues, one chunk per language (`src/components/messages/errorCodes/`),
 * loaded by the components that can meet these codes (docs/api.md#errors).
 */
export interface ErrorCodeMessages {
  errorTitles: Record<UpstreamErrorCode, string>;
  errorDescriptions: Record<UpstreamErrorCode, string>;
}

/** Words of `TransactionDetail`. */
export interface TransactionDetailMessages {
  // ─── Transaction (v2, docs/api.md#read-a-transaction) ───
  /** Heading. Placeholder: `{id}`. */
  transactionTitle: string;
  /** Label of v2 `amount` (integer cents). */
  transactionAmount: string;
  /** Label of v2 `created`. */
  transactionCreated: string;
  /** Label of v2 `source_name`. */
  transactionSource: string;
  /** Label of v2 `destination_name`. */
  transactionDestination: string;
  /** Label of v2 `type`. */
  transactionType: string;
  /** Label of v2 `metadata`. */
  transactionMetadata: string;
  /** Announced (live region) when a transaction has loaded. Placeholder: `{id}`. */
  transactionLoaded: string;
  /**
   * Word per known transaction type: the v2 types (`balance`, `refill`, `payout`, `payment`, `fee`,
   * `surrogate`) and the legacy ones (`wallet`, money; `credit`, a credit balance).
   */
  transactionTypes: Record<
    (typeof knownTransactionTypes)[number] | (typeof knownLegacyTransactionTypes)[number],
    string
  >;

  // ─── Transfer embedded in a v2 transaction ───
  /** Heading of the embedded transfer. */
  transfer: string;
  /** Label of `transfer.id` / `transfer_id`. */
  transferId: string;
  /** Label of `transfer.status`. */
  transferStatus: string;
  /** Label of `transfer.type`. */
  transferType: string;
  /** Label of `transfer.amount` (integer cents). */
  transferAmount: string;
  /** Label of `transfer.created`. */
  transferCreated: string;
  /** Label of `transfer.user_id`. */
  transferUserId: string;
  /** Label of `transfer.external_data.platform`. */
  transferPlatform: string;
  /** Label of `transfer.external_data.account_id`. */
  transferAccountId: string;
  /** Label of `transfer.external_data.external_id`. */
  transferExternalId: string;
  /** Label of `transfer.payout_link_id`. */
  transferPayoutLinkId: string;
  /** Label of `transfer.metadata`. */
  transferMetadata: string;
  /** Label of the size of `transfer.transactions` (the value is `transferTransactionsCount`). */
  transferTransactions: string;
  /** Size of `transfer.transactions`. Placeholder: `{count}`. */
  transferTransactionsCount: PluralMessage;
  /**
   * Announced (live region) once when a transfer's status changes while the transaction is on
   * screen (the live status refresh). Placeholder: `{status}` (the status word, or its raw text).
   */
  transferStatusChanged: string;
  /** Word per documented transfer status; `flagged` is a transfer under review, not a failure. */
  transferStatuses: Record<(typeof knownTransferStatuses)[number], string>;
  /** Word per documented transfer type. */
  transferTypes: Record<(typeof knownTransferTypes)[number], string>;
  /**
   * Word per documented platform that is not a brand (`intl_bank`, `wire`, `invoice`, `crypto`).
   * The brands and acronyms ({@link BrandPlatform}: ACH, PayPal…) read the same in every
   * language and are named by the kit itself; a host may still give any of them its own label.
   */
  transferPlatforms: Record<Exclude<(typeof knownTransferPlatforms)[number], BrandPlatform>, string> &
    Partial<Record<BrandPlatform, string>>;

  // ─── Legacy transaction (docs/api.md#read-a-transaction-legacy) ───
  /** Label of legacy `date` (shown verbatim when it is not ISO 8601). */
  legacyDate: string;
  /** Label of legacy `source_username`. */
  legacySourceUsername: string;
  /** Label of legacy `destination_username`. */
  legacyDestinationUsername: string;
  /** Label of legacy `type`. */
  legacyType: string;
  /** Label of legacy `completed` (value: `yes` / `no`). */
  legacyCompleted: string;
  /** Label of legacy `notes`. */
  legacyNotes: string;
  /** Label of legacy `credit_transaction_id`. */
  legacyCreditTransactionId: string;
  /** Caption of the receipt table. */
  receiptCaption: string;
  /** Receipt column: `items[].name`. */
  receiptName: string;
  /** Receipt column: `items[].description`. */
  receiptDescription: string;
  /** Receipt column: `items[].quantity`. */
  receiptQuantity: string;
  /** Receipt column: `items[].unit_amount` (dollars). */
  receiptUnitAmount: string;
  /** Receipt column: unit amount × quantity (computed with `multiplyAmounts`). */
  receiptLineTotal: string;
  /** Receipt footer: `breakdown.items_total`. */
  receiptItemsTotal: string;
  /** Receipt footer: `breakdown.tax`. */
  receiptTax: string;
  /** Receipt footer: `breakdown.shipping`. */
  receiptShipping: string;
  /** Receipt footer: items total + tax + shipping (computed with `addAmounts`). */
  receiptGrandTotal: string;
  /** Shown when the receipt has no items. */
  receiptEmpty: string;
}

/** Words of `ConfirmIntentButton`. */
export interface ConfirmIntentButtonMessages {
  // ─── Payment intent (docs/api.md#confirm-a-payment-intent) ───
  /** Word per payment intent status the API lists. */
  paymentIntentStatuses: Record<KnownPaymentIntentStatus, string>;
  /** The confirm button. */
  confirmButton: string;
  /** The confirmation question. Placeholder: `{amount}` (formatted money). */
  confirmPrompt: string;
  /** Accepts the confirmation question. */
  confirmAccept: string;
  /** Button text and live announcement while the request runs. */
  confirmPending: string;
  /**
   * Button text and live announcement while a confirm sent before the page was reloaded (its
   * answer not known) is sent again with its same key, before a new action is offered.
   */
  confirmRecovering: string;
  /** Dismisses the confirmation question. */
  confirmCancel: string;
  /** Announced when the request finished. Placeholder: `{status}` (a status word). */
  confirmResult: string;
  /**
   * Explains `requires_action` and what happens next: the payment goes on once the customer has
   * acted, with no second confirm (the button offers none; docs/api.md#confirm-a-payment-intent).
   */
  requiresActionExplanation: string;
  /** The confirmation question when no `amount` is given. */
  confirmPromptNoAmount: string;
  /** After `processing`: the money is moving, the final status comes later. */
  confirmProcessingExplanation: string;
  /** After `requires_capture`: authorised, not yet captured. */
  confirmRequiresCaptureExplanation: string;
  /** After `failed` or `requires_payment_method`: a new attempt is allowed. */
  confirmFailedExplanation: string;
  /** After `canceled`: nothing more can be done here. */
  confirmCanceledExplanation: string;
  /** After `initialized`, `created` or `requires_confirmation`: still not confirmed. */
  confirmNotConfirmedExplanation: string;
  /** After a status the kit does not know (shown raw): check before acting again. */
  confirmUnknownExplanation: string;
  /** After a network error, timeout or 5xx: the outcome is unknown; retrying is safe. */
  confirmOutcomeUnknown: string;
  /** Replaces the generic advice after a definitive refusal (4xx): nothing to retry as-is. */
  confirmRefused: string;
  /**
   * Replaces `rateLimitedDescription` under `busyTitle` after a confirm the payments service
   * found busy: an earlier request for this payment may still be processing.
   */
  confirmBusy: string;
  /**
   * The intent was confirmed for another amount than the `amount` shown before: `{confirmed}`
   * and `{shown}` are the two amounts, formatted.
   */
  confirmAmountMismatch: string;
}

/** Words of `FlowLauncher`. */
export interface FlowLauncherMessages {
  // ─── Flow launcher (docs/api.md#create-a-flow) ───
  /** Button that creates a flow and opens it. */
  flowStart: string;
  /** Placeholders: `{done}`, `{total}`. */
  flowProgress: string;
  /** Word per step name the API documents. */
  flowSteps: Record<KnownFlowStep, string>;
  /** Title of the embedded flow (iframe `title`, dialog heading). */
  flowTitle: string;
  /** The link the API returned is not one the kit will embed (not https, has credentials…). */
  flowLinkRefused: string;
  /** The flow page could not be used any more. */
  flowLinkExpired: string;
  /** Creates a new flow after `flowLinkExpired`. */
  flowRecreate: string;
  /** Closes the flow dialog. */
  flowClose: string;
  /** The flow link's origin is not in `allowedOrigins`. */
  flowLinkNotAllowed: string;
  /**
   * The next step under `flowLinkRefused` and `flowLinkNotAllowed`: the user cannot mend the link,
   * so it sends them to support (with the reference, when there is one).
   */
  flowLinkRefusedNextStep: string;
  /** Accessible name of the list of steps. */
  flowStepsLabel: string;
  /** Read after a step that is done (visually hidden), after `flowStepDoneSeparator`: "Compliance, done". */
  flowStepDone: string;
  /**
   * Put between a step's name and `flowStepDone`, so that a screen reader pauses there: `', '` in
   * English, `'、'` in Japanese, `'، '` in Arabic.
   */
  flowStepDoneSeparator: string;
  /** Announced and shown when every step is done. */
  flowComplete: string;
}

/**
 * The words of the volume's `period`: each names the window the figure covers, shown after the
 * type ("Received · 1 month"). A span of time, never a rate ("daily", "monthly": the card shows one
 * total, not a series) and never a date ("today"): translate the length of the window.
 */
// A type, not an interface: records of words are read by key (`openEnumLabel`).
export type VolumePeriodWords = Record<Exclude<(typeof knownVolumePeriods)[number], '30d'>, string> & {
  /**
   * `day`: the figure is the volume of one day (English "1 day"). Not "daily", not "per day", and
   * not a bare "Day", which reads as "today".
   */
  day: string;
  /** `week`: the volume of one week (English "1 week"). Not "weekly", not a bare "Week". */
  week: string;
  /** `month`: the volume of one month (English "1 month"). Not "monthly", not a bare "Month" ("this month"). */
  month: string;
  /** `year`: the volume of one year (English "1 year"). Not "yearly", not "annual", not a bare "Year". */
  year: string;
  /**
   * `30d`: the volume of the last 30 days, counted back from now (English "Last {count} days").
   * A plural message ({@link PluralMessage}): the form is picked for the number of days, as
   * for any count (30 is `many` in `ar`: "آخر ٣٠ يومًا"). Placeholder: `{count}`, the 30,
   * written by the locale's number formatter (`ar-EG`: ٣٠), so keep the digits out of the words.
   */
  '30d': PluralMessage;
};

/** Words of `VolumeCard`. */
export interface VolumeCardMessages {
  // ─── Volume card (docs/api.md#transaction-volume) ───
  /** Heading of the volume card. */
  volumeTitle: string;
  /** Placeholders: `{type}`, `{period}` (words below, or raw values). */
  volumeSummary: string;
  /** Words per documented `period` value (`day`, `week`, `month`, `year`, `30d`); others show raw. */
  volumePeriods: VolumePeriodWords;
  /** Word per documented `type` value (`receive`, `send`); others show raw. */
  volumeTypes: Record<(typeof knownVolumeTypes)[number], string>;
  /** The `tz` prop is not a three-letter code. Placeholder: `{tz}`. */
  volumeInvalidTz: string;
  /** Announced (live region) when the volume has loaded. Placeholders: `{title}`, `{amount}` (formatted money). */
  volumeLoaded: string;
}

/**
 * Every string the kit shows. Text in `{braces}` is a placeholder filled by `formatMessage`;
 * keep the placeholders when translating or overriding. Records hold one word per known value
 * of an open enum; a value not listed is shown as its raw text (forward compatibility).
 */
export interface PaymentsMessages
  extends SharedMessages,
    TransactionDetailMessages,
    ConfirmIntentButtonMessages,
    FlowLauncherMessages,
    VolumeCardMessages {}

/** Keys whose value is a single string (of all messages, or of one component's `M`). */
export type StringMessageKey<M = PaymentsMessages> = {
  [K in keyof M]-?: M[K] extends string ? K : never;
}[keyof M];

/**
 * What a host may pass to replace messages: any subset; for a record or plural message, any
 * subset of its entries (the others keep the locale's words).
 */
export type MessageOverrides = {
  [K in keyof PaymentsMessages]?: PaymentsMessages[K] extends string
    ? string
    : Partial<PaymentsMessages[K]>;
};
