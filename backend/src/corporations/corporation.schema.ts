import { Schema } from 'mongoose';
import { CORP_TYPES, DEFAULT_CORP_TYPE, type CorpType } from '@eve-toolkit/shared-types';

/**
 * A corporation registered by admins (`corporations`, _id = the game's corporation id).
 * Types (spec §3): 0 'Основа', 1 'Резерв' open the corporation area to its members; 2
 * 'Заблокирована' (the default) does not.
 */
export interface CorporationDoc {
  _id: number;
  name: string;
  corp_type: CorpType;
  created_at: Date;
}

export const CorporationSchema = new Schema<CorporationDoc>(
  {
    _id: { type: Number, required: true },
    name: { type: String, required: true, trim: true },
    corp_type: { type: Number, enum: Object.values(CORP_TYPES), default: DEFAULT_CORP_TYPE },
    created_at: { type: Date, required: true },
  },
  { collection: 'corporations', versionKey: false },
);

export const CORPORATION_MODEL = 'Corporation';

/** Types whose members may enter the corporation area. */
export const ACTIVE_CORP_TYPES: readonly CorpType[] = [CORP_TYPES.main, CORP_TYPES.reserve];
