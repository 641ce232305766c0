import { createHash } from 'node:crypto';
import { concatBytes, hex } from './pdf-writer';

/**
 * PDF's Standard security handler, revision 2 (RC4, 40-bit key; ISO 32000-1 §7.6.3, algorithms 2-4),
 * written out here because no library in the project encrypts PDFs. Weak by design and plenty for a
 * test file whose only job is to make a viewer ask for the password.
 */

const PAD = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80,
  0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

const md5 = (...parts: Uint8Array[]): Uint8Array => new Uint8Array(createHash('md5').update(concatBytes(parts)).digest());

export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Uint8Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

function padded(password: string): Uint8Array {
  const bytes = Buffer.from(password, 'latin1').subarray(0, 32);
  return concatBytes([bytes, PAD.subarray(0, 32 - bytes.length)]);
}

export interface StandardSecurity {
  /** The /Encrypt dictionary's entries. */
  encryptDict: string;
  /** The trailer's /ID array. */
  idEntry: string;
  /** Encrypts a string or stream of object `num` (generation 0). */
  encrypt(num: number, data: Uint8Array): Uint8Array;
}

export function standardSecurityR2(options: { userPassword: string; ownerPassword: string; id: Uint8Array; permissions?: number }): StandardSecurity {
  const permissions = options.permissions ?? -3904;
  const ownerKey = md5(padded(options.ownerPassword)).subarray(0, 5);
  const o = rc4(ownerKey, padded(options.userPassword));
  const p = new Uint8Array(4);
  new DataView(p.buffer).setInt32(0, permissions, true);
  const fileKey = md5(padded(options.userPassword), o, p, options.id).subarray(0, 5);
  const u = rc4(fileKey, PAD);
  return {
    encryptDict: `/Filter /Standard /V 1 /R 2 /O <${hex(o)}> /U <${hex(u)}> /P ${permissions}`,
    idEntry: `/ID [<${hex(options.id)}> <${hex(options.id)}>]`,
    encrypt(num, data) {
      const objectKey = md5(fileKey, Uint8Array.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, 0, 0])).subarray(0, 10);
      return rc4(objectKey, data);
    },
  };
}
