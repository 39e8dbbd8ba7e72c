import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { showResult } from './notify';
import { useFormSubmit, type FormSubmitOptions } from './useFormSubmit';

vi.mock('./notify', () => ({ showResult: vi.fn() }));

const shown = vi.mocked(showResult);

type Envelope = { success: boolean; message: string };

/** A promise the test settles by hand, to look at the hook while the call is under way. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(opts: Partial<FormSubmitOptions<{ name: string }>> = {}) {
  const options = {
    validate: vi.fn(() => Promise.resolve({ name: 'dev' })),
    send: vi.fn((_v: { name: string }) => Promise.resolve<Envelope>({ success: true, message: '添加成功！' })),
    onSuccess: vi.fn(),
    ...opts,
  };
  const hook = renderHook(() => useFormSubmit(options));
  return { ...options, hook };
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('useFormSubmit', () => {
  it('sends nothing and shows nothing when the values are not valid', async () => {
    const { send, onSuccess, hook } = setup({ validate: () => Promise.reject(new Error('invalid')) });
    await act(() => hook.result.current.submit());
    expect(send).not.toHaveBeenCalled();
    expect(shown).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(hook.result.current.busy).toBe(false);
  });

  it('sends the validated values, is busy meanwhile, shows the message, then runs onSuccess', async () => {
    const call = deferred<Envelope>();
    const order: string[] = [];
    shown.mockImplementation(() => void order.push('message'));
    const { send, onSuccess, hook } = setup({ send: vi.fn(() => call.promise), onSuccess: vi.fn(() => void order.push('success')) });
    let done!: Promise<void>;
    act(() => {
      done = hook.result.current.submit();
    });
    await vi.waitFor(() => expect(hook.result.current.busy).toBe(true));
    expect(hook.result.current.modalProps.confirmLoading).toBe(true);
    expect(send).toHaveBeenCalledWith({ name: 'dev' });
    expect(onSuccess).not.toHaveBeenCalled();
    await act(async () => {
      call.resolve({ success: true, message: '添加成功！' });
      await done;
    });
    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledWith({ success: true, message: '添加成功！' });
    expect(order).toEqual(['message', 'success']);
    expect(hook.result.current.busy).toBe(false);
    expect(hook.result.current.modalProps.confirmLoading).toBe(false);
  });

  it('shows a failure envelope once and keeps the dialog open', async () => {
    const { onSuccess, hook } = setup({ send: () => Promise.resolve({ success: false, message: '职务编码已存在' }) });
    await act(() => hook.result.current.submit());
    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledWith({ success: false, message: '职务编码已存在' });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(hook.result.current.busy).toBe(false);
  });

  it('leaves an HTTP error to the request client (not shown again) and ends busy', async () => {
    const { onSuccess, hook } = setup({ send: () => Promise.reject(new Error('Network Error')) });
    await act(() => hook.result.current.submit()); // does not reject
    expect(shown).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(hook.result.current.busy).toBe(false);
  });

  it('stays busy until an async onSuccess (a reload) has finished', async () => {
    const reload = deferred<void>();
    const { hook } = setup({ onSuccess: () => reload.promise });
    let done!: Promise<void>;
    act(() => {
      done = hook.result.current.submit();
    });
    await vi.waitFor(() => expect(shown).toHaveBeenCalled());
    expect(hook.result.current.busy).toBe(true);
    await act(async () => {
      reload.resolve();
      await done;
    });
    expect(hook.result.current.busy).toBe(false);
  });

  it('gives the dialog footer: 确定 / 取消 without inserted space, 确定 submits', async () => {
    const { send, hook } = setup();
    const p = hook.result.current.modalProps;
    expect(p).toMatchObject({
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { autoInsertSpace: false },
      cancelButtonProps: { autoInsertSpace: false },
      confirmLoading: false,
    });
    await act(async () => {
      p.onOk({} as never);
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    });
  });
});
