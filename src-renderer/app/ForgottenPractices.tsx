import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { ModalDialog } from '../ui/ModalDialog';
import { describeForgotten, type ForgottenPractice } from '../session/forgotten-practices';
import { useServices } from '../context/services-context';

interface Question {
  practices: ForgottenPractice[];
  answer(remove: boolean): void;
}

/**
 * Runs the start-up removal of forgotten practices' data (forgotten-practices.ts) and asks before
 * deleting unsent actions. Renders nothing unless there is something to ask.
 */
export function ForgottenPractices() {
  const [question, setQuestion] = useState<Question | null>(null);
  const services = useServices();

  // Once per window (the services remember it): React's strict mode runs effects twice in development.
  useEffect(() => {
    services.removeForgottenPracticesOnce(
      (practices) => new Promise<boolean>((resolve) => setQuestion({ practices, answer: resolve })),
    );
  }, [services]);

  if (!question) return null;
  return (
    <ForgottenPracticesQuestion
      practices={question.practices}
      onAnswer={(remove) => {
        question.answer(remove);
        setQuestion(null);
      }}
    />
  );
}

/** The question itself: what would be lost, "Keep for now" first and focused, and "Delete". */
export function ForgottenPracticesQuestion({
  practices,
  onAnswer,
}: {
  practices: ForgottenPractice[];
  onAnswer(remove: boolean): void;
}) {
  const total = practices.reduce((sum, p) => sum + (p.unsent ?? 0), 0);
  return (
    <ModalDialog
      open
      onClose={() => onAnswer(false)}
      role="alertdialog"
      title="Delete data of a practice no longer connected?"
      description="This laptop still holds data of a practice that is no longer connected here: it was signed out, or removed while the app was closed."
    >
      <Callout.Root color="red" role="alert" data-testid="forgotten-unsent-warning">
        <Flex direction="column" gap="1">
          {practices.map((p) => (
            <Callout.Text key={p.practiceKey}>{describeForgotten(p)}.</Callout.Text>
          ))}
        </Flex>
      </Callout.Root>
      <Text as="p" size="2">
        Deleting loses {total === 1 ? 'it' : 'them'} for good. To send {total === 1 ? 'it' : 'them'} instead, keep the
        data and connect that practice again: the outbox sends what it holds. Kept data is asked about again the next
        time the app starts.
      </Text>
      <Flex gap="3" mt="2" justify="end">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- an alert dialog focuses its safe choice when it opens, as the ARIA dialog pattern asks */}
        <Button variant="soft" color="gray" autoFocus onClick={() => onAnswer(false)}>
          Keep for now
        </Button>
        <Button color="red" onClick={() => onAnswer(true)}>
          Delete
        </Button>
      </Flex>
    </ModalDialog>
  );
}
