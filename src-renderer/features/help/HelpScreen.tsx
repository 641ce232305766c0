import { Card, DataList, Flex, Heading, Kbd, Text } from '@radix-ui/themes';
import { shortcutRegistry } from '../../desktop/shortcut-registry';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { outboxStatusText } from '../outbox/OutboxStatus';

/** One part of the help, a heading and its plain words. */
function Section(props: { title: string; children: React.ReactNode }) {
  return (
    <Card asChild>
      <section aria-label={props.title}>
        <Heading as="h2" size="3" mb="2">
          {props.title}
        </Heading>
        <Flex direction="column" gap="2" className="prose">
          {props.children}
        </Flex>
      </section>
    </Card>
  );
}

/**
 * What the app does without a connection, what the outbox's words mean, meeting packs, and every
 * keyboard shortcut (from the one registry). The outbox's words are its own (OutboxStatus.tsx).
 */
export function HelpScreen() {
  return (
    <>
      <ScreenHeader title="Help" subtitle="How the app works when you are away from the office" />
      <Flex direction="column" gap="4" maxWidth="760px">
        <Section title="Working offline">
          <Text as="p">
            Everything you have seen is kept on this laptop: clients, contacts, onboardings, leads, bills, statements
            and the documents you opened. Without a connection you can still search, read and open them; a banner at the
            top of the window says you are offline.
          </Text>
          <Text as="p">
            What you change or send while offline is not lost: it waits in the outbox and goes to the practice, in the
            order you made it, as soon as the laptop is back online.
          </Text>
        </Section>
        <Section title="The outbox">
          <Text as="p">
            Every action you take (a new contact, an eForm, a bill, a note) goes through the outbox. Each line says
            where it stands:
          </Text>
          <DataList.Root size="2" data-testid="help-outbox-words">
            <DataList.Item>
              <DataList.Label>{outboxStatusText.pending}</DataList.Label>
              <DataList.Value>
                Not sent yet. The line says why: offline, waiting its turn behind the entries above it, waiting for the
                request budget, or for an entry it depends on. It goes out by itself.
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{outboxStatusText.sending}</DataList.Label>
              <DataList.Value>On its way to the practice now.</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{outboxStatusText['needs-review']}</DataList.Label>
              <DataList.Value>
                It was sent but no answer came, so the app cannot tell whether the practice has it. It is never sent
                again by itself: check what it says, then choose “Send again…” or discard it. Anything billed warns you
                before a second send.
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{outboxStatusText.failed}</DataList.Label>
              <DataList.Value>
                The practice refused it and said why. Edit it and send it again, or discard it.
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{outboxStatusText.done}</DataList.Label>
              <DataList.Value>
                The practice has it. It stays under “Recently sent or discarded” for a while.
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Section>
        <Section title="Meeting packs">
          <Text as="p">
            Before a meeting away from the office, open the client and choose “Prepare for meeting”. The app fetches
            everything that meeting may need — the client’s details, bills, statements, documents and the previews an
            action needs — and keeps it on this laptop.
          </Text>
          <Text as="p">
            When the pack says “Ready offline”, you can show and do everything for that client without a connection. The
            Documents screen lists the packs and how much space they take.
          </Text>
        </Section>
        <Section title="Keyboard shortcuts">
          {shortcutRegistry.map((group) => (
            <Flex key={group.where} direction="column" gap="1">
              <Heading as="h3" size="2">
                {group.where}
              </Heading>
              <DataList.Root size="1" data-testid="help-shortcuts">
                {group.shortcuts.map((shortcut) => (
                  <DataList.Item key={shortcut.keys}>
                    <DataList.Label minWidth="240px">
                      <Kbd>{shortcut.keys}</Kbd>
                    </DataList.Label>
                    <DataList.Value>{shortcut.does}</DataList.Value>
                  </DataList.Item>
                ))}
              </DataList.Root>
            </Flex>
          ))}
        </Section>
      </Flex>
    </>
  );
}
