/**
 * 只在 Wi-Fi 下上传视频: a setting of this device (not of the account: a phone on a data plan and a
 * laptop on office Wi-Fi decide differently). Honoured where the browser says what the connection
 * is (Chromium on Android: `navigator.connection.type`); where it does not (iOS, desktop browsers),
 * videos upload as usual and the setting says so.
 */

const KEY = 'cjfc.upload.video-wifi-only';
/** The choice where the browser keeps no storage (private mode): for this visit only. */
let visitChoice: boolean | undefined;

/** What the browser tells of the connection: Wi-Fi (or a cable), a mobile network, or nothing. */
export type ConnectionKind = 'wifi' | 'mobile' | 'unknown';

interface NetworkInformationLike extends EventTarget {
  type?: string;
}

function networkInformation(): NetworkInformationLike | undefined {
  return (globalThis.navigator as { connection?: NetworkInformationLike } | undefined)?.connection;
}

/** The connection's kind, as the browser tells it (Network Information API). */
export function connectionKind(): ConnectionKind {
  const type = networkInformation()?.type;
  if (type === 'wifi' || type === 'ethernet') return 'wifi';
  if (type === 'cellular' || type === 'bluetooth' || type === 'wimax') return 'mobile';
  return 'unknown';
}

/** Whether a video may upload now: always, unless the setting is on and this is a mobile network. */
export function mayUploadVideo(wifiOnly: boolean, kind: ConnectionKind): boolean {
  return !wifiOnly || kind !== 'mobile';
}

export function videoWifiOnly(): boolean {
  if (visitChoice !== undefined) return visitChoice;
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

export function setVideoWifiOnly(on: boolean): void {
  try {
    if (on) localStorage.setItem(KEY, 'true');
    else localStorage.removeItem(KEY);
    visitChoice = undefined;
  } catch {
    visitChoice = on;
  }
}

/** Calls `listener` when the connection's kind may have changed; returns the way to stop. */
export function onConnectionChange(listener: () => void): () => void {
  const info = networkInformation();
  if (!info) return () => undefined;
  info.addEventListener('change', listener);
  return () => info.removeEventListener('change', listener);
}
