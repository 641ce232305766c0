// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const mainCode = {
  group: ['**/src-main/**'],
  message: 'The renderer and preload must not import main. Share code through src-preload/contract.',
};
const rendererCode = { group: ['**/src-renderer/**'], message: 'Main must not import the renderer.' };
const preloadInternals = {
  group: ['**/src-preload/**', '!**/src-preload/contract', '!**/src-preload/contract/**'],
  message: 'Only src-preload/contract is shared; the preloads themselves are entry points.',
};
const hubCode = {
  group: ['**/hub/**', './hub/**', '@electric-sql/pglite', '@electric-sql/pglite/**', 'pg'],
  message: 'The practice hub is a separate process (npm run hub) and never part of the shipped app.',
};
const nodeBuiltins = {
  group: ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net'],
  message: 'The renderer is a sandboxed web page: no Node built-ins. Ask main through window.companion.',
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'docs/**', 'test-results/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `x != null` is the deliberate test for null-or-undefined; everything else must be strict.
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // Tests read untyped JSON from real HTTP responses; production code stays typed.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer never touches Electron; use window.companion.' },
            // Radix Select (and Themes' wrapper) inject <style> elements on open that the strict CSP refuses.
            {
              name: '@radix-ui/themes',
              importNames: ['Select'],
              message: 'Radix Select breaks the CSP when it opens; use components/LabelledSelect.',
            },
            // Their scroll lock injects a <style> sized to the scrollbar: no CSP hash can cover it.
            {
              name: '@radix-ui/themes',
              importNames: ['Dialog', 'AlertDialog', 'Popover', 'DropdownMenu', 'ContextMenu', 'HoverCard'],
              message:
                'Radix modal layers inject styles the CSP refuses; use components/ModalDialog (native <dialog>).',
            },
            {
              name: '@radix-ui/react-select',
              message: 'Radix Select breaks the CSP when it opens; use components/LabelledSelect.',
            },
          ],
          patterns: [mainCode, preloadInternals, nodeBuiltins],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  {
    // React's rules for hooks and the accessibility rules for JSX. Only the two classic hook rules: the plugin's
    // React-Compiler rules (purity, refs, set-state-in-effect…) check code for a compiler this app does not use,
    // and would ask for rewrites of working effects rather than catch bugs.
    files: ['src-renderer/**/*.tsx', 'src-renderer/**/*.ts', 'test/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Radix Themes' text field renders an <input>; a <label> wrapping it (with its text in a <Text>) names it.
      'jsx-a11y/label-has-associated-control': ['error', { controlComponents: ['TextField.Root'], depth: 3 }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Dates, times and numbers are shown in the practice's locale (its region: en-AU, en-GB, en-ZA) through the
    // formatters in src-renderer/ui/regional, never in the laptop's locale, which may read 03/04 as March.
    files: ['src-renderer/**/*.{ts,tsx}'],
    ignores: ['src-renderer/ui/regional/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message:
            "Shown in the laptop's locale: use formatDateTime / formatTime / formatDate / formatNumber from ui/regional/regional-format.",
        },
        {
          selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']",
          message: 'Dates and times are formatted in ui/regional (formatDateTime, formatTime, formatDate) only.',
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat'][arguments.length=0]",
          message:
            "A NumberFormat without a locale uses the laptop's: use formatNumber from ui/regional/regional-format.",
        },
      ],
    },
  },
  {
    files: ['src-preload/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [mainCode, rendererCode] }],
    },
  },
  {
    // The contract is shared by everyone and depends on no one but zod.
    files: ['src-preload/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The contract is runtime-neutral.' }],
          patterns: [mainCode, rendererCode, nodeBuiltins],
        },
      ],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // Everything in main except the Electron glue is plain Node code with Electron's pieces injected.
          paths: [
            {
              name: 'electron',
              message: 'Only src-main/electron/ and src-main/index.ts may import Electron; inject what you need.',
            },
            {
              name: 'electron-store',
              message: 'Only src-main/electron/ may use electron-store; take a SettingsStore.',
            },
          ],
          patterns: [rendererCode, preloadInternals, hubCode],
        },
      ],
    },
  },
  {
    // The practice hub is a leaf like the demo practice: it uses main's code, main never uses it.
    files: ['src-main/hub/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The hub runs in plain Node, without Electron.' }],
          patterns: [
            rendererCode,
            preloadInternals,
            {
              group: ['**/demo-practice/**'],
              message:
                'The real hub never depends on the fake practice: only cli.ts loads it, with import() under --demo.',
            },
          ],
        },
      ],
      // Every wait of the hub is on a clock it was given (hub-core.ts: the practice's or the wall clock), so a
      // test or a benchmark steps through it: realTimer.sleep or repeatEvery (request-budget/budget-timer.ts).
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'Wait on the hub’s clock: clock.sleep(ms, signal).' },
        { name: 'setInterval', message: 'Repeat on the hub’s clock: repeatEvery(clock, ms, signal, tick).' },
      ],
    },
  },
  {
    // The hub logs JSON lines through the logger it is given (watch/hub-log.ts), redacted, where its
    // administrator ships them; only the command line prints to the terminal.
    files: ['src-main/hub/**/*.ts'],
    ignores: ['src-main/hub/cli.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['src-main/electron/**/*.ts', 'src-main/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            rendererCode,
            preloadInternals,
            {
              group: ['**/browser-preview/**', './browser-preview/**'],
              message: 'The browser preview is never part of the shipped app.',
            },
            hubCode,
          ],
        },
      ],
    },
  },
);
