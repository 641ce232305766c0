import { useEffect, useState } from 'react';
import { useServices } from './services-context';

/**
 * Whether the first screen has painted its content (see desktop/first-screen.ts). Parts of the shell that read the
 * practice's database through Dexie (the outbox count, the last sync's time, who is using the laptop) wait
 * for it: opening Dexie reads and checks the whole schema, and the first rows should not wait for that.
 */
export function useFirstScreenShown(): boolean {
  const { firstScreen } = useServices();
  const [shown, setShown] = useState(() => firstScreen.shown);
  useEffect(() => firstScreen.whenShown(() => setShown(true)), [firstScreen]);
  return shown;
}
