import { Flex, Text } from '@radix-ui/themes';
import { usePresence } from '../../context/use-presence';
import { isOnline } from '../../stores/connectivity-store';
import { useRegion } from '../../ui/regional/use-region';
import { budgetShareText, cadenceCostText, cadenceNowText, cadenceRuleText } from './sync-cadence-text';
import { useConnectivity, usePractice } from '../../context/store-hooks';

/**
 * How often this laptop syncs and what that costs the practice: the rule, where it stands now (it follows the
 * user: at the window, away, hidden), the requests an hour at each cadence and the Client ID's shared hourly limit.
 */
export function SyncCadence() {
  const presence = usePresence();
  const paused = usePractice((s) => s.paused);
  const budget = usePractice((s) => s.budget);
  const online = useConnectivity(isOnline);
  const region = useRegion();
  return (
    <Flex direction="column" gap="1" data-testid="sync-cadence">
      <Text size="2" data-testid="sync-cadence-rule">
        {cadenceRuleText(region)}
      </Text>
      <Text size="2" weight="medium" data-testid="sync-cadence-now">
        {cadenceNowText({ presence, paused, online, region })}
      </Text>
      {budget ? (
        <>
          <Text size="2" color="gray" data-testid="sync-cadence-cost">
            {cadenceCostText(budget.cadence, region)}
          </Text>
          <Text size="2" color="gray" data-testid="budget-share">
            {budgetShareText(budget, region)}
          </Text>
        </>
      ) : null}
    </Flex>
  );
}
