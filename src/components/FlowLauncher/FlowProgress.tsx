import type { HostedFlowProgress } from '../headless/useHostedFlow.js';
import type { FlowLauncherMessages } from '../messages/types.js';
import { formatMessage, formatNumber } from '../shared/formatMessage.js';
import { openEnumLabel } from '../shared/openEnumLabel.js';

/** "Step 2 of 3", or the flow's completion once every step is done. */
export function flowProgressLabel(progress: HostedFlowProgress, complete: boolean, messages: FlowLauncherMessages, locale: string): string {
  const total = progress.steps.length;
  return complete
    ? messages.flowComplete
    : formatMessage(messages.flowProgress, { done: formatNumber(Math.min(progress.done + 1, total), locale), total: formatNumber(total, locale) });
}

/** The flow's progress: its label, a progress bar and the list of steps, done, current or to do. */
export function FlowProgress({ id, label, progress, messages }: { id: string; label: string; progress: HostedFlowProgress; messages: FlowLauncherMessages }) {
  return (
    <div className="pk-flow__progress">
      <p className="pk-progress__label" id={id}>
        {label}
      </p>
      <progress className="pk-progress" max={Math.max(1, progress.steps.length)} value={progress.done} aria-labelledby={id} />
      <ol className="pk-steps" aria-label={messages.flowStepsLabel}>
        {progress.steps.map((step, index) => {
          const stepState = progress.completed.includes(step) ? 'done' : index === progress.current ? 'current' : 'todo';
          return (
            <li
              key={`${step}-${String(index)}`}
              className="pk-step"
              data-state={stepState}
              aria-current={stepState === 'current' ? 'step' : undefined}
            >
              {Object.hasOwn(messages.flowSteps, step) ? (
                openEnumLabel(step, messages.flowSteps)
              ) : (
                // A step the kit has no word for is shown as the API sent it: isolated.
                <bdi>{openEnumLabel(step, messages.flowSteps)}</bdi>
              )}
              {stepState === 'done' ? <span className="pk-visually-hidden">{`${messages.flowStepDoneSeparator}${messages.flowStepDone}`}</span> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
