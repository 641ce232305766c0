import { Card, Heading, RadioGroup, Text } from '@radix-ui/themes';
import type { ThemeChoice } from '../../../src-preload/contract/desktop';
import { useCompanion } from '../../context/services-context';
import { useStores, useTheme } from '../../context/store-hooks';
import { chooseTheme } from '../../desktop/theme-bridge';

const choices: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'Same as the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Light, dark or the OS's choice; saved by main so the window opens in it next time. The arrow keys move between the options, Space chooses one. */
export function AppearanceSetting() {
  const choice = useTheme((s) => s.choice);
  const error = useTheme((s) => s.error);
  const companion = useCompanion();
  const { theme } = useStores();
  if (!companion) return null;
  return (
    <Card data-testid="appearance-setting">
      <Heading as="h2" size="3" mb="2" id="appearance-heading">
        Appearance
      </Heading>
      <RadioGroup.Root
        aria-labelledby="appearance-heading"
        value={choice}
        onValueChange={(value) => void chooseTheme(companion, theme, value as ThemeChoice)}
      >
        {choices.map((option) => (
          <RadioGroup.Item key={option.value} value={option.value}>
            {option.label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {error ? (
        <Text as="p" size="2" color="red" mt="2" role="alert">
          The choice could not be saved: {error}
        </Text>
      ) : null}
    </Card>
  );
}
