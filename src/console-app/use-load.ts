import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from './api.js';

export interface Loaded<T> {
  readonly data: T | null;
  readonly error: string | null;
  readonly loading: boolean;
  readonly reload: () => void;
}

/**
 * The answer of `load`, run again when a value in `deps` changes (the same number of them each
 * render) or `reload` is called; an answer that arrives after a newer request started is dropped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const ticket = ++latest.current;
    setLoading(true);
    load().then(
      (answer) => {
        if (ticket !== latest.current) return;
        setData(answer);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (ticket !== latest.current) return;
        setError(describeError(failure));
        setLoading(false);
      },
    );
    // `load` is a new closure each render: the deps say when it asks for something else.
  }, [...deps, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { data, error, loading, reload };
}
