/** 搜索菜单 (000 §2 "Menu search"): a Select over the visible, non-container menu entries; a modal on mobile. */
import { useMemo, useState } from 'react';
import { Button, Modal, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { filterSearch, searchOptions, type SearchOption } from '../../access/menu';
import type { AppRoute, MenuNode } from '../../access/types';

export function MenuSearch({ menu, routes, mobile }: { menu: MenuNode[]; routes: AppRoute[]; mobile: boolean }) {
  const navigate = useNavigate();
  const options = useMemo(() => searchOptions(menu, routes, window), [menu, routes]);
  const [input, setInput] = useState('');
  const [modalOpen, setModalOpen] = useState(false);
  const shown = useMemo(() => filterSearch(options, input), [options, input]);

  const pick = (value: string) => {
    const o: SearchOption | undefined = options.find((x) => x.value === value);
    setInput('');
    setModalOpen(false);
    if (!o) return;
    if (o.external && o.url) window.open(o.url, '_blank', 'noopener');
    else navigate(o.path);
  };

  const select = (
    <Select
      showSearch={{ filterOption: false, onSearch: setInput, searchValue: input }}
      value={null}
      placeholder="搜索菜单"
      aria-label="搜索菜单"
      data-testid="menu-search"
      style={{ width: mobile ? '100%' : 180 }}
      options={shown.map((o) => ({ value: o.value, label: o.label }))}
      onChange={(v: string | null) => v && pick(v)}
      notFoundContent="无匹配菜单"
      suffixIcon={<SearchOutlined />}
      variant="borderless"
      popupMatchSelectWidth={220}
    />
  );
  if (!mobile) return <span className="header-action header-search">{select}</span>;
  return (
    <>
      <Button type="text" icon={<SearchOutlined />} aria-label="搜索菜单" onClick={() => setModalOpen(true)} />
      <Modal title="搜索菜单" open={modalOpen} footer={null} onCancel={() => setModalOpen(false)} destroyOnHidden>
        {select}
      </Modal>
    </>
  );
}
