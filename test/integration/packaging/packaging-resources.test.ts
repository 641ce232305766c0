import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** Width, height, bit depth and colour type from a PNG's IHDR chunk. */
function pngHeader(path: string): { width: number; height: number; depth: number; colourType: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    depth: bytes[24] ?? 0,
    colourType: bytes[25] ?? 0,
  };
}

describe('packaging resources', () => {
  it('has one 1024 px RGBA icon master for the installers and a 256 px window icon', () => {
    // electron-builder derives .icns (needs ≥ 512) and .ico (needs ≥ 256) from the master; Linux uses it as is.
    expect(pngHeader(join(root, 'resources/icon-master.png'))).toEqual({
      width: 1024,
      height: 1024,
      depth: 8,
      colourType: 6,
    });
    expect(pngHeader(join(root, 'resources/icon.png'))).toEqual({ width: 256, height: 256, depth: 8, colourType: 6 });
    const config = readFileSync(join(root, 'electron-builder.yml'), 'utf8');
    expect(config.match(/^\s+icon: (.+)$/gm)?.map((line) => line.trim())).toEqual(
      Array(3).fill('icon: resources/icon-master.png'),
    );
  });

  it('grants macOS only the entitlements Electron needs: JIT and outgoing connections', () => {
    const plist = readFileSync(join(root, 'resources/entitlements.mac.plist'), 'utf8');
    const keys = [...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((match) => match[1]);
    expect(keys).toEqual(['com.apple.security.cs.allow-jit', 'com.apple.security.network.client']);
  });

  it("gives Windows the installers' app id as the user model id (notifications show only for it)", () => {
    const appId = /^appId:\s*(\S+)$/m.exec(readFileSync(join(root, 'electron-builder.yml'), 'utf8'))?.[1];
    expect(appId).toBeTruthy();
    expect(readFileSync(join(root, 'src-main/index.ts'), 'utf8')).toContain(`app.setAppUserModelId('${appId}')`);
  });

  it('keeps build output out of git', () => {
    const ignored = readFileSync(join(root, '.gitignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['dist/', 'out/']));
  });
});
