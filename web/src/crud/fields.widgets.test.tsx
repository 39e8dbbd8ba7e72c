import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FieldDef, Result } from '@pk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../api/request';
import { closeAntdOverlays } from '../test/antdOverlays';
import { FieldInput, ImageThumb } from './fields';
import { REF_SELECT } from './RefSelect';

vi.mock('../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
vi.mock('../components/editors', () => ({
  RichTextEditor: (p: { value?: string }) => <div data-testid="rich-editor">{p.value}</div>,
}));

const mocked = vi.mocked(http);
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });

afterEach(async () => {
  mocked.get.mockReset();
  await closeAntdOverlays();
});

const field = (f: Partial<FieldDef>): FieldDef => ({ prop: 'x', label: '字段', type: 'string', ...f });

// Issue 13: FieldDef `widget` and `ref` in the generated form.
describe('FieldInput widgets', () => {
  it('image: the image upload (one picture), images: several, file: the file upload', () => {
    const { unmount } = render(<FieldInput field={field({ widget: 'image', label: '头像' })} />);
    expect(screen.getByText('上传')).toBeInTheDocument();
    unmount();
    const two = render(<FieldInput field={field({ widget: 'images' })} value="temp/a.png,temp/b.png" />);
    expect(two.container.querySelectorAll('img[alt="a.png"]')).toHaveLength(1);
    expect(two.container.querySelectorAll('img[alt="b.png"]')).toHaveLength(1);
    two.unmount();
    render(<FieldInput field={field({ widget: 'file' })} />);
    expect(screen.getByRole('button', { name: /点击上传/ })).toBeInTheDocument();
  });

  it('editor: the rich text editor with the value', () => {
    render(<FieldInput field={field({ widget: 'editor', type: 'text' })} value="<p>介绍</p>" />);
    expect(screen.getByTestId('rich-editor')).toHaveTextContent('<p>介绍</p>');
  });

  it('ref: opening lists the option list, typing searches it (debounced, limit 20), choosing gives the id', async () => {
    mocked.get.mockResolvedValue(
      ok([
        { id: '1', name: '路飞', phone: '13800000001' },
        { id: '2', name: '索隆' },
      ]),
    );
    const onChange = vi.fn();
    const { container } = render(
      <FieldInput field={field({ ref: '/book/user/userList', dict: 'book_user,nickname,id', label: '船长' })} onChange={onChange} />,
    );
    const input = container.querySelector('input') as HTMLInputElement;
    fireEvent.mouseDown(input);
    await waitFor(() => expect(mocked.get).toHaveBeenCalledWith('book/user/userList', { keyword: '', limit: REF_SELECT.limit }));
    expect(await screen.findByTitle('路飞')).toBeInTheDocument();
    mocked.get.mockResolvedValue(ok([{ id: '2', name: '索隆' }]));
    fireEvent.change(input, { target: { value: '索' } });
    fireEvent.change(input, { target: { value: '索隆' } });
    await waitFor(() => expect(mocked.get).toHaveBeenCalledWith('book/user/userList', { keyword: '索隆', limit: 20 }));
    expect(mocked.get.mock.calls.filter((c) => (c[1] as { keyword: string }).keyword === '索')).toHaveLength(0); // debounced
    await act(async () => {
      fireEvent.click(await screen.findByTitle('索隆'));
    });
    expect(onChange).toHaveBeenCalledWith('2', expect.objectContaining({ id: '2', name: '索隆' }));
  });

  it("ref: the current value's text from the row, else from the table dictionary", async () => {
    const { unmount } = render(
      <FieldInput field={field({ ref: '/book/pirateShip/shipList', dict: 'pirate_ship,ship_name,id' })} value="9" valueText="千阳号" />,
    );
    expect(await screen.findByTitle('千阳号')).toBeInTheDocument();
    expect(mocked.get).not.toHaveBeenCalled();
    unmount();
    mocked.get.mockResolvedValue(ok(['黄金梅丽号']));
    render(<FieldInput field={field({ ref: '/book/pirateShip/shipList', dict: 'pirate_ship,ship_name,id' })} value="7" />);
    expect(await screen.findByTitle('黄金梅丽号')).toBeInTheDocument();
    expect(mocked.get).toHaveBeenCalledWith(`sys/dict/loadDictItem/${encodeURIComponent('pirate_ship,ship_name,id')}`, { key: '7' });
  });

  it('image list cell: a small thumbnail of the first picture', () => {
    const { container } = render(<ImageThumb value="temp/a.png,temp/b.png" label="船旗" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/jeecg-boot/sys/common/static/temp/a.png');
    expect(img.getAttribute('alt')).toBe('船旗');
    expect(render(<ImageThumb value={null} />).container.querySelector('img')).toBeNull();
  });
});
