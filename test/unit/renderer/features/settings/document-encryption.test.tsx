import { Theme } from '@radix-ui/themes';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  DocumentEncryptionNote,
  encryptionSentence,
} from '../../../../../src-renderer/features/settings/DocumentEncryption';
import { passphraseSentence } from '../../../../../src-renderer/features/settings/DocumentPassphrase';

describe('Settings: how saved documents are protected, truthfully', () => {
  it('names the algorithm and where the key is kept, in plain words', () => {
    const algorithm = 'AES-256-GCM' as const;
    expect(encryptionSentence({ algorithm, keyKept: 'keychain' })).toBe(
      "Saved documents are encrypted on this laptop (AES-256-GCM); the key is kept in this laptop's password store.",
    );
    expect(encryptionSentence({ algorithm, keyKept: 'passphrase' })).toContain(
      'with a key protected by your documents passphrase, which is never stored',
    );
  });

  it('without a secure password store and without a passphrase: kept for this session only and deleted, never "protected"', () => {
    const sentence = encryptionSentence({ algorithm: 'AES-256-GCM', keyKept: 'session-only' });
    expect(sentence).toMatch(/no secure password store, so saved documents are kept for this session only/);
    expect(sentence).toContain('deleted when the app next starts');
    expect(sentence).not.toMatch(/weak|password store you accepted/);
    const html = renderToStaticMarkup(
      <Theme>
        <DocumentEncryptionNote encryption={{ algorithm: 'AES-256-GCM', keyKept: 'session-only' }} />
      </Theme>,
    );
    expect(html).toContain('kept for this session only');
  });

  it("says the administrator's policy keeps nothing past the session, and marks it as set by the administrator", () => {
    const encryption = { algorithm: 'AES-256-GCM', keyKept: 'session-only' } as const;
    expect(encryptionSentence(encryption, true)).toBe(
      'Your administrator keeps no documents on this laptop past the session: saved documents are encrypted (AES-256-GCM) with a key held in memory, and deleted when the app next starts.',
    );
    const html = renderToStaticMarkup(
      <Theme>
        <DocumentEncryptionNote encryption={encryption} byPolicy />
      </Theme>,
    );
    expect(html).toContain('Set by your administrator');
  });

  it('the passphrase is explained in each state', () => {
    expect(passphraseSentence('not-set')).toMatch(/never stored: you enter it once each time the app starts/);
    expect(passphraseSentence('locked')).toMatch(/locked until you enter your documents passphrase/);
    expect(passphraseSentence('unlocked')).toMatch(/entered for this session/);
  });
});
