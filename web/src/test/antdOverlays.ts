import { act } from '@testing-library/react';
import { Modal, message, notification } from 'antd';

/**
 * Close antd's static dialogs, messages and notifications after a test, inside act() so the renders their
 * closing schedules run now, and let the work that follows (motion timers, passive effects) run while the page
 * still exists: otherwise it can run after the test file's environment is torn down and fail the run with
 * "window is not defined".
 */
export async function closeAntdOverlays(): Promise<void> {
  await act(async () => {
    Modal.destroyAll();
    message.destroy();
    notification.destroy();
    await new Promise((r) => setTimeout(r, 100));
  });
}
