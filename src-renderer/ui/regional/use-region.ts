import { createContext, useContext } from 'react';

/**
 * The active practice's region (its money, date and number formats), or undefined while none is connected.
 * A context, not a read of the session store, so every layer above `ui` can format for the practice
 * without depending on the session: the app's shell provides it from the active practice.
 */
export const RegionContext = createContext<string | undefined>(undefined);

/** The region every formatter on screen uses: the active practice's (see RegionContext). */
export const useRegion = (): string | undefined => useContext(RegionContext);
