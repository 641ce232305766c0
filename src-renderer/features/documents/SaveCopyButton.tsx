import { Button, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { documentCopyFileName } from '../../../src-preload/contract/document-copy';
import type { DocumentRef } from '../../../src-preload/contract/documents';
import { extensionOf } from '../../../src-preload/contract/uploaded-files';
import { useActivePracticeDb, useCompanion } from '../../context/services-context';
import { describeFailure } from '../../ui/words/describe-failure';
import { useAppInfo } from '../../context/store-hooks';

/** Hands the browser a download of bytes the window already holds (the preview has no save dialog of main's). */
function downloadBytes(bytes: Uint8Array, fileName: string, contentType: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has handed the file over; revoking at once can cancel the download in Chromium.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * "Save a copy…": the desktop app asks main, which shows its own save dialog and writes the verified cached
 * file where the user chose; the browser preview downloads the bytes shown. Offered as
 * "<client> - <document> - <the document's date>.pdf" (a client's upload under its own type's extension).
 */
export function SaveCopyButton(props: {
  practiceKey: string;
  docRef: DocumentRef;
  entityKey: string;
  title: string;
  /** The document's own date (ISO day), which names the copy; null when the laptop does not know it. */
  dated: string | null;
  bytes: Uint8Array;
  /** What the bytes are (main checked it): the copy's extension follows it. */
  contentType?: string;
}) {
  const contentType = props.contentType ?? 'application/pdf';
  const companion = useCompanion();
  const runtime = useAppInfo((s) => s.info?.runtime);
  const db = useActivePracticeDb();
  const clientName = useLiveQuery(
    async () => (db ? ((await db.entities.get(props.entityKey))?.fullEntityName ?? null) : null),
    [db, props.entityKey],
  );
  const [said, setSaid] = useState<string | null>(null);

  const save = (): void => {
    const fileName = documentCopyFileName({
      clientName: clientName ?? null,
      title: props.title,
      dated: props.dated,
      extension: extensionOf(contentType),
    });
    if (runtime !== 'electron' || !companion) {
      downloadBytes(props.bytes, fileName, contentType);
      setSaid(`Downloaded as ${fileName}.`);
      return;
    }
    void companion.documents
      .saveCopy({ practiceKey: props.practiceKey, ref: props.docRef, fileName })
      .then((r) => setSaid(!r.ok ? r.message : r.saved ? `Saved as ${r.savedAs ?? fileName}.` : null))
      .catch((e: unknown) => setSaid(describeFailure(e)));
  };

  return (
    <>
      <Button size="1" variant="soft" onClick={save}>
        Save a copy…
      </Button>
      {said ? (
        <Text size="1" color="gray" role="status" data-testid="save-copy-said">
          {said}
        </Text>
      ) : null}
    </>
  );
}
