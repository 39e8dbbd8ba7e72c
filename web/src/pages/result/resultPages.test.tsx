import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppRoutes } from '../../app/AppRoutes';
import { useSession } from '../../store/session';
import { views } from '../../views/registry';
import { closeAntdOverlays } from '../../test/antdOverlays';
import Exception403 from '../exception/Exception403';
import Exception404 from '../exception/Exception404';
import Exception500 from '../exception/Exception500';
import Success from './Success';
import ResultError from './Error';
import { RESULT_MSG } from './ResultPage';

vi.mock('../../api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function inRouter(ui: React.ReactNode, at = '/somewhere') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

afterEach(async () => {
  // (cleanupPage does not wait for the overlays' act: the next test's render would land inside it)
  await closeAntdOverlays();
  cleanup();
  vi.clearAllMocks();
  sessionStorage.clear();
  localStorage.clear();
  useSession.setState({ token: null, routes: null });
});

describe('exception pages (000 §2: 403, 404, 500)', () => {
  it.each([
    [Exception403, '403', '抱歉，你无权访问该页面'],
    [Exception404, '404', '抱歉，你访问的页面不存在或仍在开发中'],
    [Exception500, '500', '抱歉，服务器出错了'],
  ])('%#: shows its code and text, 返回首页 goes to the landing page', (Page, code, text) => {
    inRouter(<Page />);
    expect(screen.getByText(code)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/analysis');
  });

  it('are pages of the registry (a menu row may open them)', () => {
    for (const c of ['exception/403', 'exception/404', 'exception/500', 'result/Success', 'result/Error']) expect(views[c], c).toBeTypeOf('function');
  });
});

describe('result pages (000 §2: success, fail)', () => {
  it('success: title, detail, 返回首页', () => {
    inRouter(<Success />);
    expect(screen.getByText(RESULT_MSG.successTitle)).toBeTruthy();
    expect(screen.getByText(RESULT_MSG.successDetail)).toBeTruthy();
    expect(document.querySelector('.ant-result-success')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/analysis');
  });

  it('fail: title, reasons, 返回修改 goes back', () => {
    render(
      <MemoryRouter initialEntries={['/form', '/result/fail']}>
        <Routes>
          <Route path="/result/fail" element={<ResultError />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByText(RESULT_MSG.failTitle)).toBeTruthy();
    expect(screen.getByText(RESULT_MSG.failReason1)).toBeTruthy();
    expect(document.querySelector('.ant-result-error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: RESULT_MSG.back }));
    expect(screen.getByTestId('where').textContent).toBe('/form');
  });
});

describe('/test (000 §2: redirects to /test/home)', () => {
  it('a signed-in user reaches /test/home from /test through the app route table', async () => {
    useSession.setState({ token: 'token', routes: [] });
    render(
      <MemoryRouter initialEntries={['/test']}>
        <AppRoutes />
        <Where />
      </MemoryRouter>,
    );
    expect(await screen.findByText('测试页')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/test/home');
  });

  it('without a session /test/home goes to the login page with the redirect (000 §4 rule 4)', async () => {
    useSession.setState({ token: null, routes: null });
    render(
      <MemoryRouter initialEntries={['/test/home']}>
        <AppRoutes />
        <Where />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/user/login'));
  });
});
