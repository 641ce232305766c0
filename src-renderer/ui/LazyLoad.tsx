import { Flex, Spinner, Text } from '@radix-ui/themes';
import { Suspense, lazy, useState, type ComponentType } from 'react';

/** What shows while a part of the app loaded on demand arrives (a same-origin chunk: a moment, even offline). */
export function LoadingNotice({ what }: { what: string }) {
  return (
    <Flex role="status" align="center" gap="2" p="3">
      <Spinner />
      <Text size="2" color="gray">
        Loading {what}…
      </Text>
    </Flex>
  );
}

export type LoadedOnDemand<P> = ComponentType<P> & {
  /** Fetches the code now (for example when the screen that may open it is shown); safe to call again. */
  preload(): Promise<unknown>;
};

/**
 * A component whose code is loaded the first time it is needed, not at start (the PDF viewer, the chart,
 * the action forms): start-up has less JavaScript to fetch and parse. It carries its own Suspense
 * boundary, so a call site only changes its import. Once the code is there (after `preload()` or a first
 * use), it renders at once, exactly like a component imported up front.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  what: string,
): LoadedOnDemand<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null; // the next use tries again
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() })) as unknown as ComponentType<P>;
  function Loaded(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would remount it.
    const [Component] = useState(() => loaded ?? Lazy);
    return (
      <Suspense fallback={<LoadingNotice what={what} />}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(Loaded, { preload });
}

/** Preloads on-demand components once the calling component is shown; a failure is left to the first real use. */
export function preloadAll(components: readonly { preload(): Promise<unknown> }[]): void {
  for (const component of components) void component.preload().catch(() => undefined);
}
