import { Theme } from '@radix-ui/themes';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  DocumentEncryptionNote,
  encryptionSentence,
} from '../../../../src-renderer/features/settings/DocumentEncryption';

describe('Settings: saved documents are encrypted', () => {
  it('names the algorithm and where the key is kept, in plain words', () => {
    const algorithm = 'AES-256-GCM' as const;
    expect(encryptionSentence({ algorithm, keyKept: 'keychain' })).toBe(
      "Saved documents are encrypted on this laptop (AES-256-GCM); the key is kept in this laptop's password store.",
    );
    expect(encryptionSentence({ algorithm, keyKept: 'weak-opt-in' })).toContain('the weaker storage you accepted');
    expect(encryptionSentence({ algorithm, keyKept: 'session-only' })).toContain(
      'memory for this session only, so after a restart saved documents are downloaded again',
    );
    const html = renderToStaticMarkup(
      <Theme>
        <DocumentEncryptionNote encryption={{ algorithm, keyKept: 'session-only' }} />
      </Theme>,
    );
    expect(html).toContain('Saved documents are encrypted on this laptop (AES-256-GCM)');
  });
});
