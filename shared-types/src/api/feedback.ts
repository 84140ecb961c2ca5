import { z } from 'zod';
import { FEEDBACK_LIMITS } from '../limits';
import { text } from '../text';

/** POST api/post_debug {title, msg} -> { ok: true } */
export const postDebugSchema = z.object({
  title: text({ error: 'Введите заголовок' })
    .trim()
    .min(1, 'Введите заголовок')
    .max(FEEDBACK_LIMITS.title, `Заголовок не длиннее ${FEEDBACK_LIMITS.title} символов`),
  msg: text({ error: 'Введите сообщение', multiline: true })
    .trim()
    .min(1, 'Введите сообщение')
    .max(FEEDBACK_LIMITS.msg, `Сообщение не длиннее ${FEEDBACK_LIMITS.msg} символов`),
});
export type PostDebugRequest = z.infer<typeof postDebugSchema>;
export interface OkResponse {
  ok: true;
}
