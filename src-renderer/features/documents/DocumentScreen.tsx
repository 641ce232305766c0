import { Button, Callout, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { documentRefSchema, type DocumentOpenResult, type DocumentRef } from '../../../src-preload/contract/documents';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { isOnline } from '../../stores/connectivity-store';
import { PdfViewer, startPdfViewer } from '../../pdf-viewer/lazy';
import { base64ToBytes } from './base64';
import { SaveCopyButton } from './SaveCopyButton';
import { useDocumentTitle, useUploadedFileName } from './use-document-title';
import { SaveOnlyNote, UploadedImage } from './UploadedFileViews';
import { viewOf } from '../../../src-preload/contract/uploaded-files';
import { fileKindWords } from '../../ui/words/file-kind-words';
import { openWhileShown } from './open-while-shown';
import { useCompanion, useServices } from '../../context/services-context';
import { routes } from '../../../src-preload/contract/routes';
import { useConnectivity, usePractice } from '../../context/store-hooks';

/**
 * One bill, statement, identity certificate or file a client uploaded, opened from main's cache (verified) or
 * fetched now: a PDF in the app's viewer, a photo as an image, another kept type offered to save. Offline and never
 * downloaded, it says so plainly and can be queued to download when back online.
 */
export function DocumentScreen() {
  const { kind = '', id = '' } = useParams();
  const [params] = useSearchParams();
  const entityKey = params.get('entity') ?? '';
  const parsed = documentRefSchema.safeParse({ kind, id });
  if (!parsed.success || !/^[0-9a-f-]{36}$/i.test(entityKey)) {
    return (
      <>
        <ScreenHeader title="Document" />
        <Text role="alert">This link does not name a document.</Text>
      </>
    );
  }
  return <DocumentView docRef={parsed.data} entityKey={entityKey} />;
}

function DocumentView({ docRef, entityKey }: { docRef: DocumentRef; entityKey: string }) {
  const companion = useCompanion();
  const { databases, requestDocument, pdfWorker } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const online = useConnectivity(isOnline);
  const { title, dated } = useDocumentTitle(docRef, entityKey);
  const uploadedAs = useUploadedFileName(docRef);
  const [result, setResult] = useState<DocumentOpenResult | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const docKey = `${docRef.kind}:${docRef.id}`;
  // The route hands a new object each render; the document is named by its kind and id.
  const { kind, id } = docRef;
  const ref = useMemo<DocumentRef>(() => ({ kind, id }), [kind, id]);
  const queued = useLiveQuery(
    () => (practiceKey ? databases.of(practiceKey).documentRequests.get(docKey) : undefined),
    [practiceKey, docKey],
  );

  // The viewer's code and pdf.js's worker get ready while main reads the document (a no-op once warmed up).
  useEffect(() => void startPdfViewer(pdfWorker), [pdfWorker]);

  useEffect(() => {
    if (!practiceKey || !companion) return;
    setResult(null);
    // Leaving the screen (or another document) cancels the open in main and ignores its answer.
    return openWhileShown(companion, { practiceKey, ref, entityKey }, setResult);
    // Coming back online retries a document that could not be fetched offline.
  }, [companion, practiceKey, ref, entityKey, online]);

  const bytes = useMemo(() => (result?.ok ? base64ToBytes(result.bytesBase64) : null), [result]);
  const back = (
    <RadixLink asChild>
      <Link to={routes.client(entityKey)}>Back to the client</Link>
    </RadixLink>
  );

  if (!result)
    return (
      <>
        <ScreenHeader title={title} />
        <Text role="status">Opening…</Text>
      </>
    );
  if (!result.ok) {
    const canQueue = result.problem === 'offline-not-downloaded' || result.problem === 'corrupt-offline';
    return (
      <>
        <ScreenHeader title={title} />
        <Flex direction="column" gap="3" maxWidth="640px">
          <Callout.Root
            color={result.problem === 'not-available' ? 'gray' : 'amber'}
            role="alert"
            data-testid="document-problem"
          >
            <Callout.Text>{result.message}</Callout.Text>
          </Callout.Root>
          {canQueue && practiceKey ? (
            queued ? (
              <Text data-testid="document-queued">Queued: it will download when the connection is back.</Text>
            ) : (
              <Button
                onClick={() =>
                  void requestDocument(practiceKey, {
                    docKey,
                    ref: docRef,
                    entityKey,
                    requestedAt: new Date().toISOString(),
                    lastError: null,
                  })
                }
              >
                Download when online
              </Button>
            )
          ) : null}
          {back}
        </Flex>
      </>
    );
  }
  const { contentType } = result.meta;
  const view = viewOf(contentType);
  const size = `${(result.meta.size / 1024).toFixed(0)} KB · on this laptop`;
  return (
    <>
      <ScreenHeader title={title} subtitle={uploadedAs ? `${uploadedAs} · ${size}` : size} />
      <Flex gap="3" align="center" mb="2">
        {back}
        {view === 'pdf' ? (
          <Button
            size="1"
            variant="soft"
            onClick={() => {
              if (!practiceKey || !companion) return;
              void companion.documents
                .showInSystemViewer({ practiceKey, ref: docRef })
                .then((r) => setShown(r.ok ? 'Opened in your PDF viewer.' : r.message));
            }}
          >
            Open in system viewer
          </Button>
        ) : null}
        {bytes && practiceKey ? (
          <SaveCopyButton
            practiceKey={practiceKey}
            docRef={docRef}
            entityKey={entityKey}
            title={title}
            dated={dated}
            bytes={bytes}
            contentType={contentType}
          />
        ) : null}
        {shown ? (
          <Text size="1" color="gray" role="status">
            {shown}
          </Text>
        ) : null}
      </Flex>
      {!bytes ? null : view === 'pdf' ? (
        <PdfViewer bytes={bytes} title={title} className="document-screen__viewer" />
      ) : view === 'image' ? (
        <UploadedImage bytes={bytes} contentType={contentType} title={title} />
      ) : (
        <SaveOnlyNote fileName={uploadedAs} kind={fileKindWords(contentType)} />
      )}
    </>
  );
}
