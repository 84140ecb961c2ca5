import { HttpException, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { LOOT_LIMITS, LOOT_MESSAGES } from '@eve-toolkit/shared-types';
import { apiError } from '../common/errors/api-exception.filter';

/**
 * Reads the multipart `{ file }` of post_players into memory (multer, through Nest's
 * FileInterceptor) with the loot limits, and turns multer's English refusals into the page's
 * Russian ones: too large -> 413, anything else about the form -> 400.
 */
const MulterFile = FileInterceptor('file', {
  limits: { fileSize: LOOT_LIMITS.maxFileBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
});

@Injectable()
export class LootFileInterceptor implements NestInterceptor {
  private readonly inner = new MulterFile();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.inner.intercept(context, next);
    } catch (err) {
      if (err instanceof HttpException && err.getStatus() === 413) throw apiError(413, LOOT_MESSAGES.tooLarge);
      throw apiError(400, LOOT_MESSAGES.badUpload);
    }
  }
}
