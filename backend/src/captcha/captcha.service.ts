import { randomBytes, randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { AUTH_MESSAGES, CAPTCHA, seededRandom, type CaptchaResponse } from '@eve-toolkit/shared-types';
import { apiError } from '../common/errors/api-error';
import { makePuzzle, renderTile, toDataUrl } from './domain/render';

interface CaptchaDoc {
  _id: string;
  session_id: string;
  answer: string;
  state: 'new' | 'solved';
  expires_at: Date;
}
interface FailureDoc {
  _id: string;
  count: number;
  expires_at: Date;
}
interface BanDoc {
  _id: string;
  expires_at: Date;
}

/**
 * Picture captchas: single use, expiring (TTL), bound to the session that asked for one. Wrong
 * answers are counted per client address; after CAPTCHA.failureLimit within the window (or when
 * the client itself calls ban_me) the client gets 'Попробуйте позже' until the ban expires. The
 * server enforces this whether or not the client cooperates.
 */
@Injectable()
export class CaptchaService {
  private indexes: Promise<unknown> | null = null;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  private get captchas() {
    return this.connection.collection<CaptchaDoc>('captchas');
  }
  private get failures() {
    return this.connection.collection<FailureDoc>('captcha_failures');
  }
  private get bans() {
    return this.connection.collection<BanDoc>('captcha_bans');
  }

  private ensureIndexes(): Promise<unknown> {
    this.indexes ??= Promise.all([
      this.captchas.createIndex({ expires_at: 1 }, { expireAfterSeconds: 0 }),
      this.failures.createIndex({ expires_at: 1 }, { expireAfterSeconds: 0 }),
      this.bans.createIndex({ expires_at: 1 }, { expireAfterSeconds: 0 }),
    ]);
    return this.indexes;
  }

  private async assertNotBanned(client: string, now: Date): Promise<void> {
    const ban = await this.bans.findOne({ _id: client, expires_at: { $gt: now } });
    if (ban) throw apiError(429, AUTH_MESSAGES.tryLater);
  }

  async generate(sessionId: string, client: string, now = new Date()): Promise<CaptchaResponse> {
    await this.ensureIndexes();
    await this.assertNotBanned(client, now);
    const random = seededRandom(randomInt(0, 2 ** 31));
    const puzzle = makePuzzle(random, CAPTCHA.tiles);
    const id = randomBytes(18).toString('base64url');
    await this.captchas.insertOne({
      _id: id,
      session_id: sessionId,
      answer: puzzle.answer,
      state: 'new',
      expires_at: new Date(now.getTime() + CAPTCHA.ttlSeconds * 1000),
    });
    return {
      id,
      target: toDataUrl(renderTile(puzzle.target, random)),
      options: puzzle.tiles.map((shape) => toDataUrl(renderTile(shape, random))),
    };
  }

  /** One answer per captcha: right -> solved (usable once by a form); wrong -> gone, and counted. */
  async validate(sessionId: string, client: string, id: string, answer: string, now = new Date()): Promise<{ ok: boolean }> {
    await this.assertNotBanned(client, now);
    const doc = await this.captchas.findOneAndDelete({ _id: id, session_id: sessionId, state: 'new', expires_at: { $gt: now } });
    if (doc && doc.answer === answer) {
      await this.captchas.insertOne({ ...doc, state: 'solved' });
      return { ok: true };
    }
    await this.countFailure(client, now);
    return { ok: false };
  }

  /** The client gave up (spec: after too many failures it calls ban_me). */
  async ban(client: string, now = new Date()): Promise<{ ok: true }> {
    await this.bans.updateOne(
      { _id: client },
      { $set: { expires_at: new Date(now.getTime() + CAPTCHA.banSeconds * 1000) } },
      { upsert: true },
    );
    return { ok: true };
  }

  /** A form (registration, login, delete) spends a solved captcha of this session; else 400. */
  async consume(sessionId: string, id: string, now = new Date()): Promise<void> {
    const doc = await this.captchas.findOneAndDelete({
      _id: id,
      session_id: sessionId,
      state: 'solved',
      expires_at: { $gt: now },
    });
    if (!doc) throw apiError(400, AUTH_MESSAGES.captchaInvalid);
  }

  private async countFailure(client: string, now: Date): Promise<void> {
    const doc = await this.failures.findOneAndUpdate(
      { _id: client, expires_at: { $gt: now } },
      { $inc: { count: 1 } },
      { returnDocument: 'after' },
    );
    if (!doc) {
      await this.failures.replaceOne(
        { _id: client },
        { count: 1, expires_at: new Date(now.getTime() + CAPTCHA.failureWindowSeconds * 1000) },
        { upsert: true },
      );
      return;
    }
    if (doc.count >= CAPTCHA.failureLimit) {
      await this.ban(client, now);
      await this.failures.deleteOne({ _id: client });
    }
  }
}
