import { useEffect, useState } from 'react';

/** The time now, refreshed every `everyMs` (relative times such as "2 h ago" stay true). */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
