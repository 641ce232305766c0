import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * A hub backup is encrypted whole with the administrator's passphrase: the practice's clients are in the
 * mirror, and the Partner API secret, webhook secrets and certificate key in the files beside it.
 *
 * Layout: a first line naming the format, a second (JSON) with the key derivation's parameters, then frames of
 * at most CHUNK_BYTES of plaintext, each `u32 length ‖ AES-256-GCM ciphertext ‖ 16-byte tag`. The key comes from
 * scrypt over the passphrase and a random salt; each frame's nonce is a random prefix, the frame's number and a
 * last-frame flag (the STREAM construction), and both header lines are every frame's additional data: a frame
 * moved, dropped, changed, a file cut short or followed by more, or an edited header all fail to verify.
 * A check value derived from the passphrase tells a wrong passphrase from a damaged file.
 */
const MAGIC = 'PRACTICE-HUB-BACKUP 1\n';
export const CHUNK_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const CHECK_LABEL = 'practice hub backup: passphrase check';

/** scrypt's cost: 128 MiB and about a third of a second here, per backup and per restore. */
export const DEFAULT_KDF = { N: 2 ** 17, r: 8, p: 1 } as const;

const headerSchema = z.strictObject({
  kdf: z.strictObject({
    name: z.literal('scrypt'),
    // Bounded: a header asking for gigabytes of memory is refused before scrypt runs.
    N: z
      .number()
      .int()
      .min(2 ** 10)
      .max(2 ** 20)
      .refine((n) => (n & (n - 1)) === 0, 'a power of two'),
    r: z.number().int().min(1).max(16),
    p: z.number().int().min(1).max(4),
    salt: z.base64().refine((s) => Buffer.from(s, 'base64').length === 16),
  }),
  cipher: z.literal('aes-256-gcm'),
  noncePrefix: z.base64().refine((s) => Buffer.from(s, 'base64').length === 7),
  check: z.base64().refine((s) => Buffer.from(s, 'base64').length === 32),
});
type Header = z.infer<typeof headerSchema>;

export class BackupPassphraseError extends Error {
  constructor() {
    super('The passphrase does not open this backup: check it and try again (a wrong passphrase changes nothing).');
  }
}

export class BackupDamagedError extends Error {}

async function deriveKeys(passphrase: string, kdf: Header['kdf']): Promise<{ key: Buffer; check: Buffer }> {
  const material = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      Buffer.from(passphrase.normalize('NFC'), 'utf8'),
      Buffer.from(kdf.salt, 'base64'),
      64,
      { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r * kdf.p },
      (error, derived) => (error ? reject(error) : resolve(derived)),
    ),
  );
  const key = material.subarray(0, 32);
  const check = createHmac('sha256', material.subarray(32)).update(CHECK_LABEL).digest();
  return { key, check };
}

function nonce(prefix: Buffer, index: number, last: boolean): Buffer {
  const value = Buffer.alloc(12);
  prefix.copy(value, 0);
  value.writeUInt32BE(index, 7);
  value[11] = last ? 1 : 0;
  return value;
}

/** Encrypts a stream of plaintext into the backup format: `write` as it comes, `end` once, in order. */
export async function createBackupSealer(
  passphrase: string,
  out: (bytes: Buffer) => Promise<void>,
  kdf: { N: number; r: number; p: number } = DEFAULT_KDF,
): Promise<{ write(bytes: Buffer | string): Promise<void>; end(): Promise<void> }> {
  const salt = randomBytes(16).toString('base64');
  const prefix = randomBytes(7);
  const params = { name: 'scrypt' as const, ...kdf, salt };
  const { key, check } = await deriveKeys(passphrase, params);
  const header: Header = {
    kdf: params,
    cipher: 'aes-256-gcm',
    noncePrefix: prefix.toString('base64'),
    check: check.toString('base64'),
  };
  const head = Buffer.from(`${MAGIC}${JSON.stringify(headerSchema.parse(header))}\n`, 'utf8');
  await out(head);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  let ended = false;
  const frame = async (plain: Buffer, last: boolean) => {
    const cipher = createCipheriv('aes-256-gcm', key, nonce(prefix, index, last));
    cipher.setAAD(head);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    await out(Buffer.concat([length, body, cipher.getAuthTag()]));
    index += 1;
  };
  return {
    async write(bytes) {
      if (ended) throw new Error('The backup is already complete.');
      pending.push(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes);
      pendingBytes += pending.at(-1)!.length;
      // A frame is written only when more follows it, so the last frame is always the one `end` writes.
      if (pendingBytes <= CHUNK_BYTES) return;
      let all = Buffer.concat(pending);
      while (all.length > CHUNK_BYTES) {
        await frame(all.subarray(0, CHUNK_BYTES), false);
        all = all.subarray(CHUNK_BYTES);
      }
      pending = [all];
      pendingBytes = all.length;
    },
    async end() {
      if (ended) return;
      ended = true;
      await frame(Buffer.concat(pending), true);
      pending = [];
    },
  };
}

/** Reads exactly `n` bytes from an async byte source, or fewer at its end. */
function byteReader(source: AsyncIterable<Buffer | Uint8Array | string>) {
  const iterator = source[Symbol.asyncIterator]();
  let buffered = Buffer.alloc(0);
  let done = false;
  const fill = async (n: number) => {
    while (buffered.length < n && !done) {
      const next = await iterator.next();
      if (next.done) done = true;
      else buffered = Buffer.concat([buffered, Buffer.from(next.value as Uint8Array)]);
    }
  };
  return {
    async take(n: number): Promise<Buffer> {
      await fill(n);
      const taken = buffered.subarray(0, n);
      buffered = buffered.subarray(taken.length);
      return taken;
    },
    async line(max: number): Promise<Buffer | null> {
      for (;;) {
        const at = buffered.indexOf(0x0a);
        if (at >= 0) {
          const taken = buffered.subarray(0, at + 1);
          buffered = buffered.subarray(at + 1);
          return taken;
        }
        if (done || buffered.length > max) return null;
        await fill(buffered.length + 1);
      }
    },
    async atEnd(): Promise<boolean> {
      await fill(1);
      return buffered.length === 0;
    },
  };
}

const notABackup = (): BackupDamagedError =>
  new BackupDamagedError('This file is not a practice hub backup (its first line is not the backup format).');

/**
 * Opens a backup: checks the passphrase before anything else (a wrong one throws `BackupPassphraseError`), then
 * yields the plaintext frame by frame, each only once it has verified. A frame that does not verify, a file cut
 * short or with anything after its last frame throws `BackupDamagedError` — so a consumer that acts only when
 * the iteration ends has acted on nothing but the whole, authentic backup.
 */
export async function* openBackup(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  passphrase: string,
): AsyncGenerator<Buffer> {
  const reader = byteReader(source);
  const magic = await reader.line(MAGIC.length);
  if (!magic || magic.toString('utf8') !== MAGIC) throw notABackup();
  const headerLine = await reader.line(4096);
  if (!headerLine) throw notABackup();
  let header: Header;
  try {
    header = headerSchema.parse(JSON.parse(headerLine.toString('utf8')));
  } catch {
    throw new BackupDamagedError('This backup’s header is damaged or of a format this hub does not read.');
  }
  const head = Buffer.concat([magic, headerLine]);
  const { key, check } = await deriveKeys(passphrase, header.kdf);
  const expected = Buffer.from(header.check, 'base64');
  if (!timingSafeEqual(check, expected)) throw new BackupPassphraseError();
  const prefix = Buffer.from(header.noncePrefix, 'base64');
  for (let index = 0; ; index++) {
    const length = await reader.take(4);
    if (length.length < 4)
      throw new BackupDamagedError('The backup ends early: the file was cut short (an interrupted copy?).');
    const size = length.readUInt32BE(0);
    if (size > CHUNK_BYTES) throw new BackupDamagedError(`The backup is damaged at part ${index + 1}.`);
    const body = await reader.take(size + TAG_BYTES);
    if (body.length < size + TAG_BYTES)
      throw new BackupDamagedError('The backup ends early: the file was cut short (an interrupted copy?).');
    const plain = decryptFrame(key, prefix, head, index, body, size);
    if (plain.last) {
      if (!(await reader.atEnd()))
        throw new BackupDamagedError('The backup has data after its end: it was changed after it was written.');
      yield plain.bytes;
      return;
    }
    yield plain.bytes;
  }
}

/** Tries the frame as a middle frame, then as the last: only the flag it was sealed with verifies. */
function decryptFrame(
  key: Buffer,
  prefix: Buffer,
  head: Buffer,
  index: number,
  body: Buffer,
  size: number,
): { bytes: Buffer; last: boolean } {
  for (const last of [false, true]) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, nonce(prefix, index, last));
      decipher.setAAD(head);
      decipher.setAuthTag(body.subarray(size));
      const bytes = Buffer.concat([decipher.update(body.subarray(0, size)), decipher.final()]);
      return { bytes, last };
    } catch {
      // Not sealed with this flag (or not at all): the other flag, then a refusal.
    }
  }
  throw new BackupDamagedError(`The backup is damaged at part ${index + 1}: it was changed after it was written.`);
}
