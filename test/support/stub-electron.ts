import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A stand-in for an unpacked Linux Electron distribution, for packaging tests on machines where the real
 * Electron binary is never downloaded. electron-builder copies it as `electronDist`, renames `electron`
 * to the app's executable and flips fuses in it, exactly as it would in a real one.
 *
 * The executable is not a program: it only carries Electron's fuse wire in @electron/fuses' format
 * (node_modules/@electron/fuses/dist/index.js): the sentinel, the wire version byte (1), a byte with the
 * number of fuses, then one ASCII '0' (off) or '1' (on) per fuse, in FuseV1Options order.
 */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/**
 * Electron's shipped defaults for the eight V1 fuses, in FuseV1Options order (RunAsNode, CookieEncryption,
 * NodeOptions, NodeCliInspect, EmbeddedAsarIntegrity, OnlyLoadAppFromAsar, BrowserV8Snapshot,
 * GrantFileProtocolExtraPrivileges): the unsafe side wherever there is one, so a pack that flips nothing
 * is caught by the test.
 */
export const DEFAULT_FUSES = '10110001';

const require = createRequire(import.meta.url);

/** The installed Electron's version, as a real distribution's `version` file holds it. */
export function installedElectronVersion(): string {
  return (require('electron/package.json') as { version: string }).version;
}

/** The fuse wire as bytes: sentinel, version 1, count, then '0'/'1' per fuse. */
export function fuseWire(fuses: string = DEFAULT_FUSES): Buffer {
  if (!/^[01]+$/.test(fuses)) throw new Error(`Fuses must be a string of 0 and 1, got "${fuses}".`);
  return Buffer.concat([
    Buffer.from(FUSE_SENTINEL, 'ascii'),
    Buffer.from([1, fuses.length]),
    Buffer.from(fuses, 'ascii'),
  ]);
}

/**
 * Writes the stub distribution to a fresh folder (or `into`) and returns its path: `version`, and an
 * executable `electron` with some padding around the wire, as in a real binary.
 */
export function createStubElectron(into?: string): string {
  const dir = into ?? mkdtempSync(join(tmpdir(), 'stub-electron-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'version'), installedElectronVersion());
  const padding = Buffer.alloc(4096, 0);
  const binary = join(dir, 'electron');
  writeFileSync(binary, Buffer.concat([Buffer.from('#!/bin/sh\nexit 0\n'), padding, fuseWire(), padding]));
  chmodSync(binary, 0o755);
  return dir;
}

/** Reads the fuse states straight out of a binary, independently of @electron/fuses (for the test's own check). */
export function readFuseStates(binaryPath: string): string {
  const bytes = readFileSync(binaryPath);
  const at = bytes.indexOf(FUSE_SENTINEL);
  if (at < 0) throw new Error(`No fuse wire in ${binaryPath}.`);
  const start = at + FUSE_SENTINEL.length;
  return bytes.subarray(start + 2, start + 2 + (bytes[start + 1] ?? 0)).toString('ascii');
}
