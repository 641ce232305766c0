import { z } from 'zod';
import { regionSchema } from './partner-api/common';
import { screenList, type ScreenPath } from './screens';
import { presenceSchema } from './sync-cadence';

/**
 * The desktop layer's part of the bridge: updates, activity main must know about, logs and
 * diagnostics, the theme, the administrator's regional hosts, and what main asks the window to do
 * (menu commands, deep links, notification clicks).
 */

/** Where the updater stands. `off`: no feed was configured when the app was packaged (or not packaged at all). */
export const updateStatusSchema = z.strictObject({
  state: z.enum(['off', 'idle', 'checking', 'downloading', 'ready', 'error']),
  /** The version offered or downloaded; null when none. */
  version: z.string().max(50).nullable(),
  /** 0–100 while downloading. */
  percent: z.number().min(0).max(100).nullable(),
  /** A plain sentence for About / the update banner (why it is off, what failed, why a restart waits). */
  message: z.string().max(500).nullable(),
  /** A restart was asked for but waits (an action is being sent, a meeting pack is downloading); it happens at quit. */
  restartDeferred: z.boolean(),
  lastCheckedAt: z.iso.datetime().nullable(),
});
export type UpdateStatus = z.infer<typeof updateStatusSchema>;

export const restartToUpdateResultSchema = z.strictObject({
  restarting: z.boolean(),
  /** Why not now, in a sentence; the update is then installed at the next quit. */
  reason: z.string().max(500).nullable(),
});

/** What the window is doing that main must respect (no restart mid-send) or show (the badge). */
export const activityReportSchema = z.strictObject({
  /** Outbox entries in `sending` right now. */
  outboxSending: z.number().int().min(0).max(100_000),
  /** Meeting packs downloading right now. */
  packsDownloading: z.number().int().min(0).max(10_000),
  /** Open (unsent or needing attention) outbox entries of the active practice: the dock/taskbar badge. */
  unsentCount: z.number().int().min(0).max(100_000),
  /** Open entries that need a person (failed, needs-review): a notification says so when this grows. */
  needsAttentionCount: z.number().int().min(0).max(100_000),
  /** Entries delivered since the last report after a reconnect: a notification says so. */
  deliveredSinceReconnect: z.number().int().min(0).max(100_000),
});
export type ActivityReport = z.infer<typeof activityReportSchema>;

/** Where the user is, as main sees it from the OS (sleep, lock, input) and the window (focus, shown); see sync-cadence.ts. */
export const presenceStateSchema = z.strictObject({ presence: presenceSchema });

/** A renderer error for the log file (validated and capped; redacted in main before it is written). */
export const rendererErrorSchema = z.strictObject({
  source: z.enum(['error', 'unhandledrejection', 'error-boundary', 'route-error']),
  message: z.string().max(2_000),
  stack: z.string().max(8_000).nullable(),
  /** The hash route the window was on. */
  route: z.string().max(500).nullable(),
});
export type RendererError = z.infer<typeof rendererErrorSchema>;

/** "Copy diagnostics": version, platform, storage, sync and budget state, the last redacted log lines. */
export const diagnosticsSchema = z.strictObject({ text: z.string().max(500_000) });

export const themeChoiceSchema = z.enum(['system', 'light', 'dark']);
export type ThemeChoice = z.infer<typeof themeChoiceSchema>;
export const themeStateSchema = z.strictObject({ choice: themeChoiceSchema, dark: z.boolean() });
export type ThemeState = z.infer<typeof themeStateSchema>;

/** The regional hosts in use and where they came from; a bad administrator file is reported here and ignored. */
export const regionHostsStatusSchema = z.strictObject({
  source: z.enum(['built-in', 'user-data-file', 'environment-file']),
  /** The file that was read (or refused); null for the built-in list. */
  path: z.string().max(1000).nullable(),
  hosts: z.record(regionSchema, z.string().max(2000)),
  problem: z.string().max(1000).nullable(),
});
export type RegionHostsStatus = z.infer<typeof regionHostsStatusSchema>;

/** Screens the menu and notifications can open (the renderer's routes). */
export const screenNameSchema = z.enum(screenList.map((screen) => screen.path) as [ScreenPath, ...ScreenPath[]]);

/** What main asks the window to do: menu items, notification clicks. */
export const appCommandSchema = z.discriminatedUnion('command', [
  z.strictObject({ command: z.literal('sync-now') }),
  z.strictObject({ command: z.literal('prepare-meeting') }),
  z.strictObject({ command: z.literal('sign-out') }),
  z.strictObject({ command: z.literal('show-shortcuts') }),
  z.strictObject({ command: z.literal('copy-diagnostics') }),
  z.strictObject({ command: z.literal('save-support-bundle') }),
  z.strictObject({ command: z.literal('about') }),
  z.strictObject({ command: z.literal('open-screen'), screen: screenNameSchema }),
]);
export type AppCommand = z.infer<typeof appCommandSchema>;

/** A validated deep link (`practice-companion://client/<entityKey>`, `…/onboarding/<onboardingKey>`). */
export const openRecordSchema = z.strictObject({ kind: z.enum(['client', 'onboarding']), key: z.uuid() });
export type OpenRecord = z.infer<typeof openRecordSchema>;
