/**
 * Drag-slider verification (001 §2): a track with a handle; drag it fully right and the text changes from the
 * prompt to the verified text and `onSuccess` fires; releasing early resets. One way: it cannot be undone.
 *
 * @example <SliderVerify onSuccess={() => setVerified(true)} />
 */
import { useEffect, useRef, useState } from 'react';
import { CheckCircleFilled, DoubleRightOutlined } from '@ant-design/icons';
import { SLIDER_TEXT, initialSlider, sliderDown, sliderMove, sliderText, sliderUp, type SliderState } from './slider';

export interface SliderVerifyProps {
  onSuccess?: () => void;
  text?: string;
  successText?: string;
  width?: number;
  height?: number;
}

export function SliderVerify({ onSuccess, text = SLIDER_TEXT.prompt, successText = SLIDER_TEXT.verified, width = 300, height = 40 }: SliderVerifyProps) {
  const [state, setState] = useState<SliderState>(initialSlider);
  const stateRef = useRef(state);
  stateRef.current = state;
  const max = width - height;
  const reported = useRef(false);

  useEffect(() => {
    if (state.verified && !reported.current) {
      reported.current = true;
      onSuccess?.();
    }
  }, [state.verified, onSuccess]);

  const onPointerDown = (e: React.PointerEvent) => {
    if (stateRef.current.verified) return;
    e.preventDefault();
    setState((s) => sliderDown(s, e.clientX));
    const move = (ev: PointerEvent) => setState((s) => sliderMove(s, ev.clientX, max));
    const up = () => {
      setState((s) => sliderUp(s, max));
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const label = sliderText(state, text, successText);
  return (
    <div
      data-testid="slider-verify"
      data-verified={state.verified ? 'true' : 'false'}
      role="group"
      aria-label="滑块验证"
      style={{
        position: 'relative',
        width,
        height,
        lineHeight: `${height}px`,
        background: '#e8e8e8',
        borderRadius: 2,
        userSelect: 'none',
        textAlign: 'center',
      }}
    >
      <div
        style={{
          position: 'absolute',
          left: 0,
          top: 0,
          bottom: 0,
          width: state.offset + height / 2,
          background: '#7ac23c',
          transition: state.dragging ? 'none' : 'width .2s',
        }}
      />
      <span style={{ position: 'relative', color: state.verified ? '#fff' : '#666', fontSize: 14 }}>{label}</span>
      <div
        role="slider"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.round(state.offset)}
        data-testid="slider-handle"
        onPointerDown={onPointerDown}
        style={{
          position: 'absolute',
          top: 0,
          left: state.offset,
          width: height,
          height,
          background: '#fff',
          border: '1px solid #ccc',
          cursor: state.verified ? 'default' : 'move',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          transition: state.dragging ? 'none' : 'left .2s',
        }}
      >
        {state.verified ? <CheckCircleFilled style={{ color: '#7ac23c' }} /> : <DoubleRightOutlined style={{ color: '#888' }} />}
      </div>
    </div>
  );
}
