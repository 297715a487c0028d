import { useEffect, useRef, useState } from 'react';
import { FIX_HEARTBEAT_MS, type DriverRun, type PositionFix } from '@school-transport/contracts';
import { FixSampler } from './fix-sampler.js';
import { onBusPosition } from './bus-position.js';

/**
 * While a run is in progress the phone shares where the bus is: the phone's one watch of its
 * position (bus-position.ts, high accuracy), thinned by the FixSampler (every 30 m moving, at most every 10 s; a heartbeat every
 * 20 s standing still, asked of the phone when it reports nothing new), and the screen kept awake
 * (Screen Wake Lock, asked again whenever the page comes back into view: the browser lets it go
 * when the page is hidden). What the driver is told: sharing, or in plain words why not.
 */
export type SharingState = 'off' | 'sharing' | 'denied' | 'unavailable' | 'unsupported';

interface WakeLockSentinelLike {
  release(): Promise<void>;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

function toFix(position: GeolocationPosition): PositionFix {
  const { coords } = position;
  return {
    lat: coords.latitude,
    lng: coords.longitude,
    accuracy: Math.min(coords.accuracy, 100_000),
    speed: coords.speed !== null && Number.isFinite(coords.speed) && coords.speed >= 0 ? Math.min(coords.speed, 100) : null,
    heading: coords.heading !== null && Number.isFinite(coords.heading) && coords.heading >= 0 ? coords.heading % 360 : null,
    at: new Date(position.timestamp || Date.now()).toISOString(),
  };
}

export function usePositionSharing(
  run: { run: DriverRun; date: string } | null,
  share: (run: DriverRun, date: string, fix: PositionFix) => Promise<void>,
): SharingState {
  const [state, setState] = useState<SharingState>('off');
  const shareRef = useRef(share);
  shareRef.current = share;
  const runName = run?.run ?? null;
  const date = run?.date ?? null;

  useEffect(() => {
    if (!runName || !date) {
      setState('off');
      return;
    }
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setState('unsupported');
      return;
    }
    const sampler = new FixSampler();
    let waiting: number | undefined;
    const offer = (position: GeolocationPosition) => {
      setState('sharing');
      const fix = toFix(position);
      const sampled = { lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy, time: Date.parse(fix.at) };
      const verdict = sampler.offer(sampled);
      if (verdict === 'skip') return;
      window.clearTimeout(waiting);
      if (verdict === 'send') {
        void shareRef.current(runName, date, fix);
        return;
      }
      // Moved, but too soon after the last: the newest such fix goes when the 10 seconds are up.
      waiting = window.setTimeout(
        () => {
          sampler.sent(sampled);
          void shareRef.current(runName, date, fix);
        },
        Math.max(0, sampler.due() - Date.now()),
      );
    };
    const failed = (error: GeolocationPositionError) => {
      if (error.code === error.PERMISSION_DENIED) setState('denied');
      else if (error.code === error.POSITION_UNAVAILABLE) setState('unavailable');
    };
    const options = { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 };
    // The same watch the marks read their position from: the phone is asked once.
    const unfollow = onBusPosition({ position: offer, error: failed });
    // Standing still, the phone may report nothing new: it is asked, so the heartbeat goes.
    const heartbeat = window.setInterval(() => navigator.geolocation.getCurrentPosition(offer, failed, options), FIX_HEARTBEAT_MS);

    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
    let lock: WakeLockSentinelLike | null = null;
    let stopped = false;
    const keepAwake = () => {
      if (!wakeLock || document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((sentinel) => {
          if (stopped) void sentinel.release();
          else lock = sentinel;
        })
        // Refused (battery saver, an old browser): the run goes on, the screen may dim.
        .catch(() => undefined);
    };
    keepAwake();
    document.addEventListener('visibilitychange', keepAwake);

    return () => {
      stopped = true;
      window.clearTimeout(waiting);
      unfollow();
      window.clearInterval(heartbeat);
      document.removeEventListener('visibilitychange', keepAwake);
      void lock?.release().catch(() => undefined);
    };
  }, [runName, date]);

  return state;
}
