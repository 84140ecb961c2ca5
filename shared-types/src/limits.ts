/**
 * Plain constants (no zod): the frontend imports these on first render, while the zod schemas
 * that use them load lazily with the forms (see `schemas.ts`).
 */
export const FEEDBACK_LIMITS = { title: 200, msg: 5000 } as const;
