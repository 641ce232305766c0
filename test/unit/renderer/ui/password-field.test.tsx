import { Theme } from '@radix-ui/themes';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PasswordField } from '../../../../src-renderer/ui/PasswordField';

const html = (node: React.ReactNode) => renderToStaticMarkup(<Theme>{node}</Theme>);
const input = (markup: string) => markup.match(/<input[^>]*>/)![0];
const noop = () => undefined;

describe('PasswordField: one secret field for passphrases and PINs', () => {
  it('is a hidden input named by its label, with the autocomplete slot it is for', () => {
    const markup = html(
      <PasswordField
        label="Current passphrase"
        value="s3cret"
        onChange={noop}
        autoComplete="current-password"
        required
      />,
    );
    const field = input(markup);
    expect(field).toContain('type="password"');
    expect(field).toContain('autoComplete="current-password"');
    expect(field).toContain('required=""');
    const id = field.match(/id="([^"]+)"/)![1]!;
    expect(markup).toMatch(new RegExp(`<label for="${id}"[^>]*>Current passphrase</label>`));
    // The label is the words the user reads, never marked with a "required" star.
    expect(markup).not.toContain('Current passphrase *');
  });

  it('a PIN asks for the digit keyboard; a passphrase does not', () => {
    expect(
      input(html(<PasswordField label="New PIN" value="" onChange={noop} autoComplete="new-password" digits />)),
    ).toContain('inputMode="numeric"');
    expect(
      input(html(<PasswordField label="New passphrase" value="" onChange={noop} autoComplete="new-password" />)),
    ).not.toContain('inputMode');
  });

  it('an error is said under the field and tied to it', () => {
    const markup = html(
      <PasswordField label="New PIN" value="12" onChange={noop} autoComplete="new-password" error="Too short." />,
    );
    const field = input(markup);
    expect(field).toContain('aria-invalid="true"');
    const described = field.match(/aria-describedby="([^"]+)"/)![1]!;
    expect(markup).toMatch(new RegExp(`id="${described}"[^>]*role="alert"[^>]*>Too short.<`));
  });

  it('the passphrase and PIN settings build their secret fields with it, not on their own', () => {
    const root = path.resolve(import.meta.dirname, '../../../../src-renderer/features');
    for (const file of ['settings/ChangePassphrase.tsx', 'client-facing/ClientViewPinSetting.tsx']) {
      const source = readFileSync(path.join(root, file), 'utf8');
      expect(source, file).toContain('<PasswordField');
      expect(source, file).not.toContain('type="password"');
    }
  });
});
