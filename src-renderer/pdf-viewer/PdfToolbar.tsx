import { Button, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { MAX_ZOOM, MIN_ZOOM, zoomPercent } from './zoom';

export interface PdfToolbarProps {
  pageCount: number;
  currentPage: number;
  onGoToPage(page: number): void;
  zoom: number;
  fitWidth: boolean;
  onZoomIn(): void;
  onZoomOut(): void;
  onFitWidth(): void;
  printing: 'idle' | 'preparing' | 'failed';
  onPrint(): void;
}

/** Page navigation and zoom. Every control has a label; the keyboard equivalents are in aria-keyshortcuts. */
export function PdfToolbar(props: PdfToolbarProps) {
  const { pageCount, currentPage } = props;
  return (
    <Flex align="center" gap="2" wrap="wrap">
      <IconButton
        type="button"
        variant="soft"
        size="1"
        aria-label="Previous page"
        aria-keyshortcuts="PageUp"
        disabled={currentPage <= 1}
        onClick={() => props.onGoToPage(currentPage - 1)}
      >
        <span aria-hidden="true">‹</span>
      </IconButton>
      <PageNumberField pageCount={pageCount} currentPage={currentPage} onGoToPage={props.onGoToPage} />
      <IconButton
        type="button"
        variant="soft"
        size="1"
        aria-label="Next page"
        aria-keyshortcuts="PageDown"
        disabled={currentPage >= pageCount}
        onClick={() => props.onGoToPage(currentPage + 1)}
      >
        <span aria-hidden="true">›</span>
      </IconButton>
      <span className="pdf-viewer__divider" aria-hidden="true" />
      <IconButton
        type="button"
        variant="soft"
        size="1"
        aria-label="Zoom out"
        aria-keyshortcuts="Control+-"
        disabled={props.zoom <= MIN_ZOOM}
        onClick={props.onZoomOut}
      >
        <span aria-hidden="true">−</span>
      </IconButton>
      <Text size="1" className="pdf-viewer__zoom" data-testid="pdf-zoom">
        {zoomPercent(props.zoom)}
      </Text>
      <IconButton
        type="button"
        variant="soft"
        size="1"
        aria-label="Zoom in"
        aria-keyshortcuts="Control+="
        disabled={props.zoom >= MAX_ZOOM}
        onClick={props.onZoomIn}
      >
        <span aria-hidden="true">+</span>
      </IconButton>
      <Button
        type="button"
        variant={props.fitWidth ? 'solid' : 'soft'}
        size="1"
        aria-pressed={props.fitWidth}
        aria-keyshortcuts="Control+0"
        onClick={props.onFitWidth}
      >
        Fit width
      </Button>
      <span className="pdf-viewer__divider" aria-hidden="true" />
      <Button
        type="button"
        variant="soft"
        size="1"
        aria-keyshortcuts="Control+P"
        disabled={props.printing === 'preparing'}
        onClick={props.onPrint}
      >
        {props.printing === 'preparing' ? 'Preparing to print…' : 'Print…'}
      </Button>
      {props.printing === 'failed' ? (
        <Text size="1" color="red" role="alert">
          The pages could not be prepared for printing.
        </Text>
      ) : null}
    </Flex>
  );
}

/** "[ 3 ] of 12": type a page number and press Enter (or leave the field) to go there. */
function PageNumberField(props: { pageCount: number; currentPage: number; onGoToPage(page: number): void }) {
  const [draft, setDraft] = useState(String(props.currentPage));
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setDraft(String(props.currentPage));
  }, [props.currentPage, editing]);

  const commit = (): void => {
    setEditing(false);
    const page = Number.parseInt(draft, 10);
    if (page === props.currentPage) return;
    if (Number.isFinite(page) && page >= 1 && page <= props.pageCount) props.onGoToPage(page);
    else setDraft(String(props.currentPage));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setEditing(false);
      setDraft(String(props.currentPage));
    }
  };

  return (
    <Flex align="center" gap="1">
      <TextField.Root
        size="1"
        className="pdf-viewer__page-number"
        aria-label={`Page number, 1 to ${props.pageCount}`}
        inputMode="numeric"
        value={draft}
        onFocus={(event) => {
          setEditing(true);
          event.currentTarget.select();
        }}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
        onKeyDown={onKeyDown}
        onBlur={commit}
      />
      <Text size="1" color="gray" data-testid="pdf-page-count">
        of {props.pageCount}
      </Text>
    </Flex>
  );
}
