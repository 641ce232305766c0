import { Text, TextField } from '@radix-ui/themes';
import { LabelledSelect } from '../../ui/LabelledSelect';

/** The practice's regions as the connection forms name them. */
export const regionNames = { ANZ: 'Australia and New Zealand', UK: 'United Kingdom', ZA: 'South Africa' } as const;
export type RegionChoice = keyof typeof regionNames | 'custom';

export interface PartnerApiCredentials {
  region: RegionChoice;
  customUrl: string;
  clientId: string;
  secret: string;
}

/** The fields as a form first shows them: Australia and New Zealand, nothing typed. */
export const noCredentials: PartnerApiCredentials = { region: 'ANZ', customUrl: '', clientId: '', secret: '' };

/**
 * What is sent to main: a custom address only with the custom region, and, once the user confirmed the
 * address main asked about, that exact address (not the field's text) marked as confirmed.
 */
export function credentialsToSend(credentials: PartnerApiCredentials, confirmedAddress?: string) {
  const { region, customUrl, clientId, secret } = credentials;
  return {
    region,
    ...(region === 'custom' ? { customUrl: confirmedAddress ?? customUrl } : {}),
    ...(confirmedAddress ? { confirmAddress: true } : {}),
    clientId,
    secret,
  };
}

/**
 * Where the practice's Partner API is (a region, or a custom address) and the Client ID and secret for it:
 * the same fields in the direct connection form and beside the practice hub, labelled for each.
 */
export function PartnerApiCredentialFields({
  value,
  onChange,
  labels,
}: {
  value: PartnerApiCredentials;
  onChange: (next: PartnerApiCredentials) => void;
  labels: { address: string; clientId: string; secret: string };
}) {
  const set = (part: Partial<PartnerApiCredentials>) => onChange({ ...value, ...part });
  return (
    <>
      <LabelledSelect label="Region" value={value.region} onChange={(next) => set({ region: next as RegionChoice })}>
        {Object.entries(regionNames).map(([key, name]) => (
          <option key={key} value={key}>
            {name}
          </option>
        ))}
        <option value="custom">Custom address</option>
      </LabelledSelect>
      {value.region === 'custom' ? (
        <label>
          <Text size="2" weight="medium">
            {labels.address}
          </Text>
          <TextField.Root
            value={value.customUrl}
            onChange={(e) => set({ customUrl: e.target.value })}
            placeholder="https://…"
            required
          />
        </label>
      ) : null}
      <label>
        <Text size="2" weight="medium">
          {labels.clientId}
        </Text>
        <TextField.Root
          value={value.clientId}
          onChange={(e) => set({ clientId: e.target.value })}
          autoComplete="off"
          required
        />
      </label>
      <label>
        <Text size="2" weight="medium">
          {labels.secret}
        </Text>
        <TextField.Root
          type="password"
          value={value.secret}
          onChange={(e) => set({ secret: e.target.value })}
          autoComplete="off"
          required
        />
      </label>
    </>
  );
}
