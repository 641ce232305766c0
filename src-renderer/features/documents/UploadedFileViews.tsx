import { Callout, Text } from '@radix-ui/themes';
import { useEffect, useMemo, useState } from 'react';

/**
 * A client's uploaded photo, shown from the bytes main verified (a blob URL the page made, revoked when the
 * bytes change or the screen goes). Decoded by the window's own image decoder, in its sandbox; a file that will
 * not decode says so instead of a broken picture.
 */
export function UploadedImage({
  bytes,
  contentType,
  title,
}: {
  bytes: Uint8Array;
  contentType: string;
  title: string;
}) {
  const url = useMemo(
    () => URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType })),
    [bytes, contentType],
  );
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <Callout.Root color="amber" role="alert" data-testid="uploaded-image-failed">
        <Callout.Text>This picture could not be shown. Save a copy to open it in another program.</Callout.Text>
      </Callout.Root>
    );
  return (
    <div className="document-screen__image">
      <img src={url} alt={title} data-testid="uploaded-image" onError={() => setFailed(true)} />
    </div>
  );
}

/** A kept upload the app does not open (a Word or Excel file, a HEIC photo): what it is, and how to open it. */
export function SaveOnlyNote({ fileName, kind }: { fileName: string | null; kind: string }) {
  return (
    <Callout.Root color="gray" data-testid="save-only-note">
      <Callout.Text>
        {fileName ? <Text weight="bold">{fileName}</Text> : 'This file'} is {kind}. It is kept on this laptop, but the
        app does not open this kind of file: use “Save a copy…” and open it in its own program.
      </Callout.Text>
    </Callout.Root>
  );
}
