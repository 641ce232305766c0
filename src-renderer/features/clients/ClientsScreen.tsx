import { ScreenHeader } from '../../ui/ScreenHeader';
import { ConnectPanel } from '../connect/ConnectPanelOnDemand';
import { ClientList } from './ClientList';
import { usePractice } from '../../context/store-hooks';

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
