import { Button, Callout, Flex, Text, TextField } from '@radix-ui/themes';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PdfProblem } from './pdf-problem';

/** Why the file is not shown, as an alert; for a protected file, a password field to try again. */
export function PdfProblemNotice(props: { problem: PdfProblem; title: string; onPassword(password: string): void }) {
  const { problem } = props;
  const needsPassword = problem.kind === 'password-required' || problem.kind === 'password-incorrect';
  return (
    <Flex
      direction="column"
      gap="3"
      className="pdf-viewer__notice"
      data-testid="pdf-problem"
      data-problem={problem.kind}
    >
      <Callout.Root color={needsPassword ? 'amber' : 'red'} role="alert">
        <Callout.Text>
          <Text weight="bold">{problem.title}.</Text> {problem.message}
        </Callout.Text>
      </Callout.Root>
      {needsPassword ? (
        <PasswordForm title={props.title} retry={problem.kind === 'password-incorrect'} onPassword={props.onPassword} />
      ) : null}
    </Flex>
  );
}

function PasswordForm(props: { title: string; retry: boolean; onPassword(password: string): void }) {
  const [password, setPassword] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    inputRef.current?.focus();
  }, [props.retry]);
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (password !== '') props.onPassword(password);
  };
  return (
    <form onSubmit={submit} aria-label={`Password for ${props.title}`}>
      <Flex align="end" gap="2">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={id}>
            Password
          </Text>
          <TextField.Root
            ref={inputRef}
            id={id}
            type="password"
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Flex>
        <Button type="submit" disabled={password === ''}>
          Open
        </Button>
      </Flex>
    </form>
  );
}
