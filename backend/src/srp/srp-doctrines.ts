import { Injectable } from '@nestjs/common';
import type { CorpReader } from '../corp/corp-scope';
import type { FitItems } from './domain/doctrine-match';

/**
 * The fits of the doctrine a ping names, for the doctrine match. Null: the ping names no doctrine
 * of the library (or the corporation has none), so the request's `doctrine_match` is null.
 */
@Injectable()
export class SrpDoctrines {
  // eslint-disable-next-line @typescript-eslint/require-await
  async fitsOf(_reader: CorpReader, _pingId: string): Promise<FitItems[] | null> {
    return null;
  }
}
