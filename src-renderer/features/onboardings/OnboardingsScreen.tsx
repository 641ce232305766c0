import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export function OnboardingsScreen() {
  return (
    <>
      <ScreenHeader title="Onboardings" subtitle="Where each client's onboarding stands." />
      <EmptyState title="No onboardings on this laptop yet">
        Onboardings appear here after the first sync, with their status, recipients and the dates each
        recipient was sent and submitted their forms.
      </EmptyState>
    </>
  );
}
