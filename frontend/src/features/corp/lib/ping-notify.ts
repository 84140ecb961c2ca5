/**
 * Browser notifications for new pings (issue 27): a member who allowed them gets a system
 * notification (the Notification API, no push service) when a ping arrives while the tab is in
 * the background. The choice is the browser's permission plus this browser's opt-in (kept in
 * localStorage, so a member can turn it off without the browser's settings).
 */
import { PING_TYPE_LABELS, type Ping } from '@eve-toolkit/shared-types';
import { etText, localText } from './ping-time';
import { systemLabel } from '../../../shared/system-label';

const OPT_IN_KEY = 'ping_notifications';

/** `insecure`: the browser offers notifications only to HTTPS sites (and localhost). */
export type PingNotifyState = 'unsupported' | 'insecure' | 'denied' | 'off' | 'on';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

function optedIn(): boolean {
  try {
    return window.localStorage.getItem(OPT_IN_KEY) === '1';
  } catch {
    return false;
  }
}

function setOptIn(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(OPT_IN_KEY, '1');
    else window.localStorage.removeItem(OPT_IN_KEY);
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
}

export function pingNotifyState(): PingNotifyState {
  if (!supported()) return typeof window !== 'undefined' && window.isSecureContext === false ? 'insecure' : 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && optedIn() ? 'on' : 'off';
}

/** Asks the browser (from a click) and remembers the opt-in; the resulting state. */
export async function enablePingNotifications(): Promise<PingNotifyState> {
  if (!supported()) return pingNotifyState();
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  setOptIn(permission === 'granted');
  return pingNotifyState();
}

export function disablePingNotifications(): PingNotifyState {
  setOptIn(false);
  return pingNotifyState();
}

/** The notification's text: «Новый пинг: Роум» and when, where, what to fly. */
export function pingNotification(event: Ping): { title: string; body: string } {
  const lines = [
    `${PING_TYPE_LABELS[event.type] ?? event.type} · ${etText(event.date)} (${localText(event.date)} ваше время)`,
    event.formup ? `Сбор: ${systemLabel(event.formup)}` : '',
    event.doctrine ? `Доктрина: ${event.doctrine}` : '',
    event.fc ? `ФК: ${event.fc}` : '',
  ];
  return { title: `Новый пинг: ${event.name}`, body: lines.filter(Boolean).join('\n') };
}

/** Shows a new ping as a system notification when allowed and the tab is hidden (not one's own ping). */
export function notifyNewPing(event: Ping, username: string | null): void {
  if (pingNotifyState() !== 'on' || document.visibilityState !== 'hidden') return;
  if (event.author === username) return;
  const { title, body } = pingNotification(event);
  const n = new Notification(title, { body, tag: `ping-${event.id}`, lang: 'ru' });
  n.onclick = () => {
    window.focus();
    n.close();
  };
}
