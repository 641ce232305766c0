import { Button } from '@radix-ui/themes';
import { useToday } from '../regional/use-now';
import type { CsvColumn } from './csv-writer';

/*
 * Saved as a browser download (a Blob and an <a download>): in the browser preview it goes where the
 * browser puts downloads; in Electron, main sets no `will-download` handler, so Electron asks where to
 * save it with the system's save dialog. Nothing is sent anywhere.
 */
export function saveTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference to the Blob once started; the URL is released after it began.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Export CSV": every row the current search and filters show (not only the page on screen), as shown. */
export function ExportCsvButton<Row>(props: {
  what: string;
  /** Read at the click, so the file holds what the filters show at that moment. */
  rows: () => readonly Row[];
  columns: readonly CsvColumn<Row>[];
  region: string | undefined;
  label?: string;
  testId?: string;
}) {
  const today = useToday();
  return (
    <Button
      size="1"
      variant="soft"
      data-testid={props.testId}
      aria-label={props.label}
      onClick={() => {
        // The rows as the filters show them at the click; the writer itself loads then (the client list is
        // the start screen, and few start-ups export).
        const rows = props.rows();
        void import('./csv-writer').then(({ csvFileName, csvFormat, csvText }) =>
          saveTextFile(csvFileName(props.what, today), csvText(props.columns, rows, csvFormat(props.region))),
        );
      }}
    >
      Export CSV
    </Button>
  );
}
