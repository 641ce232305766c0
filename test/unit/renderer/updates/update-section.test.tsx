import { Theme } from '@radix-ui/themes';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Companion } from '../../../../src-preload/contract/companion';
import type { UpdateStatus } from '../../../../src-preload/contract/desktop';
import { UpdateBannerView } from '../../../../src-renderer/updates/UpdateBanner';
import { UpdateStatusView } from '../../../../src-renderer/features/settings/UpdateSection';
import { restartToUpdate, watchUpdates } from '../../../../src-renderer/updates/update-bridge';
import { createUpdateStore, type UpdateStore } from '../../../../src-renderer/stores/update-store';

const off: UpdateStatus = {
  state: 'off',
  version: null,
  percent: null,
  message: 'Updates are not set up in this build.',
  restartDeferred: false,
  lastCheckedAt: null,
};
const ready: UpdateStatus = {
  state: 'ready',
  version: '1.4.0',
  percent: null,
  message: 'Version 1.4.0 is ready. Restart to update now, or it installs when you quit Practice Companion.',
  restartDeferred: false,
  lastCheckedAt: '2026-03-02T09:00:00.000Z',
};

const render = (node: React.ReactNode): string => renderToStaticMarkup(<Theme>{node}</Theme>);

function fakeCompanion(status: UpdateStatus, restart: { restarting: boolean; reason: string | null }) {
  const listeners = new Set<(payload: UpdateStatus) => void>();
  const companion = {
    desktop: { updateStatus: vi.fn(async () => status), restartToUpdate: vi.fn(async () => restart) },
    on: (event: string, listener: (payload: UpdateStatus) => void) => {
      if (event === 'desktop.updateStatus') listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const send = (next: UpdateStatus): void => listeners.forEach((listener) => listener(next));
  return { companion: companion as unknown as Companion, send, restartToUpdate: companion.desktop.restartToUpdate };
}

let updates: UpdateStore;
beforeEach(() => {
  updates = createUpdateStore();
});

describe('Settings → About: updates', () => {
  it('says in a sentence that updates are off, with no restart button', () => {
    const html = render(<UpdateStatusView status={off} refusedReason={null} onRestart={() => undefined} />);
    expect(html).toContain('Updates are not set up in this build.');
    expect(html).toContain('data-state="off"');
    expect(html).not.toContain('Restart to update');
  });

  it('announces a version an installation cannot install itself, with where to get it and no restart button', () => {
    const announced: UpdateStatus = {
      ...ready,
      state: 'idle',
      message:
        'Version 1.4.0 is available. This installation does not update itself: get it from https://updates.example/ or ask your administrator.',
    };
    const html = render(<UpdateStatusView status={announced} refusedReason={null} onRestart={() => undefined} />);
    expect(html).toContain('Version 1.4.0 is available');
    expect(html).not.toContain('Up to date');
    expect(html).toContain('get it from https://updates.example/');
    expect(html).not.toContain('Restart to update');
  });

  it('shows the progress of a download, and the version and the restart button once ready', () => {
    const downloading = render(
      <UpdateStatusView status={{ ...ready, state: 'downloading', percent: 40, message: null }} refusedReason={null} />,
    );
    expect(downloading).toContain('Downloading an update');
    expect(downloading).toContain('Update downloaded 40%');
    const html = render(
      <UpdateStatusView status={ready} refusedReason="An action is being sent." onRestart={() => undefined} />,
    );
    expect(html).toContain('(version 1.4.0)');
    expect(html).toContain('Restart to update');
    expect(html).toContain('An action is being sent.');
  });

  it('follows main: the first answer, then events; a refused restart keeps its reason for the banner', async () => {
    const fake = fakeCompanion(off, {
      restarting: false,
      reason: 'An action is being sent, so the app will not restart now.',
    });
    const stop = watchUpdates(fake.companion, updates);
    await vi.waitFor(() => expect(updates.getState().status).toEqual(off));
    const banner = () => {
      const state = updates.getState();
      const props = {
        status: state.status,
        refusedReason: state.refusedReason,
        dismissedVersion: state.dismissedVersion,
      };
      return render(<UpdateBannerView {...props} onRestart={() => undefined} onLater={() => undefined} />);
    };
    expect(banner()).not.toContain('update-banner');
    fake.send(ready);
    expect(updates.getState().status).toEqual(ready);
    expect(banner()).toContain('Version 1.4.0 of Practice Companion is ready.');
    await restartToUpdate(fake.companion, updates);
    expect(fake.restartToUpdate).toHaveBeenCalledTimes(1);
    expect(updates.getState().refusedReason).toBe('An action is being sent, so the app will not restart now.');
    expect(banner()).toContain('will not restart now');
    // Main's next word (idle again) replaces the refusal: the banner shows main's sentence.
    fake.send({ ...ready, restartDeferred: true, message: 'Version 1.4.0 is ready and nothing is being sent now.' });
    expect(updates.getState().refusedReason).toBeNull();
    expect(banner()).toContain('nothing is being sent now');
    updates.getState().dismiss();
    expect(banner()).not.toContain('update-banner');
    stop();
  });
});
