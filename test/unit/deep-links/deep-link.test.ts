import { describe, expect, it, vi } from 'vitest';
import { MAX_DEEP_LINK_LENGTH, findDeepLinkArgument, parseDeepLink } from '../../../src-main/deep-links/deep-link';
import { createDeepLinkInbox } from '../../../src-main/deep-links/deep-link-inbox';

const key = '3f2b8c1e-7d4a-4c2b-9e1f-0a5b6c7d8e9f';

describe('parseDeepLink', () => {
  it('reads a client or an onboarding link', () => {
    expect(parseDeepLink(`practice-companion://client/${key}`)).toEqual({ kind: 'client', key });
    expect(parseDeepLink(`practice-companion://onboarding/${key}`)).toEqual({ kind: 'onboarding', key });
    // Windows may add a trailing slash; an uppercase uuid is the same record.
    expect(parseDeepLink(`practice-companion://client/${key}/`)).toEqual({ kind: 'client', key });
    expect(parseDeepLink(`practice-companion://client/${key.toUpperCase()}`)).toEqual({ kind: 'client', key });
  });

  it.each([
    ['another scheme', `https://client/${key}`],
    ['a scheme that only starts like ours', `practice-companion-x://client/${key}`],
    ['a missing slash', `practice-companion:/client/${key}`],
    ['javascript:', `javascript:alert(1)//practice-companion://client/${key}`],
    ['an uppercase scheme', `PRACTICE-COMPANION://client/${key}`],
    ['an uppercase host', `practice-companion://CLIENT/${key}`],
    ['an unknown host', `practice-companion://lead/${key}`],
    ['a dot segment', 'practice-companion://client/../x'],
    ['a dot segment before the key', `practice-companion://client/../onboarding/${key}`],
    ['an encoded slash', `practice-companion://client/..%2F${key}`],
    ['an encoded key', `practice-companion://client/%33${key.slice(1)}`],
    ['a query', `practice-companion://client/${key}?open=1`],
    ['a fragment', `practice-companion://client/${key}#x`],
    ['credentials', `practice-companion://u:p@client/${key}`],
    ['a port', `practice-companion://client:80/${key}`],
    ['extra segments', `practice-companion://client/${key}/documents`],
    ['two slashes at the end', `practice-companion://client/${key}//`],
    ['no key', 'practice-companion://client/'],
    ['a key that is not a uuid', 'practice-companion://client/not-a-uuid-but-thirty-six-characters'],
    ['a uuid of the wrong shape', `practice-companion://client/${key.replaceAll('-', '')}0000`],
    ['a look-alike host (Cyrillic е)', `practice-companion://cli\u0435nt/${key}`],
    ['a full-width digit in the key', `practice-companion://client/\uff13${key.slice(1)}`],
    ['a look-alike slash', `practice-companion://client\u2215${key}`],
    ['white space around it', ` practice-companion://client/${key}`],
    ['a new line after it', `practice-companion://client/${key}\n`],
    ['a huge link', `practice-companion://client/${key}/${'a'.repeat(1_000_000)}`],
  ])('refuses %s', (_why, link) => {
    expect(parseDeepLink(link)).toBeNull();
  });

  it('refuses what is not a string, and anything over the length cap unread', () => {
    for (const value of [undefined, null, 42, { kind: 'client', key }, [key]]) expect(parseDeepLink(value)).toBeNull();
    expect(`practice-companion://client/${key}`.length).toBeLessThan(MAX_DEEP_LINK_LENGTH);
  });

  it('finds our link among command-line arguments, wherever Chromium put it', () => {
    const link = `practice-companion://client/${key}`;
    expect(findDeepLinkArgument(['/opt/app/practice-companion', '--allow-file-access-from-files', link])).toBe(link);
    expect(findDeepLinkArgument(['C:\\app.exe', 'PRACTICE-COMPANION://bad'])).toBe('PRACTICE-COMPANION://bad');
    expect(findDeepLinkArgument(['/opt/app/practice-companion', '--no-sandbox', '.'])).toBeUndefined();
  });
});

describe('the deep-link inbox', () => {
  const setup = () => {
    const deps = { emit: vi.fn(), focus: vi.fn(), warn: vi.fn() };
    return { deps, inbox: createDeepLinkInbox(deps) };
  };

  it('brings the window forward and sends a valid record', () => {
    const { deps, inbox } = setup();
    inbox.windowReady();
    inbox.receive(`practice-companion://onboarding/${key}`);
    expect(deps.focus).toHaveBeenCalledOnce();
    expect(deps.emit).toHaveBeenCalledWith({ kind: 'onboarding', key });
  });

  it('logs a hostile link and does nothing else', () => {
    const { deps, inbox } = setup();
    inbox.windowReady();
    const link = `practice-companion://u:p@client/${key}\n[fake log line]${'x'.repeat(10_000)}`;
    inbox.receive(link);
    expect(deps.emit).not.toHaveBeenCalled();
    expect(deps.focus).not.toHaveBeenCalled();
    const line = deps.warn.mock.calls[0]![0] as string;
    // Quoted, capped and on one line: a link cannot forge log lines or fill the log.
    expect(line).not.toContain('\n');
    expect(line.length).toBeLessThan(250);
    expect(line).toContain(`(${link.length} characters)`);
  });

  it('keeps links that arrive before the window has loaded, and sends them once it has', () => {
    const { deps, inbox } = setup();
    inbox.receive(`practice-companion://client/${key}`);
    expect(deps.emit).not.toHaveBeenCalled();
    inbox.windowReady();
    expect(deps.focus).toHaveBeenCalledOnce();
    expect(deps.emit).toHaveBeenCalledWith({ kind: 'client', key });
    inbox.windowGone();
    inbox.receive(`practice-companion://onboarding/${key}`);
    expect(deps.emit).toHaveBeenCalledTimes(1);
    inbox.windowReady();
    expect(deps.emit).toHaveBeenCalledTimes(2);
  });
});
