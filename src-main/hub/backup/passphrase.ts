/**
 * The passphrase a backup is sealed with: from HUB_BACKUP_PASSPHRASE (a scheduled backup, a script), else typed
 * at the terminal without echo — twice for a new backup, so a typo does not lock the administrator out of it.
 * Never a command-line flag: those are seen by every user of the machine in the process list.
 */
export const PASSPHRASE_ENV = 'HUB_BACKUP_PASSPHRASE';
export const MIN_PASSPHRASE_LENGTH = 12;

export interface PassphraseTerminal {
  input: NodeJS.ReadStream;
  output: NodeJS.WritableStream;
}

export async function readPassphrase(
  purpose: 'backup' | 'restore',
  env: NodeJS.ProcessEnv = process.env,
  terminal: PassphraseTerminal = { input: process.stdin, output: process.stderr },
): Promise<string> {
  const given = env[PASSPHRASE_ENV];
  let passphrase: string;
  if (given) passphrase = given;
  else if (terminal.input.isTTY) {
    passphrase = await typed(
      terminal,
      purpose === 'backup' ? 'Passphrase for the new backup: ' : 'Backup passphrase: ',
    );
    if (purpose === 'backup' && (await typed(terminal, 'The same passphrase again: ')) !== passphrase)
      throw new Error('The two passphrases differ: nothing was written. Run the backup again.');
  } else
    throw new Error(`Give the backup's passphrase in ${PASSPHRASE_ENV}, or run the command in a terminal to type it.`);
  if (purpose === 'backup' && [...passphrase].length < MIN_PASSPHRASE_LENGTH)
    throw new Error(
      `The passphrase must have at least ${MIN_PASSPHRASE_LENGTH} characters: it is all that protects the practice's data and secrets in the backup.`,
    );
  return passphrase;
}

/** One line typed in raw mode, nothing echoed; Ctrl-C or Ctrl-D abandon. */
function typed({ input, output }: PassphraseTerminal, prompt: string): Promise<string> {
  output.write(prompt);
  input.setRawMode(true);
  input.resume();
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = (error: Error | null) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(text);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish(null);
        if (char === '\u0003' || char === '\u0004')
          return finish(new Error('No passphrase was given: nothing was done.'));
        if (char === '\u007f' || char === '\b') text = [...text].slice(0, -1).join('');
        else if (char >= ' ') text += char;
      }
    };
    input.on('data', onData);
  });
}
