import { Box, Button, Flex, Heading, Text, Theme } from '@radix-ui/themes';
import {
  Component,
  useContext,
  useEffect,
  useRef,
  useState,
  type ContextType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useRouteError } from 'react-router';
import type { RendererError } from '../../src-preload/contract/desktop';
import { ServicesContext, useCompanion } from '../context/services-context';

/**
 * Starts the window again on the first screen: the screen that failed might fail again on the same
 * data, and everything saved (local data, queued actions) is kept by a reload.
 */
function reload(): void {
  window.location.hash = '#/';
  window.location.reload();
}

/** What a person sees when a screen failed: one sentence, Reload, Copy diagnostics. Focus starts on Reload. */
export function RecoveryScreen() {
  const reloadButton = useRef<HTMLButtonElement>(null);
  const [copyState, setCopyState] = useState<string>('');
  const companion = useCompanion();
  useEffect(() => reloadButton.current?.focus(), []);

  async function copyDiagnostics(): Promise<void> {
    if (!companion) return setCopyState('Diagnostics are not available: the app’s main process cannot be reached.');
    try {
      await navigator.clipboard.writeText((await companion.desktop.diagnostics()).text);
      setCopyState('Diagnostics copied. Paste them into a message to your practice’s support contact.');
    } catch {
      setCopyState('The diagnostics could not be copied. Try again in a moment.');
    }
  }

  return (
    <Box role="alert" aria-labelledby="recovery-heading" p="6" maxWidth="640px" data-testid="recovery-screen">
      <Heading as="h1" size="6" id="recovery-heading" mb="3">
        This screen hit a problem
      </Heading>
      <Text as="p" mb="4">
        Something went wrong while showing it, and it was written to the app’s log. Your data and queued actions are
        kept; reloading starts the window again.
      </Text>
      <Flex gap="3" wrap="wrap">
        <Button ref={reloadButton} onClick={reload}>
          Reload
        </Button>
        <Button variant="soft" onClick={() => void copyDiagnostics()}>
          Copy diagnostics
        </Button>
      </Flex>
      <Text as="p" mt="3" aria-live="polite" data-testid="recovery-copy-state">
        {copyState}
      </Text>
    </Box>
  );
}

/** The router's errorElement: a screen (or the layout) threw while rendering or loading. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const errors = useContext(ServicesContext)?.errors;
  useEffect(() => errors?.report('route-error', error), [errors, error]);
  return <RecoveryScreen />;
}

/** The app-level boundary, for what fails outside the router (App's own providers and dialogs). */
export class ErrorBoundary extends Component<
  { children: ReactNode; source?: RendererError['source'] },
  { failed: boolean }
> {
  static override contextType = ServicesContext;
  declare context: ContextType<typeof ServicesContext>;
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const stack = error instanceof Error ? `${error.stack ?? ''}\nComponent stack:${info.componentStack ?? ''}` : null;
    const withComponents =
      stack && error instanceof Error ? Object.assign(new Error(error.message), { name: error.name, stack }) : error;
    this.context?.errors.report(this.props.source ?? 'error-boundary', withComponents);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    // Outside App's Theme when App itself failed; a nested Theme is harmless otherwise.
    return (
      <Theme accentColor="indigo" grayColor="slate" radius="medium" scaling="100%">
        <RecoveryScreen />
      </Theme>
    );
  }
}
