import { useEffect, useRef, useState } from 'react';

/** `value`, passed on at most once per `ms`: a burst of events reloads a view once, not once per event. */
export function useThrottled<T>(value: T, ms: number): T {
  const [passed, setPassed] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      setPassed(value);
      return;
    }
    const timer = setTimeout(() => {
      last.current = Date.now();
      setPassed(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return passed;
}
