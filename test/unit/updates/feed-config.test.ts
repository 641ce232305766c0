import { describe, expect, it } from 'vitest';
import { decideFeed, parseAppUpdateFile } from '../../../src-main/updates/feed-config';

/** app-update.yml as electron-builder 26 writes it for a generic feed (Windows with a publisher named). */
const WINDOWS_FILE = `provider: generic
url: https://updates.example/feed/
publisherName:
  - Practice Companion Ltd
  - 'Practice Companion Pty Ltd'
updaterCacheDirName: practice-companion-updater
`;

describe('the packaged update feed', () => {
  it('reads the fields electron-builder writes, a publisher as a list or a single name', () => {
    expect(parseAppUpdateFile(WINDOWS_FILE)).toEqual({
      provider: 'generic',
      url: 'https://updates.example/feed/',
      publisherName: ['Practice Companion Ltd', 'Practice Companion Pty Ltd'],
    });
    expect(
      parseAppUpdateFile('provider: generic\nurl: "https://u.example/"\npublisherName: CN=Practice\n'),
    ).toMatchObject({
      url: 'https://u.example/',
      publisherName: 'CN=Practice',
    });
    expect(parseAppUpdateFile('url:\n  - a\n')).toBeNull();
  });

  it('installs only from an https feed, on Windows only with a publisher to check, and on Linux only announces', () => {
    const file = parseAppUpdateFile(WINDOWS_FILE);
    expect(decideFeed(file, 'win32')).toEqual({ updates: 'install' });
    expect(decideFeed(file, 'darwin')).toEqual({ updates: 'install' });
    expect(decideFeed(file, 'linux')).toEqual({
      updates: 'notify-only',
      downloadPage: 'https://updates.example/feed/',
    });
    const withoutPublisher = parseAppUpdateFile('provider: generic\nurl: https://updates.example/feed/\n');
    expect(decideFeed(withoutPublisher, 'win32')).toEqual({ updates: 'off', reason: 'unsigned-windows' });
    expect(decideFeed(withoutPublisher, 'darwin')).toEqual({ updates: 'install' });
  });

  it('turns updates off for a feed that is not https, carries credentials, or cannot be read', () => {
    for (const url of [
      'http://updates.example/',
      'HTTP://updates.example/',
      'file:///tmp/feed',
      'https://a:b@updates.example/',
      'nonsense',
    ]) {
      const file = parseAppUpdateFile(`provider: generic\nurl: ${url}\npublisherName: P\n`);
      for (const platform of ['win32', 'darwin', 'linux'] as const)
        expect(decideFeed(file, platform), `${url} on ${platform}`).toEqual({
          updates: 'off',
          reason: 'insecure-feed',
        });
    }
    expect(decideFeed(null, 'darwin')).toEqual({ updates: 'off', reason: 'invalid-feed' });
    expect(decideFeed(parseAppUpdateFile('provider: github\nowner: x\n'), 'darwin')).toEqual({
      updates: 'off',
      reason: 'invalid-feed',
    });
  });
});
