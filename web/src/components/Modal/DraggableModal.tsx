/**
 * antd Modal that can be dragged by its title and, with `switchFullscreen`, toggled to fullscreen from a title
 * button (001 §2: JeecgBoot JModal). Dragging is off in fullscreen; leaving fullscreen returns to the centre.
 *
 * @example <DraggableModal open title="编辑" onCancel={close} switchFullscreen>…</DraggableModal>
 */
import { useRef, useState } from 'react';
import { Button, Modal, Tooltip, type ModalProps } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { canDrag, dragOffset, type Point } from './drag';

export interface DraggableModalProps extends ModalProps {
  /** Drag by the title (default true). */
  draggable?: boolean;
  /** Show the fullscreen switch in the title. */
  switchFullscreen?: boolean;
  /** Controlled fullscreen state; `defaultFullscreen` for the uncontrolled start. */
  fullscreen?: boolean;
  defaultFullscreen?: boolean;
  onFullscreenChange?: (fullscreen: boolean) => void;
}

export function DraggableModal({
  draggable = true,
  switchFullscreen = false,
  fullscreen: fullscreenProp,
  defaultFullscreen = false,
  onFullscreenChange,
  title,
  width,
  style,
  styles,
  modalRender,
  ...rest
}: DraggableModalProps) {
  const [innerFull, setInnerFull] = useState(defaultFullscreen);
  const fullscreen = fullscreenProp ?? innerFull;
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const boxRef = useRef<HTMLDivElement>(null);
  const dragAllowed = canDrag(draggable, fullscreen);

  const toggle = () => {
    const next = !fullscreen;
    setInnerFull(next);
    setOffset({ x: 0, y: 0 });
    onFullscreenChange?.(next);
  };

  const onPointerDown = (e: React.PointerEvent) => {
    if (!dragAllowed || e.button !== 0 || !boxRef.current) return;
    const origin = offset;
    const from = { x: e.clientX, y: e.clientY };
    const box = boxRef.current.getBoundingClientRect();
    const rect = { left: box.left, top: box.top, width: box.width, height: box.height };
    const move = (ev: PointerEvent) =>
      setOffset(dragOffset(origin, from, { x: ev.clientX, y: ev.clientY }, rect, { width: window.innerWidth, height: window.innerHeight }));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    e.preventDefault();
  };

  const header = (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginRight: 28 }}>
      <div onPointerDown={onPointerDown} data-testid="modal-drag-handle" style={{ flex: 1, cursor: dragAllowed ? 'move' : 'default', userSelect: 'none' }}>
        {title}
      </div>
      {switchFullscreen && (
        <Tooltip title={fullscreen ? '退出全屏' : '全屏'}>
          <Button
            type="text"
            size="small"
            aria-label={fullscreen ? '退出全屏' : '全屏'}
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={toggle}
          />
        </Tooltip>
      )}
    </div>
  );

  const shift = fullscreen ? undefined : `translate(${offset.x}px, ${offset.y}px)`;
  return (
    <Modal
      {...rest}
      title={header}
      width={fullscreen ? '100vw' : width}
      style={fullscreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0, margin: 0 } : style}
      styles={fullscreen ? { ...styles, body: { ...(styles as { body?: React.CSSProperties } | undefined)?.body, minHeight: 'calc(100vh - 122px)' } } : styles}
      modalRender={(node) => (
        <div ref={boxRef} style={{ transform: shift }} data-fullscreen={fullscreen ? 'true' : 'false'}>
          {modalRender ? modalRender(node) : node}
        </div>
      )}
    />
  );
}
