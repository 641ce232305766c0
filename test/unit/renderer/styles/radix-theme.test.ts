import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The app loads only the Radix colour scales it uses (styles/radix-theme.css). A colour given to a
 * component whose scale is not loaded renders without colour, silently: this test names it instead.
 */
const root = resolve(import.meta.dirname, '../../../../src-renderer');
const RADIX_COLORS = [
  'gray',
  'gold',
  'bronze',
  'brown',
  'yellow',
  'amber',
  'orange',
  'tomato',
  'red',
  'ruby',
  'crimson',
  'pink',
  'plum',
  'purple',
  'violet',
  'iris',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'jade',
  'green',
  'grass',
  'lime',
  'mint',
  'sky',
  'mauve',
  'slate',
  'sage',
  'olive',
  'sand',
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(tsx?|css)$/.test(entry.name) ? [path] : [];
  });
}

describe('the Radix colour scales loaded at start', () => {
  it('include every colour the screens name, and nothing is imported twice', () => {
    const theme = readFileSync(join(root, 'styles/radix-theme.css'), 'utf8');
    const loaded = [...theme.matchAll(/@import '@radix-ui\/themes\/tokens\/colors\/([a-z]+)\.css'/g)].map((m) => m[1]);
    expect(new Set(loaded).size).toBe(loaded.length);
    const used = new Set<string>();
    const names = RADIX_COLORS.join('|');
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      // A colour as a prop or value ("red", 'red', accentColor="indigo") or a scale's variable (var(--crimson-9)).
      for (const m of text.matchAll(new RegExp(`["'](${names})["']|var\\(--(${names})-a?\\d`, 'g')))
        used.add((m[1] ?? m[2])!);
    }
    expect(used.size).toBeGreaterThan(3);
    expect([...used].filter((color) => !loaded.includes(color)).sort()).toEqual([]);
  });

  it('replace the full stylesheet, which loads every scale', () => {
    const main = readFileSync(join(root, 'main.tsx'), 'utf8');
    expect(main).toContain("import './styles/radix-theme.css';");
    expect(main).not.toContain('@radix-ui/themes/styles.css');
  });
});
