import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { Error as MongooseError } from 'mongoose';
import { ERROR_CODES, MESSAGES, type ApiErrorBody } from '@eve-toolkit/shared-types';
import { isDuplicateKey } from '../database/duplicate-key';
import { CODE_BY_STATUS } from './api-error';

const RUSSIAN_BY_STATUS: Record<number, string> = {
  400: MESSAGES.badRequest,
  401: MESSAGES.unauthorized,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  405: MESSAGES.methodNotAllowed,
  413: MESSAGES.payloadTooLarge,
  415: MESSAGES.unsupportedEncoding,
  429: MESSAGES.tooMany,
};

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  code?: string;
}

/**
 * An error raised while reading a request body (body-parser, raw-body, zlib), mapped to a 4xx
 * with a Russian message; null when `err` is not one.
 */
export function toBodyError(err: unknown): ApiErrorBody | null {
  const bp = err as BodyParserError;
  if (!bp || typeof bp !== 'object') return null;
  const status = bp.status ?? bp.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  const body = (statusCode: number, message: string): ApiErrorBody => ({
    statusCode,
    code: CODE_BY_STATUS[statusCode] ?? ERROR_CODES.validation,
    message,
  });
  switch (bp.type) {
    case 'entity.parse.failed':
      return body(400, MESSAGES.invalidJson);
    case 'entity.too.large':
      return body(413, MESSAGES.payloadTooLarge);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return body(415, MESSAGES.unsupportedEncoding);
  }
  // zlib's Z_DATA_ERROR / Z_BUF_ERROR and brotli's ERR__ERROR_FORMAT_*: the bytes are not what Content-Encoding says.
  if (typeof bp.code === 'string' && (/^Z_/.test(bp.code) || /^ERR_(_ERROR|BROTLI)/.test(bp.code))) {
    return body(400, MESSAGES.badCompressedBody);
  }
  return body(400, MESSAGES.unreadableBody);
}

/** Maps any thrown value to `{ statusCode, code, message, errors? }`; 500s carry only a correlation id. */
export function toApiError(exception: unknown): { body: ApiErrorBody; internal: boolean } {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const res = exception.getResponse();
    if (typeof res === 'object' && res !== null && 'code' in res && 'message' in res) {
      return { body: res as ApiErrorBody, internal: false };
    }
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? ERROR_CODES.internal : ERROR_CODES.validation);
    const own = typeof res === 'string' ? res : exception.message;
    if (status === 400 && own.startsWith('Failed to decode param')) {
      return { body: { statusCode: 400, code, message: MESSAGES.badPathEncoding }, internal: false };
    }
    // Every message the API returns is Russian: framework messages ("Bad Request", "Failed to
    // decode param ...") are replaced by the status's Russian text.
    const message =
      status >= 500 ? MESSAGES.internal : /[а-яё]/i.test(own) ? own : (RUSSIAN_BY_STATUS[status] ?? MESSAGES.badRequest);
    return { body: { statusCode: status, code, message }, internal: status >= 500 };
  }
  const bodyError = toBodyError(exception);
  if (bodyError) return { body: bodyError, internal: false };
  if (exception instanceof MongooseError.ValidationError) {
    const errors = Object.values(exception.errors).map((e) => e.message);
    return {
      body: { statusCode: 400, code: ERROR_CODES.validation, message: errors[0] ?? 'Ошибка валидации', errors },
      internal: false,
    };
  }
  if (exception instanceof MongooseError.CastError) {
    return {
      body: { statusCode: 400, code: ERROR_CODES.validation, message: `Некорректное значение поля ${exception.path}` },
      internal: false,
    };
  }
  if (isDuplicateKey(exception)) {
    return { body: { statusCode: 409, code: ERROR_CODES.conflict, message: 'Такая запись уже существует' }, internal: false };
  }
  return { body: { statusCode: 500, code: ERROR_CODES.internal, message: MESSAGES.internal }, internal: true };
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const { body, internal } = toApiError(exception);
    if (internal) {
      // The request's id (also on every log line of this request and in X-Request-Id).
      const reqId = (req as Request & { id?: unknown }).id;
      body.correlationId = typeof reqId === 'string' ? reqId : randomUUID();
      this.logger.error(
        { err: exception, correlationId: body.correlationId, method: req.method, url: req.originalUrl },
        'Unhandled error',
      );
    }
    if (res.headersSent) return;
    res.status(body.statusCode || HttpStatus.INTERNAL_SERVER_ERROR).json(body);
  }
}
