import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { csrfSync } from 'csrf-sync';
import { ERROR_CODES, type ApiErrorBody } from '@eve-toolkit/shared-types';

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_MESSAGE = 'Недействительный CSRF-токен: обновите страницу и повторите действие';

/**
 * Synchroniser-token CSRF protection (csrf-sync): `GET auth/get_csrf` stores a token in the
 * session and returns it; every unsafe request (POST, PUT, PATCH, DELETE, multipart included)
 * must echo it in the X-CSRF-Token header, or it is refused with 403 before any handler runs.
 */
const sync = csrfSync({
  getTokenFromRequest: (req) => {
    const value = req.headers[CSRF_HEADER];
    return typeof value === 'string' ? value : undefined;
  },
});

export function generateCsrfToken(req: Request, overwrite = false): string {
  return sync.generateToken(req, overwrite);
}

export function csrfProtection(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    sync.csrfSynchronisedProtection(req, res, (err?: unknown) => {
      if (!err) return next();
      const body: ApiErrorBody = { statusCode: 403, code: ERROR_CODES.forbidden, message: CSRF_MESSAGE };
      res.status(403).json(body);
    });
  };
}
