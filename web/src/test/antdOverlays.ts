import { act } from '@testing-library/react';
import { Modal, message } from 'antd';

/**
 * Close antd's static dialogs and messages after a test, and let the work their closing schedules (React renders,
 * motion timers) run while the page still exists: otherwise it can run after the test file's environment is torn
 * down and fail the run with "window is not defined".
 */
export async function closeAntdOverlays(): Promise<void> {
  Modal.destroyAll();
  message.destroy();
  await act(async () => {
    await new Promise((r) => setTimeout(r, 100));
  });
}
