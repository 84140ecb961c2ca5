import { useEffect, useState } from 'react';

/** The wall clock (ms), re-read every `everyMs`: for countdowns. Tests drive it with fake timers. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
