import { useCallback, useState } from 'react';
import { describeError } from './api.js';

/** What the last action of a panel did: a line for screen readers and tests (`role="status"`). */
export interface Outcome {
  readonly text: string;
  readonly failed: boolean;
}

/** Runs an action and keeps its outcome: `ok` is the line shown on success, a failure shows its code. */
export function useAction(): [Outcome | null, (action: () => Promise<string>) => Promise<void>, boolean] {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<string>) => {
    setBusy(true);
    try {
      setOutcome({ text: await action(), failed: false });
    } catch (error) {
      setOutcome({ text: describeError(error), failed: true });
    } finally {
      setBusy(false);
    }
  }, []);
  return [outcome, run, busy];
}

export function OutcomeLine({ outcome, label }: { readonly outcome: Outcome | null; readonly label: string }) {
  return (
    <p role="status" aria-label={label} className={outcome?.failed ? 'outcome failed' : 'outcome'}>
      {outcome?.text ?? ''}
    </p>
  );
}

export function ErrorLine({ error }: { readonly error: string | null }) {
  return error ? (
    <p role="alert" className="outcome failed">
      {error}
    </p>
  ) : null;
}
