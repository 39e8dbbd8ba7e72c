/**
 * Details dialog (001 §2, §9): width 1200, draggable, with a fullscreen switch; the footer has only 关闭 unless
 * a footer is given.
 *
 * @example <DetailModal open title="详情" onCancel={close}><Descriptions … /></DetailModal>
 */
import { Button } from 'antd';
import { DraggableModal, type DraggableModalProps } from './DraggableModal';
import { MSG } from '../../messages';

/** 001 §9: details 1200. */
export const DETAIL_MODAL_WIDTH = 1200;

export function DetailModal({ width = DETAIL_MODAL_WIDTH, footer, onCancel, ...rest }: DraggableModalProps) {
  return (
    <DraggableModal
      width={width}
      switchFullscreen
      onCancel={onCancel}
      footer={footer === undefined ? <Button onClick={(e) => onCancel?.(e as React.MouseEvent<HTMLButtonElement>)}>{MSG.close}</Button> : footer}
      {...rest}
    />
  );
}
