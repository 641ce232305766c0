import { describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { useHubTestBed } from './hub-test-bed';

const bed = useHubTestBed('hub-binding-test-');

describe('a hub database belongs to one practice', () => {
  it('records the practice at the first start and refuses another practice or another Client ID', async () => {
    const demo = await bed.openDemo({ rateLimit: { enabled: false }, seed: 5 });
    const [mine, other] = demo.practices as [DemoPractice['practices'][number], DemoPractice['practices'][number]];
    const start = (practice: typeof mine, credentials: { clientId: string; secret: string }) =>
      bed.startHub({ partnerApi: { baseUrl: practice.baseUrl, ...credentials } });

    await start(mine, mine.readWrite);
    await bed.stopHub();
    await expect(start(other, other.readWrite)).rejects.toThrow(
      `This hub database mirrors practice ${mine.practiceKey}, but these credentials are for practice ${other.name} (${other.practiceKey}).`,
    );
    await expect(start(mine, mine.readOnly)).rejects.toThrow(/mirrored with another Client ID of this practice/);
    // Refused starts leave the database as it was: the practice's own hub starts again.
    const again = await start(mine, mine.readWrite);
    expect(again.practice.practiceKey).toBe(mine.practiceKey);
    await bed.stopHub();
  }, 240_000);
});
