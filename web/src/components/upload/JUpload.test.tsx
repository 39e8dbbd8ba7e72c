import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpError } from '../../api/request';
import { closeAntdOverlays } from '../../test/antdOverlays';
import { FileUpload, ImageUpload } from './JUpload';

// the real HttpError (its status and data are what the widget reads), a mocked transport
vi.mock('../../api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

afterEach(async () => {
  await closeAntdOverlays();
  vi.mocked(http.upload).mockReset();
});

const TOO_LARGE = '文件大小超出10MB限制, 请压缩或降低文件质量! ';
const stored = (path: string) => ({ success: true, code: 0, message: path, result: null, timestamp: 0 });
const refused = (message?: string) => ({ success: false, code: 500, message: message as string, result: null, timestamp: 0 });
const input = () => document.querySelector('input[type=file]') as HTMLInputElement;
const pdf = (name = 'a.pdf', size = 3) => new File(['x'.repeat(size)], name, { type: 'application/pdf' });
const png = (name: string) => new File(['png'], name, { type: 'image/png' });

/** A promise the test settles by hand, to hold an upload in flight. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('upload widgets: the call (001 §7, contract §7.1)', () => {
  it('sends file, biz (default temp) and isup=1, silently and with the long upload timeout, and emits the stored path', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    vi.mocked(http.upload).mockResolvedValue(stored('temp/20261123/ab.pdf'));
    render(<FileUpload onChange={onChange} />);
    expect(screen.getByRole('button', { name: /点击上传/ })).toBeInTheDocument();
    await user.upload(input(), pdf('合同.pdf'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('temp/20261123/ab.pdf'));
    const [url, form, opts] = vi.mocked(http.upload).mock.calls[0];
    expect(url).toBe('/sys/common/upload');
    expect((form.get('file') as File).name).toBe('合同.pdf');
    expect(form.get('biz')).toBe('temp');
    expect(form.get('isup')).toBe('1');
    expect(opts?.silent).toBe(true);
    expect(opts?.timeout).toBeGreaterThanOrEqual(10 * 60 * 1000); // not the 9 s of ordinary calls
    expect(await screen.findByText('合同.pdf')).toBeInTheDocument();
  });

  it('sends the given biz', async () => {
    vi.mocked(http.upload).mockResolvedValue(stored('avatar/1/a.png'));
    render(<ImageUpload biz="avatar" />);
    await userEvent.setup().upload(input(), png('me.png'));
    await waitFor(() => expect(http.upload).toHaveBeenCalled());
    expect(vi.mocked(http.upload).mock.calls[0][1].get('biz')).toBe('avatar');
    expect(screen.getByText('上传')).toBeInTheDocument(); // 001 §9 image button text
  });

  it('return-url off emits the records [{fileName, filePath, fileSize}] and reads them back', async () => {
    const onChange = vi.fn();
    vi.mocked(http.upload).mockResolvedValue(stored('temp/1/x.pdf'));
    const { unmount } = render(<FileUpload returnUrl={false} onChange={onChange} />);
    await userEvent.setup().upload(input(), pdf('报告.pdf', 42));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([{ fileName: '报告.pdf', filePath: 'temp/1/x.pdf', fileSize: 42 }]));
    unmount();
    render(<FileUpload returnUrl={false} value={[{ fileName: '报告.pdf', filePath: 'temp/1/x.pdf', fileSize: 42 }]} />);
    expect(screen.getByText('报告.pdf').closest('a')?.getAttribute('href')).toBe('/jeecg-boot/sys/common/static/temp/1/x.pdf');
  });
});

describe('upload widgets: states (001 §4)', () => {
  it('emits the path value only once every file is done', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const first = deferred<ReturnType<typeof stored>>();
    const second = deferred<ReturnType<typeof stored>>();
    vi.mocked(http.upload).mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    render(<FileUpload onChange={onChange} />);
    await user.upload(input(), [pdf('1.pdf'), pdf('2.pdf')]);
    await waitFor(() => expect(http.upload).toHaveBeenCalledTimes(2));
    expect(screen.getAllByText('上传中...')).toHaveLength(2);
    first.resolve(stored('temp/1/one.pdf'));
    await waitFor(() => expect(screen.getAllByText('上传中...')).toHaveLength(1));
    expect(onChange).not.toHaveBeenCalled();
    second.resolve(stored('temp/1/two.pdf'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('temp/1/one.pdf,temp/1/two.pdf'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('with number > 0 keeps only the last N files (001 §5)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ImageUpload number={2} onChange={onChange} />);
    for (const n of [1, 2, 3]) {
      vi.mocked(http.upload).mockResolvedValueOnce(stored(`temp/1/p${n}.png`));
      await user.upload(input(), png(`p${n}.png`));
      await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(n === 1 ? 'temp/1/p1.png' : `temp/1/p${n - 1}.png,temp/1/p${n}.png`));
    }
    expect(screen.getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['p2.png', 'p3.png']);
  });

  it('a done file offers download, delete and the more-options dialog', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<FileUpload value="temp/1/a.pdf,temp/1/b.pdf" onChange={onChange} />);
    const rows = () => document.querySelectorAll('li[data-status="done"]');
    expect(rows()).toHaveLength(2);
    const first = rows()[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: '下载' }).getAttribute('href')).toBe('/jeecg-boot/sys/common/static/temp/1/a.pdf');

    await user.click(within(first).getByRole('button', { name: '更多' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('更多操作')).toBeInTheDocument();
    expect(within(dialog).getByText('a.pdf')).toBeInTheDocument();
    expect(within(dialog).getByText('temp/1/a.pdf')).toBeInTheDocument();
    expect(
      within(dialog)
        .getByRole('link', { name: /下\s*载/ })
        .getAttribute('href'),
    ).toBe('/jeecg-boot/sys/common/static/temp/1/a.pdf');
    await user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('temp/1/b.pdf'));

    await user.click(within(rows()[0] as HTMLElement).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
    expect(rows()).toHaveLength(0);
  });

  it('a disabled widget offers no delete', () => {
    render(<FileUpload value="temp/1/a.pdf" disabled />);
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });
});

describe('upload widgets: failures (001 §5, §8)', () => {
  it('not an image: 请上传图片, nothing is sent', async () => {
    render(<ImageUpload />);
    await userEvent.setup({ applyAccept: false }).upload(input(), new File(['t'], 'a.txt', { type: 'text/plain' }));
    expect(await screen.findByText('请上传图片')).toBeInTheDocument();
    expect(http.upload).not.toHaveBeenCalled();
  });

  it('a refused file: the {name} 上传失败. toast, an error icon with the 上传失败 tooltip, and the 上传出错 dialog with the message', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    vi.mocked(http.upload).mockResolvedValue(refused('上传失败，存在非法文件类型：exe'));
    render(<FileUpload onChange={onChange} />);
    await user.upload(input(), new File(['x'], 'x.exe'));
    expect(await screen.findByText('x.exe 上传失败.')).toBeInTheDocument();
    const icon = await screen.findByRole('button', { name: '上传出错' });
    await user.hover(icon);
    expect(await screen.findByText('上传失败')).toBeInTheDocument();
    await user.click(icon);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.ant-modal-confirm-title')?.textContent).toBe('上传出错');
    expect(within(dialog).getByText('上传失败，存在非法文件类型：exe')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled(); // an error item keeps the value from being emitted
  });

  it.each([
    ['a refusal without a message', () => Promise.resolve(refused()), '未知错误'],
    ['HTTP 413 with the contract envelope', () => Promise.reject(new HttpError(TOO_LARGE, 413, refused(TOO_LARGE))), TOO_LARGE],
    ['an HTTP error without an envelope', () => Promise.reject(new HttpError('HTTP 502', 502, undefined)), '未知错误'],
    ['a timeout', () => Promise.reject(new HttpError('timeout of 600000ms exceeded', undefined, undefined, true)), '上传失败'],
    ['a network failure', () => Promise.reject(new HttpError('Failed to fetch')), '上传失败'],
  ])('%s: the 上传出错 dialog shows the mapped text, never the transport text', async (label, reply, text) => {
    const user = userEvent.setup();
    vi.mocked(http.upload).mockImplementation(reply as () => Promise<never>);
    render(<ImageUpload />);
    const name = `${label.length}-${text.length}.png`; // a name of its own: antd's static toasts fade out across tests
    await user.upload(input(), png(name));
    expect(await screen.findByText(`${name} 上传失败.`)).toBeInTheDocument();
    // the previous test's dialog may still be fading out (a loaded machine read it once): wait for a new one
    const earlier = new Set(screen.queryAllByRole('dialog'));
    await user.click(await screen.findByRole('button', { name: '上传出错' }));
    const dialog = await waitFor(() => {
      const fresh = screen.getAllByRole('dialog').filter((d) => !earlier.has(d));
      expect(fresh).toHaveLength(1);
      return fresh[0];
    });
    expect(dialog.querySelector('.ant-modal-confirm-content')?.textContent).toBe(text);
    expect(dialog.textContent).not.toMatch(/timeout|exceeded|Failed to fetch|HTTP/);
  });
});
