import { HttpException, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { industryJobRequestSchema, type ApiErrorBody, type IndustryJobParams } from '@eve-toolkit/shared-types';
import { ZodPipe } from '../common/validation/zod.pipe';
import { industryJobError } from './industry.errors';

/** The shared zod schema through the common ZodPipe; its Russian errors also as the spec's `error` list. */
export class IndustryJobBodyPipe implements PipeTransform<unknown, IndustryJobParams> {
  private readonly zod = new ZodPipe(industryJobRequestSchema);

  transform(value: unknown, metadata?: ArgumentMetadata): IndustryJobParams {
    try {
      return this.zod.transform(value, metadata);
    } catch (err) {
      if (!(err instanceof HttpException)) throw err;
      const body = err.getResponse() as ApiErrorBody;
      throw industryJobError(body.errors?.length ? body.errors : [body.message], err.getStatus());
    }
  }
}
