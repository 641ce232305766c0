import { Card, Heading, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import type { DocumentKeyKept, DocumentListResult } from '../../../src-preload/contract/documents';
import { usePractice } from '../../practice/practice-store';
import { useCompanion } from '../../app/services-context';

const keyKeptWords: Record<DocumentKeyKept, string> = {
  keychain: "this laptop's password store",
  'weak-opt-in': 'the weaker storage you accepted when you connected',
  'session-only': 'memory for this session only, so after a restart saved documents are downloaded again',
};

type Encryption = DocumentListResult['encryption'];

/** The sentence Settings shows: saved documents are encrypted, with what, and where the key is. */
export function encryptionSentence(encryption: Encryption): string {
  return `Saved documents are encrypted on this laptop (${encryption.algorithm}); the key is kept in ${keyKeptWords[encryption.keyKept]}.`;
}

export function DocumentEncryptionNote({ encryption }: { encryption: Encryption }) {
  return (
    <Card data-testid="document-encryption">
      <Heading as="h2" size="3" mb="2">
        Saved documents
      </Heading>
      <Text as="p" size="2">
        {encryptionSentence(encryption)}
      </Text>
    </Card>
  );
}

/** Tells the person that saved PDFs are encrypted, and where the key is, as main reports it for the active practice. */
export function DocumentEncryption() {
  const companion = useCompanion();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const [encryption, setEncryption] = useState<Encryption | null>(null);
  useEffect(() => {
    setEncryption(null);
    if (!practiceKey || !companion) return;
    let current = true;
    void companion.documents
      .list({ practiceKey })
      .then((list) => current && setEncryption(list.encryption))
      // Refused (not the active practice any more) or failed: the note is simply not shown.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [companion, practiceKey]);
  return encryption ? <DocumentEncryptionNote encryption={encryption} /> : null;
}
