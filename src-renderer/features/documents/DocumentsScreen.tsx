import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export function DocumentsScreen() {
  return (
    <>
      <ScreenHeader title="Documents" subtitle="Bill, statement and ID-certificate PDFs kept on this laptop." />
      <EmptyState title="No documents downloaded yet">
        PDFs you open, or that a meeting pack fetches, are kept here and open without a connection.
      </EmptyState>
    </>
  );
}
