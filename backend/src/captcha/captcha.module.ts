import { Module } from '@nestjs/common';
import { CaptchaService } from './captcha.service';

/** The picture captcha (its collections: captchas, captcha_failures, captcha_bans); the accounts' forms use it. */
@Module({ providers: [CaptchaService], exports: [CaptchaService] })
export class CaptchaModule {}
