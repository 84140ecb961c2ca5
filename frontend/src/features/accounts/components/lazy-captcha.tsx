import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';

/** The captcha loads when a form needs it (not with the page: first-load budget). */
const Captcha = lazy(() => import('./captcha').then((m) => ({ default: m.Captcha })));

export function LazyCaptcha({ onSolved }: { onSolved: (captchaId: string) => void }) {
  return (
    <Suspense fallback={<Loader aria-label="Загрузка капчи" />}>
      <Captcha onSolved={onSolved} />
    </Suspense>
  );
}
