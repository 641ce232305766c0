import * as Toast from '@radix-ui/react-toast';
import { useNotices } from '../context/store-hooks';

/** Radix Toast: announced to screen readers, dismissable with Escape, swipe or the close button. */
export function Notices() {
  const notices = useNotices((s) => s.notices);
  const dismiss = useNotices((s) => s.dismiss);
  return (
    <Toast.Provider swipeDirection="right" duration={8000}>
      {notices.map((notice) => (
        <Toast.Root
          key={notice.id}
          className={`toast toast--${notice.tone}`}
          type={notice.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismiss(notice.id);
          }}
        >
          <Toast.Title className="toast__title">{notice.title}</Toast.Title>
          {notice.detail ? <Toast.Description className="toast__detail">{notice.detail}</Toast.Description> : null}
          <Toast.Close className="toast__close" aria-label="Dismiss">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
