import type { PaymentsError } from '../../api/index.js';
import { ErrorState, type ErrorStateProps } from './ErrorState.js';

/** Props of {@link ReadErrorState}. */
export interface ReadErrorStateProps {
  /** The read's error; none (a success the component cannot show) counts as `invalid_response`. */
  error: PaymentsError | null | undefined;
  messages: ErrorStateProps['messages'];
  /** Reads again (the query's `refetch`). */
  onRetry: () => void;
}

/**
 * The error state of a read. Reads are GETs (docs/api.md#operations), so retrying is safe and
 * offered — except after `invalid_request`, which the same input would meet again, and after a
 * refused session or grant (`ErrorState` shows those without a retry button).
 */
export function ReadErrorState({ error, messages, onRetry }: ReadErrorStateProps) {
  const kind = error?.kind ?? 'invalid_response';
  return (
    <ErrorState
      kind={kind}
      code={error?.code}
      status={error?.status}
      messages={messages}
      onRetry={kind === 'invalid_request' ? undefined : onRetry}
      requestId={error?.requestId}
    />
  );
}
