import { Badge } from '@radix-ui/themes';
import { onboardingStatusColour } from './onboarding-status-colour';

/** An onboarding's status in the colour of what it means (onboarding-status-colour.ts). */
export function OnboardingStatusBadge({
  status,
  size = '1',
  testId,
}: {
  status: string;
  size?: '1' | '2';
  testId?: string;
}) {
  return (
    <Badge color={onboardingStatusColour(status)} size={size} {...(testId ? { 'data-testid': testId } : {})}>
      {status}
    </Badge>
  );
}
