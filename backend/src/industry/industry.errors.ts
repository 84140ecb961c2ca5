import { HttpException } from '@nestjs/common';
import { ERROR_CODES, INDUSTRY_JOB_MESSAGES, type IndustryJobError } from '@eve-toolkit/shared-types';

/**
 * The calculator's refusal: the common error body (`{ statusCode, code, message, errors }`) plus
 * the spec's `error` list, which the page shows as is.
 */
export function industryJobError(errors: readonly string[], status = 400): HttpException {
  const list = [...errors];
  const body: IndustryJobError = {
    statusCode: status,
    code: status === 400 ? ERROR_CODES.validation : ERROR_CODES.upstream,
    message: list[0] ?? INDUSTRY_JOB_MESSAGES.calculationFailed,
    errors: list,
    error: list,
  };
  return new HttpException(body, status);
}
