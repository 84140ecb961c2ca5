import { Injectable } from '@nestjs/common';
import { CorpDoctrinesService } from '../corp/doctrines/corp-doctrines.service';
import type { FitItems } from './domain/doctrine-match';

/**
 * The fits of the doctrine a ping names (the corporation's library, issue 38), for the doctrine
 * match. Null: the ping names no doctrine of the library (free text only, or the doctrine was
 * deleted since), so the request's `doctrine_match` is null.
 */
@Injectable()
export class SrpDoctrines {
  constructor(private readonly doctrines: CorpDoctrinesService) {}

  async fitsOf(corporationId: number, doctrineId: string | null): Promise<FitItems[] | null> {
    if (!doctrineId) return null;
    const doctrine = await this.doctrines.parsedDoctrine(corporationId, doctrineId);
    return doctrine ? doctrine.fits.map((f) => ({ id: f.id, shipTypeId: f.shipTypeId, items: f.items })) : null;
  }
}
