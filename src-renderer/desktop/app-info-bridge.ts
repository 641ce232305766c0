import type { Companion } from '../../src-preload/contract/companion';
import type { AppInfoStore } from '../stores/app-info-store';
import type { Notice } from '../stores/notice-store';
import { describeFailure } from '../ui/words/describe-failure';

/** Asked once at start (the root's `start()`); a failure is told in a notice and shown in Settings. */
export async function loadAppInfo(
  companion: Companion,
  store: AppInfoStore,
  notify: (notice: Omit<Notice, 'id'>) => void,
): Promise<void> {
  try {
    store.setState({ info: await companion.app.info(), error: null });
  } catch (error) {
    const message = describeFailure(error);
    store.setState({ error: message });
    notify({ tone: 'error', title: "Could not read the app's details", detail: message });
  }
  // Apart: main obeys the policy whatever the window knows of it; unread, nothing is marked as managed here.
  try {
    store.setState({ policy: await companion.app.policy() });
  } catch {
    store.setState({ policy: null });
  }
}
