import { HttpException, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';
import type { ApiErrorBody } from '@eve-toolkit/shared-types';
import { ZodPipe } from '../common/validation/zod.pipe';
import { industryJobError } from './industry.errors';

/** A calculator body through the common ZodPipe; its Russian errors also as the spec's `error` list. */
export class IndustryBodyPipe<T> implements PipeTransform<unknown, T> {
  private readonly zod: ZodPipe<T>;

  constructor(schema: ZodType<T>) {
    this.zod = new ZodPipe(schema);
  }

  transform(value: unknown, metadata?: ArgumentMetadata): T {
    try {
      return this.zod.transform(value, metadata);
    } catch (err) {
      if (!(err instanceof HttpException)) throw err;
      const body = err.getResponse() as ApiErrorBody;
      throw industryJobError(body.errors?.length ? body.errors : [body.message], err.getStatus());
    }
  }
}
