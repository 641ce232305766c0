import { describe, expect, it, vi } from 'vitest';
import type { ActivityReport, AppCommand } from '../../../src-preload/contract/desktop';
import { createActivityTracker } from '../../../src-main/activity/activity-tracker';
import {
  createActivityNotifications,
  proposalAcceptedNotification,
  type NotificationRequest,
} from '../../../src-main/os-integration/notifications';

const idle: ActivityReport = {
  outboxSending: 0,
  packsDownloading: 0,
  unsentCount: 0,
  needsAttentionCount: 0,
  deliveredSinceReconnect: 0,
};

function setUp(options: { focused?: boolean } = {}) {
  const shown: NotificationRequest[] = [];
  const commands: AppCommand[] = [];
  const focusWindow = vi.fn();
  const activity = createActivityTracker();
  const notifications = createActivityNotifications({
    notify: (request) => shown.push(request),
    isWindowFocused: () => options.focused ?? false,
    focusWindow,
    sendCommand: (command) => commands.push(command),
  });
  activity.onChange((now, before) => notifications.onActivity(now, before));
  return { shown, commands, focusWindow, activity };
}

describe('native notifications from the activity reports', () => {
  it('queued actions delivered after a reconnect: one notification with the count', () => {
    const { shown, activity } = setUp();
    activity.report({ ...idle, unsentCount: 3 });
    expect(shown).toEqual([]);
    activity.report({ ...idle, deliveredSinceReconnect: 3 });
    expect(shown.map((n) => n.title)).toEqual(['3 queued actions went out']);
    // The renderer's follow-up report puts the count back to 0: no second notification.
    activity.report(idle);
    activity.report({ ...idle, deliveredSinceReconnect: 1 });
    expect(shown.map((n) => n.title)).toEqual(['3 queued actions went out', '1 queued action went out']);
  });

  it('entries newly needing attention: one notification, none while the count stays or falls', () => {
    const { shown, activity } = setUp();
    activity.report({ ...idle, unsentCount: 2, needsAttentionCount: 1 });
    expect(shown.map((n) => n.title)).toEqual(['1 action needs your attention']);
    activity.report({ ...idle, unsentCount: 3, needsAttentionCount: 1 });
    activity.report({ ...idle, unsentCount: 3, needsAttentionCount: 0 });
    expect(shown).toHaveLength(1);
    activity.report({ ...idle, unsentCount: 3, needsAttentionCount: 2 });
    expect(shown.map((n) => n.title)).toEqual(['1 action needs your attention', '2 actions need your attention']);
  });

  it('does not repeat itself for a report that repeats the last one', () => {
    const { shown, activity } = setUp();
    const report = { ...idle, unsentCount: 1, needsAttentionCount: 1, deliveredSinceReconnect: 2 };
    activity.report(report);
    activity.report({ ...report });
    expect(shown.map((n) => n.title)).toEqual(['2 queued actions went out', '1 action needs your attention']);
  });

  it('clicking one brings the window forward and asks it to open the Outbox', () => {
    const { shown, commands, focusWindow, activity } = setUp();
    activity.report({ ...idle, deliveredSinceReconnect: 1 });
    expect(focusWindow).not.toHaveBeenCalled();
    shown[0]!.onClick();
    expect(focusWindow).toHaveBeenCalledOnce();
    expect(commands).toEqual([{ command: 'open-screen', screen: 'outbox' }]);
  });

  it('says nothing while the window has the focus (it shows the same news itself)', () => {
    const { shown, activity } = setUp({ focused: true });
    activity.report({ ...idle, deliveredSinceReconnect: 4, needsAttentionCount: 1 });
    expect(shown).toEqual([]);
  });
});

describe('native notifications while the window is shown to a client', () => {
  it('shows none: each is about the whole practice', () => {
    const shown: NotificationRequest[] = [];
    let clientFacing = true;
    const activity = createActivityTracker();
    const notifications = createActivityNotifications({
      notify: (request) => shown.push(request),
      isWindowFocused: () => false,
      isClientFacing: () => clientFacing,
      focusWindow: () => undefined,
      sendCommand: () => undefined,
    });
    activity.onChange((now, before) => notifications.onActivity(now, before));
    activity.report({ ...idle, needsAttentionCount: 1 });
    expect(shown).toEqual([]);
    clientFacing = false;
    activity.report({ ...idle, needsAttentionCount: 2 });
    expect(shown.map((n) => n.title)).toEqual(['2 actions need your attention']);
  });
});

describe('the notification of a proposal accepted', () => {
  const report = {
    practiceKey: '2b0f3c1e-8a4d-4f6b-9c2e-5d7a1b3c4e5f',
    entityKey: '7d3e9a10-4c2b-4e8f-a1d5-0b6c8e2f4a91',
    clientName: 'Harbour Bakery Pty Ltd',
    proposalKey: 'c4a8e2f0-1b3d-4a5c-8e7f-9a0b1c2d3e4f',
    proposalName: 'Annual accounts 2026',
  };

  it('names the client and the proposal', () => {
    expect(proposalAcceptedNotification(report, null)).toEqual({
      title: 'Harbour Bakery Pty Ltd accepted a proposal',
      body: '“Annual accounts 2026” is now Accepted.',
    });
  });

  it('is not shown while the window is shown to another client, of this practice or another', () => {
    const other = '11111111-2222-4333-8444-555555555555';
    expect(proposalAcceptedNotification(report, { practiceKey: report.practiceKey, entityKey: other })).toBeNull();
    expect(proposalAcceptedNotification(report, { practiceKey: other, entityKey: report.entityKey })).toBeNull();
    expect(
      proposalAcceptedNotification(report, { practiceKey: report.practiceKey, entityKey: report.entityKey }),
    ).not.toBeNull();
  });
});
