import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PASSPHRASE_ENV, readPassphrase } from '../../../src-main/hub/backup/passphrase';

/** A terminal that types each of `lines` once the program asks (raw mode on), and records what is shown. */
function terminal(lines: string[], tty = true) {
  const input = new PassThrough() as PassThrough & { isTTY: boolean; setRawMode(on: boolean): void };
  const shown: string[] = [];
  const output = new PassThrough();
  output.on('data', (chunk: Buffer) => shown.push(chunk.toString()));
  input.isTTY = tty;
  input.setRawMode = (on) => {
    if (on) setImmediate(() => input.emit('data', Buffer.from(lines.shift() ?? '')));
  };
  return { terminal: { input: input as unknown as NodeJS.ReadStream, output }, shown };
}

describe('the backup passphrase', () => {
  it('is taken from HUB_BACKUP_PASSPHRASE when set, and refused for a new backup when short', async () => {
    const quiet = terminal([], false).terminal;
    expect(await readPassphrase('backup', { [PASSPHRASE_ENV]: 'twelve chars' }, quiet)).toBe('twelve chars');
    expect(await readPassphrase('restore', { [PASSPHRASE_ENV]: 'short' }, quiet)).toBe('short');
    await expect(readPassphrase('backup', { [PASSPHRASE_ENV]: 'short' }, quiet)).rejects.toThrow(
      'The passphrase must have at least 12 characters',
    );
  });

  it('without it and without a terminal, says how to give one', async () => {
    await expect(readPassphrase('restore', {}, terminal([], false).terminal)).rejects.toThrow(
      `Give the backup's passphrase in ${PASSPHRASE_ENV}, or run the command in a terminal to type it.`,
    );
  });

  it('is typed twice for a new backup, never shown, a backspace taking back a character', async () => {
    const { terminal: tty, shown } = terminal(['a long passphrasX\u007fe\r', 'a long passphrase\r']);
    expect(await readPassphrase('backup', {}, tty)).toBe('a long passphrase');
    expect(shown.join('')).toBe('Passphrase for the new backup: \nThe same passphrase again: \n');
    const typo = terminal(['a long passphrase\r', 'a long passphrase?\r']).terminal;
    await expect(readPassphrase('backup', {}, typo)).rejects.toThrow(
      'The two passphrases differ: nothing was written.',
    );
    const once = terminal(['anything\n']);
    expect(await readPassphrase('restore', {}, once.terminal)).toBe('anything');
    expect(once.shown.join('')).toBe('Backup passphrase: \n');
    await expect(readPassphrase('restore', {}, terminal(['abc\u0003']).terminal)).rejects.toThrow(
      'No passphrase was given',
    );
  });
});
