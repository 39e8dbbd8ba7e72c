import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CronBuilder } from './CronBuilder';
import { closeAntdOverlays } from '../../test/antdOverlays';

afterEach(async () => {
  await closeAntdOverlays();
});

const expression = () => screen.getByLabelText('cron表达式') as HTMLInputElement;
const part = (label: string) => (screen.getByLabelText(`${label}的值`) as HTMLInputElement).value;

function open(value: string) {
  const onOk = vi.fn();
  render(<CronBuilder open value={value} onOk={onOk} onCancel={() => undefined} />);
  return { onOk };
}

// 001 §4 "parsing an existing expression restores choices; unknown text falls back to every" — per part, and said.
describe('CronBuilder: reopening an expression', () => {
  it('an expression the tabs can show opens as it is, without a warning', async () => {
    open('0 0 12 ? * L');
    expect(expression().value).toBe('0 0 12 ? * 7 *');
    expect(screen.queryByTestId('cron-lost')).toBeNull();
  });

  it('a range with a step falls back to every for the hour only, and a warning names it', async () => {
    const { onOk } = open('0 0 9-17/2 * * ?');
    expect(expression().value).toBe('0 0 * * * ? *');
    expect(screen.getByTestId('cron-lost').textContent).toContain('原表达式无法完整表示：时“9-17/2”已改为“每一”');
    await userEvent.setup().click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onOk).toHaveBeenCalledWith('0 0 * * * ? *');
  });

  it('an unknown week beside a set day becomes ? and the day stays', () => {
    open('0 0 12 15 * abc');
    expect(expression().value).toBe('0 0 12 15 * ? *');
    expect(screen.getByTestId('cron-lost').textContent).toContain('周“abc”已改为“不指定”');
  });

  it('typing an expression with a part the tabs cannot show warns too; a clean one clears the warning', async () => {
    const user = userEvent.setup();
    open('0 0 12 * * ?');
    expect(screen.queryByTestId('cron-lost')).toBeNull();
    await user.clear(expression());
    await user.type(expression(), '0 30 8 L-3W * ?{Enter}');
    expect(expression().value).toBe('0 30 8 * * ? *');
    expect(screen.getByTestId('cron-lost').textContent).toContain('日“L-3W”已改为“每一”');
    await user.clear(expression());
    await user.type(expression(), '0 30 8 L-3 * ?{Enter}');
    expect(expression().value).toBe('0 30 8 L-3 * ? *');
    expect(screen.queryByTestId('cron-lost')).toBeNull();
  });
});

describe('CronBuilder: the year range cannot run backwards (Quartz refuses it)', () => {
  it('a start above the end is held at the end with a message; an end below the start likewise', async () => {
    const user = userEvent.setup();
    open('0 0 0 1 1 ? 2026-2030');
    await user.click(screen.getByRole('tab', { name: '年' }));
    const pane = screen.getByRole('tabpanel');
    // select the whole number and type over it, as a user does
    const retype = async (el: HTMLElement, text: string) => {
      await user.type(el, text, { initialSelectionStart: 0, initialSelectionEnd: (el as HTMLInputElement).value.length });
      await user.tab();
    };
    const start = within(pane).getByLabelText('区间开始');
    await retype(start, '2040');
    expect(part('年')).toBe('2030-2030');
    expect(within(pane).getByRole('alert').textContent).toBe('开始年份不能大于结束年份');

    const end = within(pane).getByLabelText('区间结束');
    await retype(end, '2031');
    expect(part('年')).toBe('2030-2031');
    expect(within(pane).queryByRole('alert')).toBeNull();

    await retype(end, '2025');
    expect(part('年')).toBe('2030-2030');
    expect(within(pane).getByRole('alert').textContent).toBe('开始年份不能大于结束年份');
  });
});
