import { Schema, Types } from 'mongoose';

export const DOCTRINE_MODEL = 'CorpDoctrine';

/** A fit of a doctrine as read when it was saved: the EFT text and what it holds (ids, so a rename in the SDE changes nothing). */
export interface DoctrineFitDoc {
  /** The fit's id (kept when the doctrine is edited and the same EFT text is given again). */
  _id: string;
  name: string;
  eft: string;
  ship_id: number;
  /** Everything but the hull, summed per type (slots, drones, charges, cargo). */
  items: { type_id: number; quantity: number }[];
}

/** A corporation's doctrine (`corp_doctrines`, issue 38). */
export interface DoctrineDoc {
  _id: Types.ObjectId;
  corporation_id: number;
  name: string;
  fits: DoctrineFitDoc[];
  created_at: Date;
  updated_at: Date;
  /** Username of who last changed it. */
  updated_by: string;
}

const FitSchema = new Schema<DoctrineFitDoc>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    eft: { type: String, required: true },
    ship_id: { type: Number, required: true },
    items: { type: [{ _id: false, type_id: Number, quantity: Number }], default: [] },
  },
  { _id: false },
);

export const DoctrineSchema = new Schema<DoctrineDoc>(
  {
    corporation_id: { type: Number, required: true },
    name: { type: String, required: true },
    fits: { type: [FitSchema], default: [] },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
    updated_by: { type: String, required: true },
  },
  { collection: 'corp_doctrines', versionKey: false },
);
DoctrineSchema.index({ corporation_id: 1, name: 1 });

/**
 * A doctrine with its fits' parsed contents, for other parts of the corporation area (a ping's
 * doctrine, SRP checking a loss against it): ship type id, item type ids and quantities.
 */
export interface ParsedDoctrine {
  id: string;
  corporationId: number;
  name: string;
  fits: { id: string; name: string; shipTypeId: number; items: { typeId: number; quantity: number }[] }[];
}

export const toParsedDoctrine = (d: DoctrineDoc): ParsedDoctrine => ({
  id: String(d._id),
  corporationId: d.corporation_id,
  name: d.name,
  fits: d.fits.map((f) => ({
    id: f._id,
    name: f.name,
    shipTypeId: f.ship_id,
    items: f.items.map((i) => ({ typeId: i.type_id, quantity: i.quantity })),
  })),
});
