import { z } from 'zod';
import {
  managedSettingsSchema,
  type ManagedSettings,
  type PolicyStatus,
} from '../../src-preload/contract/managed-policy';
import { checkServerAddress } from '../security/server-address';

/**
 * The administrator's policy, read once at start from the one place each platform keeps machine policy
 * (policy-sources.ts) and validated here: a policy that does not validate is ignored as a whole — half a
 * policy could leave a laptop less restricted than IT meant without anyone noticing — and said in
 * Settings → About and the log, as a bad regions.json is.
 */
const address = z
  .string()
  .max(2000)
  .superRefine((raw, context) => {
    const checked = checkServerAddress(raw);
    if (!checked.ok) context.addIssue({ code: 'custom', message: `the address ${checked.problem}` });
  });

/** The file and plist form: the contract's settings, each address checked like any the secret may go to. */
const policyFileSchema = managedSettingsSchema.extend({
  _comment: z.string().max(2000).optional(),
  hubUrl: address.optional(),
  regionHosts: z.strictObject({ ANZ: address.optional(), UK: address.optional(), ZA: address.optional() }).optional(),
});

/** What a platform source found: nothing set, a raw policy to validate, or a reason it could not be read. */
export type RawPolicy =
  { found: false } | { found: true; from: string; value: unknown } | { found: true; from: string; unreadable: string };

const normalised = (raw: string): string => {
  const checked = checkServerAddress(raw);
  return checked.ok ? checked.address : raw;
};

/** Validates what a source found; the policy's settings, or none with the sentence saying why it was ignored. */
export function readManagedPolicy(raw: RawPolicy): PolicyStatus {
  if (!raw.found) return { managed: {}, from: null, problem: null };
  const ignored = `The administrator's policy in ${raw.from.slice(0, 400)} is ignored`;
  if ('unreadable' in raw)
    return { managed: {}, from: raw.from, problem: `${ignored}: ${raw.unreadable}.`.slice(0, 1000) };
  const parsed = policyFileSchema.safeParse(raw.value);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const where = first.path.length > 0 ? `"${first.path.join('.')}"` : 'it';
    return { managed: {}, from: raw.from, problem: `${ignored}: ${where} ${first.message}.`.slice(0, 1000) };
  }
  const { _comment: _, ...settings } = parsed.data;
  const managed: ManagedSettings = {
    ...settings,
    ...(settings.hubUrl ? { hubUrl: normalised(settings.hubUrl) } : {}),
    ...(settings.regionHosts
      ? {
          regionHosts: Object.fromEntries(
            Object.entries(settings.regionHosts).map(([region, host]) => [region, normalised(host ?? '')]),
          ),
        }
      : {}),
  };
  return { managed, from: raw.from, problem: null };
}
