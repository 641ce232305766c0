/**
 * The command prefix that runs a process as PID 1 of a fresh PID namespace, as a container's first process
 * runs: `unshare` as root, or, as another user, inside a user namespace of its own.
 */
export function inNewPidNamespace(): string[] {
  const asRoot = process.getuid?.() === 0;
  return ['unshare', ...(asRoot ? [] : ['--user', '--map-root-user']), '--pid', '--fork', '--mount-proc', '--'];
}
