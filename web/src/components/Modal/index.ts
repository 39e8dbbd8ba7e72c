export { DraggableModal, type DraggableModalProps } from './DraggableModal';
export { DetailModal, DETAIL_MODAL_WIDTH } from './DetailModal';
export { canDrag, dragOffset } from './drag';
