import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { postDebugSchema, type OkResponse, type PostDebugRequest } from '@eve-toolkit/shared-types';
import { RateLimit } from '../common/rate-limit/rate-limit';
import { ZodPipe } from '../common/validation/zod.pipe';
import { FeedbackService } from './feedback.service';

@Controller('api')
export class FeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  /** Limit: 5 messages per 10 minutes per client. */
  @Post('post_debug')
  @RateLimit('feedback')
  @HttpCode(200)
  post(@Body(new ZodPipe(postDebugSchema)) body: PostDebugRequest): Promise<OkResponse> {
    return this.feedback.submit(body);
  }
}
