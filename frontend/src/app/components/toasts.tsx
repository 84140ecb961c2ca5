import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.layer.css';

/** The toast container with its stylesheet (a lazy chunk: shared/notify.ts mounts it with the first toast). */
export default function Toasts() {
  return <Notifications position="top-right" zIndex={2000} />;
}
