import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { FEEDBACK_LIMITS } from '@eve-toolkit/shared-types';

@Schema({ collection: 'feedback', timestamps: { createdAt: true, updatedAt: false } })
export class Feedback {
  @Prop({ required: true, maxlength: FEEDBACK_LIMITS.title })
  title!: string;

  @Prop({ required: true, maxlength: FEEDBACK_LIMITS.msg })
  msg!: string;

  /** Username when the sender was signed in (accounts land later); null for guests. */
  @Prop({ type: String, default: null })
  username!: string | null;

  createdAt?: Date;
}

export const FeedbackSchema = SchemaFactory.createForClass(Feedback);
FeedbackSchema.index({ createdAt: -1 });
