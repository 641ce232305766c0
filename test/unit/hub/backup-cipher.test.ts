import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BackupDamagedError,
  BackupPassphraseError,
  CHUNK_BYTES,
  createBackupSealer,
  openBackup,
} from '../../../src-main/hub/backup/backup-cipher';

/** scrypt at its lowest accepted cost: the format is the same, the tests stay fast. */
const cheap = { N: 2 ** 10, r: 8, p: 1 };
const passphrase = 'correct horse battery staple';

async function seal(plain: Buffer, pieces = 7): Promise<Buffer> {
  const out: Buffer[] = [];
  const sealer = await createBackupSealer(passphrase, async (bytes) => void out.push(bytes), cheap);
  // Written in uneven pieces, as lines arrive.
  const step = Math.ceil(plain.length / pieces);
  for (let at = 0; at < plain.length; at += step) await sealer.write(plain.subarray(at, at + step));
  await sealer.end();
  return Buffer.concat(out);
}

async function open(file: Buffer, phrase = passphrase): Promise<Buffer> {
  const parts: Buffer[] = [];
  // Fed in odd slices, as a file stream would.
  async function* source() {
    for (let at = 0; at < file.length; at += 5_000) yield file.subarray(at, at + 5_000);
  }
  for await (const part of openBackup(source(), phrase)) parts.push(part);
  return Buffer.concat(parts);
}

/** Where each frame starts: after the two header lines, `u32 length ‖ ciphertext ‖ tag`. */
function frames(file: Buffer): { start: number; end: number }[] {
  let at = file.indexOf(0x0a, file.indexOf(0x0a) + 1) + 1;
  const found = [];
  while (at < file.length) {
    const end = at + 4 + file.readUInt32BE(at) + 16;
    found.push({ start: at, end });
    at = end;
  }
  return found;
}

describe('the backup’s encryption', () => {
  const plain = Buffer.concat([Buffer.from('{"backup":{}}\n'), randomBytes(3 * CHUNK_BYTES + 1234)]);

  it('gives back exactly what was sealed, over several frames, and shows none of it in the file', async () => {
    const file = await seal(plain);
    expect(frames(file)).toHaveLength(4);
    expect(file.includes(plain.subarray(0, 40))).toBe(false);
    expect((await open(file)).equals(plain)).toBe(true);
    // An empty backup is one (last) frame, and opens as empty.
    expect((await open(await seal(Buffer.alloc(0)))).length).toBe(0);
  });

  it('refuses a wrong passphrase with a sentence, before yielding anything', async () => {
    const file = await seal(plain);
    await expect(open(file, 'correct horse battery stapler')).rejects.toThrow(BackupPassphraseError);
    await expect(open(file, 'wrong')).rejects.toThrow('The passphrase does not open this backup');
  });

  it('refuses a changed byte, a frame dropped, moved or cut, and anything added after the end', async () => {
    const file = await seal(plain);
    const [first, second, third, last] = frames(file);
    const flipped = Buffer.from(file);
    flipped[second!.start + 100]! ^= 1;
    await expect(open(flipped)).rejects.toThrow(/damaged at part 2/);
    const withoutLast = file.subarray(0, last!.start);
    await expect(open(withoutLast)).rejects.toThrow(/ends early/);
    const cutInside = file.subarray(0, third!.start + 50);
    await expect(open(cutInside)).rejects.toThrow(/ends early/);
    const swapped = Buffer.concat([
      file.subarray(0, first!.start),
      file.subarray(second!.start, second!.end),
      file.subarray(first!.start, first!.end),
      file.subarray(third!.start),
    ]);
    await expect(open(swapped)).rejects.toThrow(BackupDamagedError);
    // The last frame moved up, the rest dropped: its number no longer matches.
    const shortened = Buffer.concat([file.subarray(0, second!.start), file.subarray(last!.start)]);
    await expect(open(shortened)).rejects.toThrow(BackupDamagedError);
    await expect(open(Buffer.concat([file, Buffer.from('more')]))).rejects.toThrow(/data after its end/);
  });

  it('refuses what is not a backup, and a header asking for an unbounded key derivation, before deriving', async () => {
    await expect(open(Buffer.from('{"not":"a backup"}\n'))).rejects.toThrow(/not a practice hub backup/);
    const file = await seal(plain);
    const text = file.toString('latin1');
    const costly = Buffer.from(text.replace('"N":1024', `"N":${2 ** 30}`), 'latin1');
    const started = performance.now();
    await expect(open(costly)).rejects.toThrow(/header is damaged/);
    expect(performance.now() - started).toBeLessThan(1_000);
    // The header is every frame's additional data: another nonce prefix opens nothing.
    const prefix = /"noncePrefix":"([^"]+)"/.exec(text)![1]!;
    const other = Buffer.from(randomBytes(7).toString('base64'));
    const moved = Buffer.from(text.replace(prefix, other.toString()), 'latin1');
    await expect(open(moved)).rejects.toThrow(BackupDamagedError);
  });
});
