import { act, fireEvent, screen, waitFor } from '@testing-library/react';

/**
 * Picks `size` in the page-size select of the (only, or `within`'s) antd pagination, as a user does: open the
 * select, click "20 条/页".
 */
export async function choosePageSize(size: number, within: ParentNode = document): Promise<void> {
  const select = within.querySelector('.ant-pagination-options .ant-select');
  if (!select) throw new Error('no page-size select');
  act(() => {
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  });
  // "20 条/页" under zh_CN, "20 / page" under antd's default locale (the component tests render without a provider)
  const label = new RegExp(`^${size}\\s*(条)?\\s*/\\s*(页|page)$`);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) => label.test(o.textContent?.trim() ?? ''));
    if (!found) throw new Error(`no option ${size} 条/页 among ${screen.queryAllByRole('option', { hidden: true }).length} options`);
    return found;
  });
  act(() => {
    fireEvent.click(option);
  });
}

/** The quick jumper's page box of the (only, or `within`'s) pagination, or null. */
export function quickJumper(within: ParentNode = document): HTMLInputElement | null {
  return within.querySelector('.ant-pagination-options-quick-jumper input');
}
