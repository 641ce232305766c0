import { describe, expect, it } from 'vitest';
import { enrolmentCode } from '../../../src-main/hub/devices/devices';
import { checkHubAddress, readEnrolmentCode } from '../../../src-main/practice-session/hub-connect';

const device = { id: '0b0c3f5e-8d1a-4c3b-9a55-2f7f0c2e9d11', token: 'q'.repeat(43) };

describe('connecting through the practice hub', () => {
  it('reads the device id and token from the code the hub prints, and nothing else', () => {
    expect(readEnrolmentCode(` ${enrolmentCode(device)}\n`)).toEqual(device);
    expect(readEnrolmentCode('not a code')).toBeNull();
    expect(readEnrolmentCode(Buffer.from(`${device.id}:short`).toString('base64url'))).toBeNull();
    expect(readEnrolmentCode(Buffer.from(`not-an-id:${device.token}`).toString('base64url'))).toBeNull();
    expect(readEnrolmentCode(Buffer.from(`${device.id}:${device.token}:x`).toString('base64url'))).toBeNull();
  });

  it('takes plain http only for a hub on this laptop', () => {
    expect(checkHubAddress('http://127.0.0.1:4100/')).toEqual({ ok: true, address: 'http://127.0.0.1:4100' });
    expect(checkHubAddress('https://hub.example.com')).toEqual({ ok: true, address: 'https://hub.example.com' });
    const remote = checkHubAddress('http://hub.example.com');
    expect(remote.ok).toBe(false);
    expect(!remote.ok && remote.message).toContain('http://127.0.0.1');
    expect(checkHubAddress('http://user@127.0.0.1:4100').ok).toBe(false);
  });
});
