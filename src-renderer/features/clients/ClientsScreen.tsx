import { ScreenHeader } from '../../ui/ScreenHeader';
import { usePractice } from '../../session/practice-store';
import { ConnectPanel } from '../connect/ConnectPanelOnDemand';
import { ClientList } from './ClientList';

export function ClientsScreen() {
  const activePracticeKey = usePractice((s) => s.activePracticeKey);
  const loaded = usePractice((s) => s.loaded);
  return (
    <>
      <ScreenHeader title="Clients" subtitle="Every client of your practice, searchable offline." />
      {activePracticeKey ? (
        <ClientList key={activePracticeKey} practiceKey={activePracticeKey} />
      ) : loaded ? (
        <ConnectPanel />
      ) : null}
    </>
  );
}
