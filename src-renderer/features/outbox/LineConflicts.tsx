import { Button, Flex, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { OutboxEntry } from '../../../src-preload/contract/outbox/outbox-entry';
import {
  keepMine,
  servicesBaseSchema,
  takeTheirs,
  type LineConflict,
} from '../../../src-preload/contract/outbox/service-line-edits';
import { servicesPatchSchema } from '../../../src-preload/contract/partner-api';
import { discardEntry, resubmit } from '../../outbox/outbox-db';
import { useRegion } from '../../ui/regional/use-region';
import { formatMoney, formatNumber } from '../../ui/regional/regional-format';
import { useServices } from '../../context/services-context';
import { describeFailure } from '../../ui/words/describe-failure';
import { usePractice } from '../../context/store-hooks';

type Value = LineConflict['was'] | LineConflict['mine'];

function describeLine(value: Value, region: string | undefined): string {
  if (value === null) return 'Not on the proposal';
  const quantity = value.quantity === undefined ? '' : `${formatNumber(value.quantity, region)} × `;
  return `${quantity}${value.price === undefined ? 'catalogue price' : formatMoney(value.price, region)}`;
}

/**
 * A line edit held because lines it touches changed at the practice since they were read (main's check
 * before sending): each line with the version at the practice and this laptop's, and as it was read.
 * Nothing is chosen for the user. With `choices`: keep mine (sent over theirs), take theirs (those lines
 * leave the edit; an edit left empty is discarded), and the entry's own Edit beside them.
 */
export function LineConflicts({ entry, choices }: { entry: OutboxEntry; choices: boolean }) {
  const region = useRegion();
  const { databases, outbox } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const [problem, setProblem] = useState<string | null>(null);
  const conflicts = entry.status === 'failed' ? (entry.lastError?.conflicts ?? []) : [];
  if (conflicts.length === 0) return null;

  const choose = async (take: 'mine' | 'theirs') => {
    const db = databases.of(practiceKey);
    const body = servicesPatchSchema.safeParse(entry.payload.body);
    const base = servicesBaseSchema.safeParse(entry.payload.base ?? []);
    if (!body.success || !base.success) return setProblem('This edit can no longer be read: use Edit.');
    try {
      if (take === 'mine') {
        await resubmit(db, entry, {
          payload: { ...entry.payload, base: keepMine(base.data, conflicts) },
          summary: entry.summary,
        });
      } else {
        const left = takeTheirs(body.data.services, base.data, conflicts);
        if (left.services.length === 0) await discardEntry(db, entry);
        else
          await resubmit(db, entry, {
            payload: { ...entry.payload, body: { ...body.data, services: left.services }, base: left.base },
            summary: entry.summary,
          });
      }
      outbox.kick('user');
    } catch (error) {
      setProblem(describeFailure(error));
    }
  };

  return (
    <Flex direction="column" gap="2" data-testid="line-conflicts">
      <Table.Root size="1" variant="surface">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Line</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>When you read it</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>At the practice now</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Yours</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {conflicts.map((c) => (
            <Table.Row key={c.serviceID} data-testid="line-conflict">
              <Table.RowHeaderCell>{c.name}</Table.RowHeaderCell>
              <Table.Cell>{describeLine(c.was, region)}</Table.Cell>
              <Table.Cell data-testid="line-conflict-theirs">{describeLine(c.theirs, region)}</Table.Cell>
              <Table.Cell data-testid="line-conflict-mine">{describeLine(c.mine, region)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {choices ? (
        <Flex gap="2" align="center" wrap="wrap">
          <Button size="1" variant="soft" onClick={() => void choose('mine')}>
            Keep mine
          </Button>
          <Button size="1" variant="soft" onClick={() => void choose('theirs')}>
            Take theirs
          </Button>
          <Text size="1" color="gray">
            Keep mine sends your version over the practice&apos;s; take theirs leaves these lines as the practice has
            them and sends the rest of your changes.
          </Text>
        </Flex>
      ) : null}
      {problem ? (
        <Text size="2" color="red" role="alert">
          {problem}
        </Text>
      ) : null}
    </Flex>
  );
}
