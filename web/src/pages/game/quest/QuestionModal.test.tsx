import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { questionBankEntity, type Result } from '@pk/contract';
import { http } from '../../../api/request';
import type { EntityRow } from '../../../crud';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import { QuestionModal } from './QuestionModal';
import { QuestionOptionsEditor } from './QuestionOptionsEditor';
import { formatOptions, optionsText, parseOptions, type QuestionOption } from './options';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const res = <T,>(result: T, msg: string, success = true): Result<T> => ({ success, code: success ? 200 : 500, message: msg, result, timestamp: 0 });
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const byRole = (role: string, name: string | RegExp) => screen.getByRole(role, { name, hidden: true });

const OPTS = JSON.stringify([
  { key: 'A', text: '路飞' },
  { key: 'B', text: '索隆' },
  { key: 'C', text: '娜美' },
]);

beforeEach(() => {
  mocked.get.mockResolvedValue(
    res(
      [
        { value: '1', text: '单选题' },
        { value: '2', text: '多选题' },
      ],
      '',
    ) as never,
  );
});

afterEach(async () => {
  await closeAntdOverlays();
  vi.clearAllMocks();
});

describe('question options helpers', () => {
  it('parse, re-letter and show options', () => {
    expect(parseOptions('not json')).toEqual([]);
    expect(parseOptions(OPTS)).toHaveLength(3);
    expect(
      formatOptions([
        { key: 'C', text: ' 甲 ' },
        { key: 'A', text: '乙' },
      ]),
    ).toBe('[{"key":"A","text":"甲"},{"key":"B","text":"乙"}]');
    expect(optionsText(OPTS)).toBe('A. 路飞 / B. 索隆 / C. 娜美');
  });
});

describe('QuestionOptionsEditor (the options sub-table)', () => {
  function Harness({ initial, onValue }: { initial: QuestionOption[]; onValue: (v: QuestionOption[]) => void }) {
    const [value, setValue] = useState(initial);
    return (
      <QuestionOptionsEditor
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
    );
  }

  it('adds a row lettered after the last, edits its text, and re-letters after a removal', async () => {
    const u = user();
    const onValue = vi.fn();
    render(<Harness initial={parseOptions(OPTS)} onValue={onValue} />);
    await u.click(byRole('button', /添加选项/));
    fireEvent.change(byRole('textbox', '选项D内容'), { target: { value: '乌索普' } });
    expect(onValue).toHaveBeenLastCalledWith([
      { key: 'A', text: '路飞' },
      { key: 'B', text: '索隆' },
      { key: 'C', text: '娜美' },
      { key: 'D', text: '乌索普' },
    ]);
    await u.click(byRole('button', '删除选项B'));
    expect(onValue).toHaveBeenLastCalledWith([
      { key: 'A', text: '路飞' },
      { key: 'B', text: '娜美' },
      { key: 'C', text: '乌索普' },
    ]);
    expect((byRole('textbox', '选项B内容') as HTMLInputElement).value).toBe('娜美');
  });
});

describe('QuestionModal', { timeout: 60_000 }, () => {
  function renderModal(record: EntityRow | null) {
    const onSaved = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <QuestionModal entity={questionBankEntity} open record={record} onClose={vi.fn()} onSaved={onSaved} />
      </QueryClientProvider>,
    );
    return { onSaved };
  }

  it('edits the options of a single-choice question as a sub-table and sends them as JSON', async () => {
    mocked.put.mockResolvedValue(res(null, '编辑成功!'));
    const u = user();
    const { onSaved } = renderModal({ id: '11', title: '谁是船长？', questionType: 1, options: OPTS, answer: 'A' });
    await waitFor(() => expect((byRole('textbox', '选项C内容') as HTMLInputElement).value).toBe('娜美'));
    await u.click(byRole('button', '删除选项C'));
    fireEvent.change(byRole('textbox', '选项B内容'), { target: { value: '山治' } });
    await u.click(byRole('button', /确\s*定/));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledTimes(1));
    const [url, body] = mocked.put.mock.calls[0]!;
    expect(url).toBe('/question/questionBank/edit');
    expect(body).toMatchObject({ id: '11', answer: 'A', options: '[{"key":"A","text":"路飞"},{"key":"B","text":"山治"}]' });
    expect(body).not.toHaveProperty('optionList');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('refuses to send a choice question with an empty option, and says which', async () => {
    const u = user();
    renderModal({ id: '12', title: '谁是剑士？', questionType: 1, options: OPTS, answer: 'B' });
    await waitFor(() => expect((byRole('textbox', '选项A内容') as HTMLInputElement).value).toBe('路飞'));
    fireEvent.change(byRole('textbox', '选项A内容'), { target: { value: '' } });
    await u.click(byRole('button', /确\s*定/));
    expect(await screen.findByText('选项A的内容不能为空')).toBeTruthy();
    expect(mocked.put).not.toHaveBeenCalled();
  });

  it('a fill-in question has no options table and sends no options', async () => {
    mocked.put.mockResolvedValue(res(null, '编辑成功!'));
    const u = user();
    renderModal({ id: '13', title: '路飞的梦想是成为？', questionType: 4, options: null, answer: '海贼王' });
    await waitFor(() => expect(screen.getByText('填空题填标准答案')).toBeTruthy());
    expect(screen.queryByText('答案说明')).toBeNull();
    expect(screen.queryByRole('button', { name: /添加选项/, hidden: true })).toBeNull();
    await u.click(byRole('button', /确\s*定/));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledTimes(1));
    expect(mocked.put.mock.calls[0]![1]).toMatchObject({ id: '13', options: '', answer: '海贼王' });
  });
});
