export { SliderVerify, type SliderVerifyProps } from './SliderVerify';
export { SLIDER_TEXT, initialSlider, sliderDown, sliderMove, sliderText, sliderUp, type SliderState } from './slider';
