import { Button, Callout, Flex } from '@radix-ui/themes';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** A new value (another file) clears a previous failure. */
  resetKey: unknown;
  children: ReactNode;
}

interface State {
  failed: boolean;
  resetKey: unknown;
}

/**
 * Keeps a fault inside the viewer from taking the screen around it down: whatever a document makes
 * the viewer throw while rendering ends here, as a message with a way to try again.
 */
export class PdfViewerBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept for diagnosis; the person sees the message below.
    console.warn('PDF viewer stopped:', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Flex direction="column" gap="3" align="start" className="pdf-viewer__notice">
        <Callout.Root color="red" role="alert">
          <Callout.Text>The PDF viewer stopped because of an unexpected problem with this file.</Callout.Text>
        </Callout.Root>
        <Button type="button" variant="soft" onClick={() => this.setState({ failed: false })}>
          Try again
        </Button>
      </Flex>
    );
  }
}
