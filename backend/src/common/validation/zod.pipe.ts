import { type ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { z, type ZodType } from 'zod';
import { ERROR_CODES, MESSAGES, REQUEST_MESSAGES } from '@eve-toolkit/shared-types';
import { apiError } from '../errors/api-error';

// Every message a schema leaves to zod (a wrong type where a field has no message of its own) in Russian.
z.config(z.locales.ru());

/** Validates a body/query with the shared zod schema; 400 with the schema's Russian messages. */
export class ZodPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown, metadata?: ArgumentMetadata): T {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    // No body at all (e.g. text/plain, which no parser reads): say so instead of zod's English default.
    if (metadata?.type === 'body' && (value === undefined || value === null || typeof value !== 'object')) {
      throw apiError(400, MESSAGES.bodyExpected, ERROR_CODES.validation, [MESSAGES.bodyExpected]);
    }
    // A JSON array (however deep) where the fields of an object are expected.
    if (metadata?.type === 'body' && Array.isArray(value) && result.error.issues.some((i) => i.path.length === 0)) {
      throw apiError(400, REQUEST_MESSAGES.objectExpected, ERROR_CODES.validation, [REQUEST_MESSAGES.objectExpected]);
    }
    const errors = result.error.issues.map((i) => i.message);
    throw apiError(400, errors[0] ?? 'Ошибка валидации', ERROR_CODES.validation, errors);
  }
}
