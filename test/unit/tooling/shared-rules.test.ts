import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Rules main and the renderer share live in src-preload/contract: the plural rule (counts.ts), calendar-day
 * arithmetic (iso-day.ts) and the window's page addresses (routes.ts). These are the shapes a second copy
 * takes when written by hand; each names the one home to use instead.
 */
interface HandWrittenRule {
  what: string;
  home: string;
  folders: string[];
  /** Files that are the rule's home and may spell it out. */
  except?: string[];
  shapes: RegExp[];
}

const RULES: HandWrittenRule[] = [
  {
    what: 'a plural built by hand',
    home: 'countOf / nounFor in src-preload/contract/counts.ts',
    folders: ['src-main', 'src-preload'],
    except: ['src-preload/contract/counts.ts'],
    shapes: [
      /\?\s*''\s*:\s*'s'/, // hour${n === 1 ? '' : 's'}
      /\?\s*'s'\s*:\s*''/,
      /[=!]==\s*1\s*\?\s*['"`][^'"`]*['"`]\s*:\s*['"`]/, // n === 1 ? 'action' : 'actions'
      /[=!]==\s*1\s*\?\s*(one|singular)\b/, // a local helper: n === 1 ? one : many
      /\$\{[\w.]+\}s\b/, // `${n} ${noun}s`
      /\b(?!http\()[a-z]+\(s\)[\s,.]/, // "credit(s)"
    ],
  },
  {
    what: 'calendar-day arithmetic by hand',
    home: 'shiftDay / dayStartMs / daysBetween / monthStart in src-preload/contract/iso-day.ts',
    folders: ['src-main', 'src-preload'],
    except: ['src-preload/contract/iso-day.ts'],
    shapes: [
      /getUTCDate\(\)\s*[+-]/, // Date.UTC(y, m, d + 1): the next midnight
      /Date\.UTC\([^)]*getUTCMonth\(\)\s*[+-]/, // a month's end or start from its parts
      /`\$\{[^`]*\}T00:00:00/, // a day's midnight from its text
    ],
  },
  {
    what: "a detail page's path matched by its own expression",
    home: 'matchDetailRoute in src-preload/contract/routes.ts (the patterns the router mounts)',
    folders: ['src-main', 'src-renderer'],
    shapes: [/\/\^\\\/(clients|onboardings|leads|documents)\\\//],
  },
];

function handWritten(rule: HandWrittenRule): string[] {
  const files = globSync(
    rule.folders.map((folder) => `${folder}/**/*.{ts,tsx}`),
    { cwd: root },
  ).filter((file) => !rule.except?.includes(file));
  const found: string[] = [];
  for (const file of files) {
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (rule.shapes.some((shape) => shape.test(line))) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('shared rules have one home', () => {
  for (const rule of RULES) {
    it(`no ${rule.what} in ${rule.folders.join(', ')} (use ${rule.home})`, () => {
      expect(handWritten(rule)).toEqual([]);
    });
  }

  it('each shape recognises the copy it stands for', () => {
    const [plurals, days, routes] = RULES as [HandWrittenRule, HandWrittenRule, HandWrittenRule];
    const copies: [HandWrittenRule, string][] = [
      [plurals, "const when = `in ${hours} hour${hours === 1 ? '' : 's'}`;"],
      [plurals, "description: `${count} ${count === 1 ? 'action' : 'actions'} not sent yet`,"],
      [plurals, 'const many = (n: number, one: string) => (n === 1 ? `1 ${one}` : `${n} ${one}s`);'],
      [plurals, '`this check needs ${cost} credit(s), ${left} left.`'],
      [plurals, 'const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;'],
      [days, 'return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);'],
      [days, 'const end = new Date(Date.UTC(year, date.getUTCMonth() + 1, 0));'],
      [days, 'const time = Date.parse(`${value}T00:00:00Z`);'],
      [routes, 'const clientPath = /^\\/clients\\/([^/]+)$/;'],
    ];
    for (const [rule, line] of copies)
      expect(
        rule.shapes.some((shape) => shape.test(line)),
        line,
      ).toBe(true);
  });
});
