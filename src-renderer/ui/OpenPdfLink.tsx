import { Link as RadixLink } from '@radix-ui/themes';
import { Link } from 'react-router';
import type { DocumentKind } from '../../src-preload/contract/documents';
import { routes } from '../../src-preload/contract/routes';

/** A link that opens a document's PDF in the viewer screen. */
export function OpenPdfLink({
  kind,
  id,
  entityKey,
  label = 'Open PDF',
}: {
  kind: DocumentKind;
  id: string | number;
  entityKey: string;
  label?: string;
}) {
  return (
    <RadixLink asChild size="2">
      <Link to={routes.document(kind, id, entityKey)}>{label}</Link>
    </RadixLink>
  );
}
