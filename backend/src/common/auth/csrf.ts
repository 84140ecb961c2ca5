import { applyDecorators, Injectable, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { csrfSync } from 'csrf-sync';
import { ERROR_CODES, type ApiErrorBody } from '@eve-toolkit/shared-types';
import { apiError } from '../errors/api-error';

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_MESSAGE = 'Недействительный CSRF-токен: обновите страницу и повторите действие';

/**
 * Synchroniser-token CSRF protection (csrf-sync): `GET auth/get_csrf` stores a token in the
 * session and returns it; every unsafe request (POST, PUT, PATCH, DELETE, multipart included)
 * must echo it in the X-CSRF-Token header, or it is refused with 403 before any handler runs.
 * The few GETs that change state keep the spec's method but need the header too (@ChangesState).
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

/** Refuses a request without this session's CSRF token in the header (403, nothing changed). */
@Injectable()
export class CsrfGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!sync.isRequestValid(context.switchToHttp().getRequest<Request>())) throw apiError(403, CSRF_MESSAGE);
    return true;
  }
}

/**
 * A GET that changes state (the spec keeps GET for auth/logout, api/admin/kill,
 * api/admin/update_libs, auth/esi/auth_link): the session cookie is SameSite=Lax, so a top-level
 * navigation from another site carries it; the CSRF header, which only our own pages can send,
 * is required as on every POST. Put it after the handler's access decorators (they answer first).
 */
export const ChangesState = () => applyDecorators(UseGuards(CsrfGuard));
