import {
  HttpException,
  Injectable,
  mixin,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer, { MulterError } from 'multer';
import type { Observable } from 'rxjs';
import { BODY_LIMITS, ERROR_CODES, REQUEST_MESSAGES } from '@eve-toolkit/shared-types';
import { apiError } from '../errors/api-error';

/**
 * Multipart forms, read one way for every route that takes them, with the same bounds as a JSON
 * body: at most `BODY_LIMITS.jsonBytes` in all (plus the route's one file, where it takes one), at
 * most `formFields` fields of `formFieldBytes`, no more parts than that, short field names. A
 * form must declare its size (Content-Length, as browsers do): one declared too large is refused
 * with 413 before a byte of it is read (and the connection closed, so nothing more is read
 * either); one that breaks a bound while being read gets 413 too, having been read no further
 * than its declared, bounded size.
 */

/** The largest form any route may take: the bound for every request's multipart body. */
export const MAX_FORM_BYTES = BODY_LIMITS.jsonBytes + BODY_LIMITS.formFileBytes;

export interface FormOptions {
  /** The one file the form may carry, under `field`, of at most `maxBytes`. */
  file?: { field: string; maxBytes: number };
  /** The route's own words for a file too large and for an unreadable form. */
  messages?: { tooLarge?: string; bad?: string };
}

const isMultipart = (req: Request) => !!req.is('multipart/form-data');

/**
 * 411 without a declared size, 413 above `maxBytes`, both answered at once with the connection
 * closed (the body is never read); null when the declared size is within bounds.
 */
function declaredSizeRefusal(req: Request, maxBytes: number, tooLarge: string): HttpException | null {
  const declared = req.headers['content-length'];
  if (declared === undefined) return apiError(411, REQUEST_MESSAGES.formLengthRequired, ERROR_CODES.validation);
  if (Number(declared) > maxBytes) return apiError(413, tooLarge);
  return null;
}

/** Every request, before anything reads it: a multipart body must declare a size within MAX_FORM_BYTES. */
export function formSizeMiddleware(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isMultipart(req)) return next();
    const refusal = declaredSizeRefusal(req, MAX_FORM_BYTES, REQUEST_MESSAGES.formTooLarge);
    if (!refusal) return next();
    res.setHeader('Connection', 'close');
    res.status(refusal.getStatus()).json(refusal.getResponse());
  };
}

/**
 * The interceptor a form route uses (`@UseInterceptors(FormInterceptor())`, or with `file`):
 * reads the multipart body into `req.body` (and `req.file`) within the bounds above; a JSON body
 * passes through untouched (the JSON parser has read it already).
 */
export function FormInterceptor(options: FormOptions = {}): Type<NestInterceptor> {
  const { file } = options;
  if (file && file.maxBytes > BODY_LIMITS.formFileBytes)
    throw new Error(`A form's file may be at most ${BODY_LIMITS.formFileBytes} bytes`);
  const tooLarge = options.messages?.tooLarge ?? REQUEST_MESSAGES.formTooLarge;
  const bad = options.messages?.bad ?? REQUEST_MESSAGES.badForm;
  const maxBytes = BODY_LIMITS.jsonBytes + (file?.maxBytes ?? 0);
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: {
      fields: BODY_LIMITS.formFields,
      fieldSize: BODY_LIMITS.formFieldBytes,
      fieldNameSize: BODY_LIMITS.formFieldNameBytes,
      files: file ? 1 : 0,
      fileSize: file?.maxBytes ?? 0,
      parts: BODY_LIMITS.formFields + (file ? 1 : 0),
      headerPairs: 20,
    },
  });
  const parse = file ? upload.single(file.field) : upload.none();

  @Injectable()
  class Form implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const req = http.getRequest<Request>();
      const res = http.getResponse<Response>();
      if (!isMultipart(req)) return next.handle();
      const refusal = declaredSizeRefusal(req, maxBytes, tooLarge);
      if (refusal) {
        res.setHeader('Connection', 'close');
        throw refusal;
      }
      await new Promise<void>((resolve, reject) =>
        parse(req, res, (err?: unknown) => {
          if (!err) return resolve();
          // A bound broken while reading: 413; an unexpected file or a malformed form: 400.
          const limit = err instanceof MulterError && err.code.startsWith('LIMIT_') && err.code !== 'LIMIT_UNEXPECTED_FILE';
          reject(limit ? apiError(413, tooLarge) : apiError(400, bad));
        }),
      );
      return next.handle();
    }
  }
  return mixin(Form);
}
