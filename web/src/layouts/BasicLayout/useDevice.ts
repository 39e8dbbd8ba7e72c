import { useEffect, useState } from 'react';

export type Device = 'mobile' | 'tablet' | 'desktop';

/** 000 §2 device mode: below 768px mobile; below 1088px desktop with a collapsed sidebar ("tablet"). */
export function deviceFor(width: number): Device {
  if (width < 768) return 'mobile';
  if (width < 1088) return 'tablet';
  return 'desktop';
}

export function useDevice(): Device {
  const [device, setDevice] = useState<Device>(() => deviceFor(window.innerWidth));
  useEffect(() => {
    const on = () => setDevice(deviceFor(window.innerWidth));
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return device;
}
