import { useEffect, useState } from 'react';
import { localToday } from '../../../src-preload/contract/iso-day';

/** The current time, refreshed every `everyMs`: relative times ("2 minutes ago") move on while a screen is open. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The practice's calendar date (the laptop's, not UTC's), moving on at midnight while a screen is open. */
export function useToday(): string {
  return localToday(new Date(useNow(60_000)));
}
