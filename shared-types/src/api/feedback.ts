import { z } from 'zod';

export const FEEDBACK_LIMITS = { title: 200, msg: 5000 } as const;

/** POST api/post_debug {title, msg} -> { ok: true } */
export const postDebugSchema = z.object({
  title: z
    .string({ error: 'Введите заголовок' })
    .trim()
    .min(1, 'Введите заголовок')
    .max(FEEDBACK_LIMITS.title, `Заголовок не длиннее ${FEEDBACK_LIMITS.title} символов`),
  msg: z
    .string({ error: 'Введите сообщение' })
    .trim()
    .min(1, 'Введите сообщение')
    .max(FEEDBACK_LIMITS.msg, `Сообщение не длиннее ${FEEDBACK_LIMITS.msg} символов`),
});
export type PostDebugRequest = z.infer<typeof postDebugSchema>;
export interface OkResponse {
  ok: true;
}
