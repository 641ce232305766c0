import type { IdVerificationRecord } from '../state/practice-state';
import { addMs, DAY_MS, isoDateTime } from './dates';
import { recentBetween, type GeneratedClient, type PeopleContext } from './generate-people';

const methods = ['Document and biometric check', 'Document check', 'Electronic database check'] as const;
const documentTypes = ['Passport', 'Driver licence', 'National identity card'] as const;

/** Identity checks for about half the individual clients; a certificate exists once a check is verified. */
export function generateIdVerifications(
  ctx: PeopleContext,
  clients: readonly GeneratedClient[],
): Map<string, IdVerificationRecord[]> {
  const random = ctx.random.fork('identity');
  const result = new Map<string, IdVerificationRecord[]>();
  for (const { entity, profile } of clients) {
    if (!profile.isIndividual || !random.chance(0.55)) continue;
    const sentOn = recentBetween(random, new Date(profile.createdOn), ctx.anchor);
    const outcome = random.weighted([
      ['verified', 85],
      ['failed', 5],
      ['pending', 10],
    ] as const);
    const completedOn = outcome === 'pending' ? null : addMs(sentOn, random.int(600_000, 3 * DAY_MS));
    const withAml = random.chance(0.5);
    result.set(entity.entityKey, [
      {
        verificationId: random.uuid(),
        entityKey: entity.entityKey,
        subjectName: entity.fullEntityName,
        method: random.pick(methods),
        documentType: random.pick(documentTypes),
        result: outcome,
        sentOn: isoDateTime(sentOn),
        completedOn:
          completedOn && completedOn < ctx.anchor
            ? isoDateTime(completedOn)
            : completedOn
              ? isoDateTime(ctx.anchor)
              : null,
        aml: withAml
          ? {
              kind: random.chance(0.8) ? 'standard' : 'extensive',
              result: random.weighted([
                ['clear', 92],
                ['match', 3],
                ['pending', 5],
              ] as const),
              checkedOn: completedOn ? isoDateTime(completedOn < ctx.anchor ? completedOn : ctx.anchor) : null,
            }
          : null,
      },
    ]);
  }
  return result;
}
