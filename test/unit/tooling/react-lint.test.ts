import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Lints a snippet as if it lived at `filePath`, returning the ids of the rules it breaks and their severities. */
async function findings(filePath: string, code: string): Promise<{ rule: string | null; severity: number }[]> {
  const eslint = new ESLint();
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, severity: m.severity }));
}

const file = 'src-renderer/features/clients/Probe.tsx';

describe("the renderer's React and accessibility lint", () => {
  it('makes a hook called conditionally and an effect missing a dependency errors, not warnings', async () => {
    const code = [
      "import { useEffect, useState } from 'react';",
      'export function Probe({ on, id }: { on: boolean; id: string }) {',
      '  if (on) useState(0);',
      '  useEffect(() => { console.log(id); }, []);',
      '  return null;',
      '}',
    ].join('\n');
    const found = await findings(file, code);
    expect(found).toContainEqual({ rule: 'react-hooks/rules-of-hooks', severity: 2 });
    expect(found).toContainEqual({ rule: 'react-hooks/exhaustive-deps', severity: 2 });
  });

  it('flags a clickable <div> without a keyboard handler and an image without alt text', async () => {
    const code = 'export const Probe = ({ go }: { go(): void }) => <div onClick={go}><img src="x.png" /></div>;';
    const rules = (await findings(file, code)).map((f) => f.rule);
    expect(rules).toContain('jsx-a11y/click-events-have-key-events');
    expect(rules).toContain('jsx-a11y/alt-text');
  });

  it("accepts a <label> wrapping Radix Themes' text field, which renders an <input>", async () => {
    const code = [
      "import { Text, TextField } from '@radix-ui/themes';",
      'export const Probe = () => (',
      '  <label>',
      '    <Text size="1">From</Text>',
      '    <TextField.Root type="date" />',
      '  </label>',
      ');',
    ].join('\n');
    expect(await findings(file, code)).toEqual([]);
  });
});
