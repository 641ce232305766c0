import { Button, Checkbox, Flex, Text, TextField } from '@radix-ui/themes';
import { useEffect, useState, type FormEvent } from 'react';
import type { ProxyLoginAsk } from '../../src-preload/contract/proxy-login';
import { useCompanion } from '../context/services-context';
import { ModalDialog } from '../ui/ModalDialog';
import { PasswordField } from '../ui/PasswordField';

/**
 * The network's proxy asks for a user name and password (main heard a 407 on the way to the practice): asked
 * here, one proxy at a time, with its address and realm shown. The password goes to main and nowhere else; with
 * "Remember", main keeps it in the OS key store.
 */
export function ProxyLoginDialog() {
  const companion = useCompanion();
  const [asks, setAsks] = useState<ProxyLoginAsk[]>([]);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  useEffect(() => {
    if (!companion) return;
    return companion.on('desktop.proxyLogin', (ask) => setAsks((now) => [...now, ask]));
  }, [companion]);
  const current = asks[0];
  if (!companion || !current) return null;

  const answer = (credentials: { username: string; password: string } | null) => {
    void companion.desktop
      .answerProxyLogin({ id: current.id, credentials, remember: credentials ? remember : false })
      .catch(() => undefined);
    setAsks((now) => now.slice(1));
    setPassword('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim()) answer({ username: username.trim(), password });
  };
  return (
    <ModalDialog
      open
      onClose={() => answer(null)}
      title="The network’s proxy asks you to sign in"
      description={`${current.host}:${current.port}${current.realm ? ` (“${current.realm}”)` : ''} stands between this laptop and the practice. Your IT gave you this user name and password.`}
    >
      <form onSubmit={submit} aria-label="Sign in to the proxy">
        <Flex direction="column" gap="3">
          {current.failedBefore ? (
            <Text size="2" color="red" role="alert">
              The proxy did not accept the last user name and password. Check them and try again.
            </Text>
          ) : null}
          <label>
            <Text size="2" weight="medium">
              User name
            </Text>
            <TextField.Root
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              autoComplete="username"
              required
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog exists to take this answer
              autoFocus
            />
          </label>
          <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox checked={remember} onCheckedChange={(v) => setRemember(v === true)} /> Remember on this laptop
              (kept by the system’s password store)
            </Flex>
          </Text>
          <Flex gap="3" justify="end">
            <Button type="button" variant="soft" color="gray" onClick={() => answer(null)}>
              Cancel
            </Button>
            <Button type="submit">Sign in</Button>
          </Flex>
        </Flex>
      </form>
    </ModalDialog>
  );
}
