import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** scrypt's cost: 2^15 with r=8 takes tens of milliseconds and 32 MB, so a stolen settings file is slow to guess. */
const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

export const storedPinSchema = z.strictObject({
  salt: z.string().min(16).max(200),
  hash: z.string().min(16).max(200),
  cost: z
    .number()
    .int()
    .min(1024)
    .max(2 ** 20),
});
export type StoredPin = z.infer<typeof storedPinSchema>;

function derive(pin: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_LENGTH, { N: cost, r: BLOCK_SIZE, p: 1, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A fresh random salt for every PIN set, so two laptops with the same PIN keep different hashes. */
export async function hashPin(pin: string, cost = COST): Promise<StoredPin> {
  const salt = randomBytes(16);
  const hash = await derive(pin, salt, cost);
  return { salt: salt.toString('base64'), hash: hash.toString('base64'), cost };
}

/** Compared in constant time: how far a wrong PIN matched says nothing. */
export async function pinMatches(pin: string, stored: StoredPin): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const actual = await derive(pin, Buffer.from(stored.salt, 'base64'), stored.cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
