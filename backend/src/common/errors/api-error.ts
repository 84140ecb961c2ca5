import { HttpException } from '@nestjs/common';
import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '@eve-toolkit/shared-types';

/** The machine-readable code of each HTTP status the API answers with. */
export const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMedia,
  429: ERROR_CODES.tooMany,
  502: ERROR_CODES.upstream,
  503: ERROR_CODES.upstream,
};

/** An HttpException whose response is already a full ApiErrorBody (thrown by `apiError`). */
export function apiError(status: number, message: string, code?: ErrorCode, errors?: string[]): HttpException {
  const body: ApiErrorBody = { statusCode: status, code: code ?? CODE_BY_STATUS[status] ?? ERROR_CODES.internal, message };
  if (errors?.length) body.errors = errors;
  return new HttpException(body, status);
}
