import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { OkResponse, PostDebugRequest } from '@eve-toolkit/shared-types';
import { Feedback } from './feedback.schema';

@Injectable()
export class FeedbackService {
  constructor(@InjectModel(Feedback.name) private readonly feedback: Model<Feedback>) {}

  async submit(input: PostDebugRequest, username: string | null = null): Promise<OkResponse> {
    await this.feedback.create({ title: input.title, msg: input.msg, username });
    return { ok: true };
  }

  /** Newest first; used by the admin area later. */
  latest(limit = 50) {
    return this.feedback.find().sort({ createdAt: -1 }).limit(limit).lean();
  }
}
