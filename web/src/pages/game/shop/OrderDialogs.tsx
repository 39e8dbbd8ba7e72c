/**
 * The dialogs of 订单 (issue 13 point 8): 下单 (a player, a goods on sale, the quantity and how to pay; the score part
 * is paid at once), 核销 (a pickup code) and 退款 (a reason). Each sends its endpoint and shows the server's message.
 */
import type { ReactNode } from 'react';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { gameOrderEntity } from '@pk/contract';
import { http } from '../../../api/request';
import { MSG } from '../../../messages';
import { useFormSubmit, type EntityRow } from '../../../crud';
import { SearchSelect } from '../../../components/pickers/SearchSelect';

export const ORDER_UI = {
  create: '下单',
  redeem: '核销',
  refund: '退款',
  cancel: '取消',
  complete: '完成',
  confirmCancel: '确定取消该订单吗？库存与积分将退回',
  confirmComplete: '确定完成该订单吗？',
  user: '用户',
  goods: '商品',
  quantity: '数量',
  payType: '支付方式',
  pickupCode: '取货码',
  reason: '退款原因',
  needUser: MSG.selectUser,
  needGoods: '请选择商品',
  needPickup: '请输入8位取货码',
  needReason: '请输入退款原因',
} as const;

const PAY_OPTIONS = [
  { value: '3', label: '积分' },
  { value: '1', label: '微信支付' },
  { value: 'both', label: '现金+积分' },
];

interface CreateValues {
  userId: string;
  goodsId: string;
  quantity: number;
  payType: string;
}

export function CreateOrderModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }): ReactNode {
  const [form] = Form.useForm<CreateValues>();
  const { modalProps } = useFormSubmit<CreateValues>({
    validate: () => form.validateFields(),
    send: (v) => http.post<unknown>(`${gameOrderEntity.api}/create`, v),
    onSuccess: () => {
      form.resetFields();
      onClose();
      onDone();
    },
  });
  return (
    <Modal title={ORDER_UI.create} open={open} onCancel={onClose} destroyOnHidden forceRender {...modalProps}>
      <Form form={form} name="game-order-create" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} initialValues={{ quantity: 1, payType: '3' }}>
        <Form.Item name="userId" label={ORDER_UI.user} rules={[{ required: true, message: ORDER_UI.needUser }]}>
          <SearchSelect dict="book_user,nickname,id" debounce={300} placeholder={ORDER_UI.needUser} testId="order-user" />
        </Form.Item>
        <Form.Item name="goodsId" label={ORDER_UI.goods} rules={[{ required: true, message: ORDER_UI.needGoods }]}>
          <SearchSelect dict="goods,goods_name,id" debounce={300} placeholder={ORDER_UI.needGoods} testId="order-goods" />
        </Form.Item>
        <Form.Item name="quantity" label={ORDER_UI.quantity} rules={[{ required: true }]}>
          <InputNumber min={1} max={999} precision={0} />
        </Form.Item>
        <Form.Item name="payType" label={ORDER_UI.payType} rules={[{ required: true }]}>
          <Select options={PAY_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function RedeemModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }): ReactNode {
  const [form] = Form.useForm<{ pickupCode: string }>();
  const { modalProps } = useFormSubmit<{ pickupCode: string }>({
    validate: () => form.validateFields(),
    send: (v) => http.post<unknown>(`${gameOrderEntity.api}/redeem`, { pickupCode: v.pickupCode.trim() }),
    onSuccess: () => {
      form.resetFields();
      onClose();
      onDone();
    },
  });
  return (
    <Modal title={ORDER_UI.redeem} open={open} onCancel={onClose} destroyOnHidden forceRender {...modalProps}>
      <Form form={form} name="game-order-redeem" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item name="pickupCode" label={ORDER_UI.pickupCode} rules={[{ required: true, whitespace: true, len: 8, message: ORDER_UI.needPickup }]}>
          <Input maxLength={8} placeholder={ORDER_UI.needPickup} autoComplete="off" style={{ textTransform: 'uppercase' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function RefundModal({ order, onClose, onDone }: { order: EntityRow | null; onClose: () => void; onDone: () => void }): ReactNode {
  const [form] = Form.useForm<{ reason: string }>();
  const { modalProps } = useFormSubmit<{ reason: string }>({
    validate: () => form.validateFields(),
    send: (v) => http.post<unknown>(`${gameOrderEntity.api}/refund`, { id: String(order?.id ?? ''), reason: v.reason.trim() }),
    onSuccess: () => {
      form.resetFields();
      onClose();
      onDone();
    },
  });
  return (
    <Modal title={`${ORDER_UI.refund} ${String(order?.orderNo ?? '')}`} open={!!order} onCancel={onClose} destroyOnHidden forceRender {...modalProps}>
      <Form form={form} name="game-order-refund" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item name="reason" label={ORDER_UI.reason} rules={[{ required: true, whitespace: true, message: ORDER_UI.needReason }]}>
          <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
