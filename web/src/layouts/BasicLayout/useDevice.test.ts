import { describe, expect, it } from 'vitest';
import { deviceFor } from './useDevice';

describe('deviceFor (000 §2 device mode)', () => {
  it('below 768 px is mobile, below 1088 px a desktop with a collapsed sider, otherwise desktop', () => {
    expect(deviceFor(320)).toBe('mobile');
    expect(deviceFor(767)).toBe('mobile');
    expect(deviceFor(768)).toBe('tablet');
    expect(deviceFor(1087)).toBe('tablet');
    expect(deviceFor(1088)).toBe('desktop');
    expect(deviceFor(1920)).toBe('desktop');
  });
});
