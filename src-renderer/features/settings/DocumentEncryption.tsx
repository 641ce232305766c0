import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, useState, type ReactNode } from 'react';
import type {
  DocumentKeyKept,
  DocumentListResult,
  DocumentPassphraseStatus,
} from '../../../src-preload/contract/documents';
import { useCompanion } from '../../context/services-context';
import { DocumentPassphraseForm } from './DocumentPassphrase';
import { useAppInfo, usePractice } from '../../context/store-hooks';
import { managedOf } from '../../stores/app-info-store';
import { SetByAdministrator } from '../../ui/SetByAdministrator';

type Encryption = DocumentListResult['encryption'];

const sentences: Record<DocumentKeyKept, (algorithm: string) => string> = {
  keychain: (algorithm) =>
    `Saved documents are encrypted on this laptop (${algorithm}); the key is kept in this laptop's password store.`,
  passphrase: (algorithm) =>
    `Saved documents are encrypted on this laptop (${algorithm}) with a key protected by your documents passphrase, which is never stored.`,
  'session-only': (algorithm) =>
    `This laptop has no secure password store, so saved documents are kept for this session only: encrypted (${algorithm}) with a key held in memory, and deleted when the app next starts.`,
};

/** The sentence Settings shows: how saved documents are protected, truthfully for where the key is. */
export function encryptionSentence(encryption: Encryption, byPolicy = false): string {
  if (byPolicy && encryption.keyKept === 'session-only')
    return `Your administrator keeps no documents on this laptop past the session: saved documents are encrypted (${encryption.algorithm}) with a key held in memory, and deleted when the app next starts.`;
  return sentences[encryption.keyKept](encryption.algorithm);
}

export function DocumentEncryptionNote(props: {
  encryption: Encryption | null;
  /** The administrator's policy keeps no document past the session. */
  byPolicy?: boolean;
  children?: ReactNode;
}) {
  const byPolicy = props.byPolicy ?? false;
  return (
    <Card data-testid="document-encryption">
      <Flex gap="2" align="center" mb="2">
        <Heading as="h2" size="3">
          Saved documents
        </Heading>
        {byPolicy ? <SetByAdministrator /> : null}
      </Flex>
      {props.encryption ? (
        <Text as="p" size="2">
          {encryptionSentence(props.encryption, byPolicy)}
        </Text>
      ) : null}
      {props.children}
    </Card>
  );
}

/**
 * How saved PDFs are protected, as main reports it for the active practice; on a laptop without a secure
 * password store, the documents passphrase (set it, or unlock this session with it).
 */
export function DocumentEncryption() {
  const companion = useCompanion();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const [encryption, setEncryption] = useState<Encryption | null>(null);
  const [passphrase, setPassphrase] = useState<DocumentPassphraseStatus | null>(null);
  // Asked again once a passphrase is set or entered: where the key is kept changes with it.
  const [round, setRound] = useState(0);
  const byPolicy = useAppInfo((s) => managedOf(s).offlineDocuments === false);
  useEffect(() => {
    setEncryption(null);
    if (!companion) return;
    let current = true;
    void companion.documents
      .passphraseStatus({})
      .then((status) => current && setPassphrase(status))
      .catch(() => undefined);
    if (practiceKey)
      void companion.documents
        .list({ practiceKey })
        .then((list) => current && setEncryption(list.encryption))
        // Refused (not the active practice any more, or locked) or failed: the sentence is simply not shown.
        .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [companion, practiceKey, round]);
  if (!encryption && !passphrase?.needed) return null;
  return (
    <DocumentEncryptionNote encryption={encryption} byPolicy={byPolicy}>
      {passphrase?.needed ? (
        <DocumentPassphraseForm status={passphrase} onEntered={() => setRound((r) => r + 1)} />
      ) : null}
    </DocumentEncryptionNote>
  );
}
