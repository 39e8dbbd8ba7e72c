/**
 * Row actions and toolbar buttons of a list as schema entries (one entry per action, each with its permission
 * code), rendered by RemoteTable: an entry shows only when its `perm` is granted (access/usePermission) and, for a
 * row, when `visible(row)` holds — publish / revoke or freeze / unfreeze are two entries, never a copied render
 * function. `confirm` as a string asks with a Popconfirm (row) or a 确认操作 dialog (toolbar); as
 * `{ title, content }` with a confirm dialog.
 *
 * @example
 *   const ROW: RowAction<User>[] = [
 *     { key: 'freeze', label: '冻结', perm: 'user:frozen', visible: (r) => r.status !== '2',
 *       confirm: { title: '确认操作', content: '确定冻结吗?' }, onClick: (r, ctx) => freeze(r, ctx) },
 *   ];
 */
import type { ReactNode } from 'react';
import { Button, Divider, Popconfirm, Space } from 'antd';
import { confirm as confirmDialog } from './notify';

export interface ActionConfirm {
  title: string;
  content: ReactNode;
}

/** What an action's handler can use (the list controller and ListPage's context both are one). */
export interface ListActionContext {
  /** Re-runs the list request with the current filters, sort and page. */
  reload: () => void;
  selectedRowKeys: string[];
}

interface ActionBase {
  key: string;
  label: ReactNode;
  /** The permission code that shows the entry (none: always shown). */
  perm?: string;
  icon?: ReactNode;
  danger?: boolean;
}

export interface RowAction<T, C extends ListActionContext = ListActionContext> extends ActionBase {
  /** Shown for this row only when it holds (e.g. 发布 for a draft). */
  visible?: (row: T) => boolean;
  /** Asked before `onClick`: a string is a Popconfirm title, `{ title, content }` a confirm dialog. */
  confirm?: string | ActionConfirm | ((row: T) => string | ActionConfirm);
  onClick: (row: T, ctx: C) => unknown;
}

export interface ToolbarAction<C extends ListActionContext = ListActionContext> extends ActionBase {
  /** Filled (primary) button. */
  primary?: boolean;
  /** Acts on the selected rows: shown only while rows are selected; `onClick` gets their keys. */
  selection?: boolean;
  loading?: boolean;
  /** Asked before `onClick`: a string is the content of a 确认操作 dialog. */
  confirm?: string | ActionConfirm | ((keys: string[]) => string | ActionConfirm);
  onClick: (keys: string[], ctx: C) => unknown;
}

type Has = (perm: string) => boolean;

const granted = (has: Has, a: ActionBase) => !a.perm || has(a.perm);

function ask(question: string | ActionConfirm, run: () => unknown): void {
  const { title, content } = typeof question === 'string' ? { title: '确认操作', content: question } : question;
  confirmDialog({ title, content, onOk: async () => void (await run()) });
}

/** The row actions granted to the caller (for deciding whether the action column exists at all). */
export function grantedRowActions<T, C extends ListActionContext>(actions: readonly RowAction<T, C>[] | undefined, has: Has): RowAction<T, C>[] {
  return (actions ?? []).filter((a) => granted(has, a));
}

/** The links of one row: the granted, visible entries separated by dividers, then `extra`. */
export function RowActionLinks<T, C extends ListActionContext>({
  row,
  actions,
  ctx,
  extra,
}: {
  row: T;
  actions: readonly RowAction<T, C>[];
  ctx: C;
  extra?: ReactNode;
}): ReactNode {
  return (
    <Space size={0} separator={<Divider orientation="vertical" />}>
      {actions
        .filter((a) => !a.visible || a.visible(row))
        .map((a) => {
          const question = typeof a.confirm === 'function' ? a.confirm(row) : a.confirm;
          const run = () => a.onClick(row, ctx);
          if (typeof question === 'string') {
            return (
              <Popconfirm key={a.key} title={question} okText="确定" cancelText="取消" onConfirm={async () => void (await run())}>
                <Button type="link" size="small" danger={a.danger} icon={a.icon}>
                  {a.label}
                </Button>
              </Popconfirm>
            );
          }
          return (
            <Button key={a.key} type="link" size="small" danger={a.danger} icon={a.icon} onClick={() => (question ? ask(question, run) : void run())}>
              {a.label}
            </Button>
          );
        })}
      {extra}
    </Space>
  );
}

/** The granted toolbar buttons (selection buttons only while rows are selected). */
/** The toolbar entries the user sees now: granted, and those that act on a selection only while rows are selected. */
export function shownToolbar<C extends ListActionContext>(actions: readonly ToolbarAction<C>[], ctx: C, has: Has): ToolbarAction<C>[] {
  return actions.filter((a) => granted(has, a) && (!a.selection || ctx.selectedRowKeys.length > 0));
}

export function ToolbarButtons<C extends ListActionContext>({ actions, ctx, has }: { actions: readonly ToolbarAction<C>[]; ctx: C; has: Has }): ReactNode {
  const keys = ctx.selectedRowKeys;
  return (
    <>
      {shownToolbar(actions, ctx, has).map((a) => (
        <Button
          key={a.key}
          type={a.primary ? 'primary' : undefined}
          danger={a.danger}
          icon={a.icon}
          loading={a.loading}
          onClick={() => {
            const picked = [...keys];
            const question = typeof a.confirm === 'function' ? a.confirm(picked) : a.confirm;
            const run = () => a.onClick(picked, ctx);
            if (question) ask(question, run);
            else void run();
          }}
        >
          {a.label}
        </Button>
      ))}
    </>
  );
}
