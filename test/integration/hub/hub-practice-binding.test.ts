import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { startHub } from '../../../src-main/hub/start-hub';
import { useHubDatabaseUrl } from './hub-database';

const databaseUrl = useHubDatabaseUrl();
const dataDir = mkdtempSync(join(tmpdir(), 'hub-binding-test-'));
let demo: DemoPractice | undefined;
afterAll(async () => {
  await demo?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a hub database belongs to one practice', () => {
  it('records the practice at the first start and refuses another practice or another Client ID', async () => {
    demo = await createDemoPractice({ rateLimit: { enabled: false }, seed: 5 });
    const [mine, other] = demo.practices as [DemoPractice['practices'][number], DemoPractice['practices'][number]];
    const start = (practice: typeof mine, credentials: { clientId: string; secret: string }) =>
      startHub({ dataDir, databaseUrl: databaseUrl(), partnerApi: { baseUrl: practice.baseUrl, ...credentials } });

    await (await start(mine, mine.readWrite)).close();
    await expect(start(other, other.readWrite)).rejects.toThrow(
      `This hub database mirrors practice ${mine.practiceKey}, but these credentials are for practice ${other.name} (${other.practiceKey}).`,
    );
    await expect(start(mine, mine.readOnly)).rejects.toThrow(/mirrored with another Client ID of this practice/);
    // Refused starts leave the database as it was: the practice's own hub starts again.
    const again = await start(mine, mine.readWrite);
    expect(again.practice.practiceKey).toBe(mine.practiceKey);
    await again.close();
  }, 240_000);
});
