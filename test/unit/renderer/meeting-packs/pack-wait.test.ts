import { describe, expect, it } from 'vitest';
import type { MeetingPack } from '../../../../src-renderer/data/meeting-pack-types';
import { packWait } from '../../../../src-renderer/meeting-packs/pack-wait';

const pack = (state: MeetingPack['state'], packId = 'pack-a'): MeetingPack =>
  ({ packId, state, entityKey: 'e', entityName: 'Jane Smith', items: [] }) as unknown as MeetingPack;

describe('why a meeting pack waits', () => {
  it('says offline when the connection is gone', () => {
    expect(packWait(pack('fetching'), null, false)).toContain('offline');
    expect(packWait(pack('waiting-for-connection'), 'pack-a', false)).toContain('offline');
  });

  it("says another client's pack goes first while one is fetched", () => {
    expect(packWait(pack('fetching'), 'pack-b', true)).toContain("another client's pack");
  });

  it('says nothing while it is the one being fetched, or once it is finished', () => {
    expect(packWait(pack('fetching'), 'pack-a', true)).toBe('');
    expect(packWait(pack('complete'), 'pack-b', false)).toBe('');
    expect(packWait(pack('incomplete'), 'pack-b', true)).toBe('');
  });
});
