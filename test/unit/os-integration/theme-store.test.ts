import { describe, expect, it } from 'vitest';
import type { ThemeChoice, ThemeState } from '../../../src-preload/contract/desktop';
import { createThemeStore } from '../../../src-main/os-integration/theme-store';
import type { SettingsStore } from '../../../src-main/settings/settings-store';

function memorySettings(initial: Record<string, unknown> = {}): SettingsStore & { data: Record<string, unknown> } {
  const data = { ...initial };
  return {
    data,
    get: (key) => data[key],
    set: (key, value) => void (data[key] = value),
    delete: (key) => void delete data[key],
  };
}

/** nativeTheme in miniature: the OS is dark; the source decides unless it is 'system'. */
function fakeHost(osDark: boolean) {
  const host = {
    source: 'system' as ThemeChoice,
    osDark,
    setSource: (choice: ThemeChoice) => void (host.source = choice),
    isDark: () => (host.source === 'system' ? host.osDark : host.source === 'dark'),
  };
  return host;
}

describe('theme store', () => {
  it('starts on "system" and keeps the choice in the settings file, emitting the new state', () => {
    const settings = memorySettings();
    const emitted: ThemeState[] = [];
    const theme = createThemeStore({ settings, emit: (state) => emitted.push(state) });
    expect(theme.current()).toEqual({ choice: 'system', dark: false });
    expect(theme.set('dark')).toEqual({ choice: 'dark', dark: true });
    expect(settings.data['desktop.theme']).toBe('dark');
    expect(emitted).toEqual([{ choice: 'dark', dark: true }]);
    // A restart reads it back.
    expect(createThemeStore({ settings, emit: () => undefined }).current()).toEqual({ choice: 'dark', dark: true });
  });

  it('applies the saved choice to the host at start and on each change; dark is what the host says', () => {
    const host = fakeHost(true);
    const theme = createThemeStore({
      settings: memorySettings({ 'desktop.theme': 'light' }),
      host,
      emit: () => undefined,
    });
    expect(host.source).toBe('light');
    expect(theme.current()).toEqual({ choice: 'light', dark: false });
    theme.set('system');
    expect(host.source).toBe('system');
    expect(theme.current()).toEqual({ choice: 'system', dark: true });
  });

  it('tells the window when the OS switches', () => {
    const host = fakeHost(false);
    const emitted: ThemeState[] = [];
    const theme = createThemeStore({ settings: memorySettings(), host, emit: (state) => emitted.push(state) });
    host.osDark = true;
    theme.systemChanged();
    expect(emitted).toEqual([{ choice: 'system', dark: true }]);
  });

  it('treats a hand-edited value it does not know as "system"', () => {
    const theme = createThemeStore({ settings: memorySettings({ 'desktop.theme': 'purple' }), emit: () => undefined });
    expect(theme.current().choice).toBe('system');
  });
});
