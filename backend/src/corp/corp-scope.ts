import type { Model, QueryFilter, UpdateQuery } from 'mongoose';
/** Who reads: what the scope needs of a member (CorpAccess's CorpMember is one). */
export interface CorpReader {
  /** The corporations whose data the reader sees. */
  corporationIds: number[];
  /** Where the reader's new documents go. */
  corporationId: number;
}

/**
 * A corporation collection seen by one member: the one place the corporation filter is
 * written. Every read of a member's corporation data goes through `find` / `findOne` (only the
 * member's corporations), every new document through `create` (the member's own corporation), so
 * one corporation's data never reaches another. Projects, pings and buy rows use it.
 */
export class CorpScoped<T extends { corporation_id: number }> {
  constructor(private readonly model: Model<T>) {}

  /** `filter`, within the member's corporations. */
  within(member: Pick<CorpReader, 'corporationIds'>, filter: QueryFilter<T> = {}): QueryFilter<T> {
    return { ...filter, corporation_id: { $in: member.corporationIds } } as QueryFilter<T>;
  }

  find(member: Pick<CorpReader, 'corporationIds'>, filter: QueryFilter<T> = {}) {
    return this.model.find(this.within(member, filter));
  }

  findOne(member: CorpReader, filter: QueryFilter<T>) {
    return this.model.findOne(this.within(member, filter));
  }

  /** Changes the document matching `filter` within the member's corporations; the changed document, or null. */
  findOneAndUpdate(member: CorpReader, filter: QueryFilter<T>, update: UpdateQuery<T>) {
    return this.model.findOneAndUpdate(this.within(member, filter), update, { returnDocument: 'after' });
  }

  /** Deletes the document matching `filter` within the member's corporations. */
  deleteWithin(member: CorpReader, filter: QueryFilter<T>) {
    return this.model.deleteOne(this.within(member, filter));
  }

  /** A new document of the member's corporation (where new projects, pings and rows go); `_id` when it must be known first. */
  create(member: CorpReader, doc: Omit<T, 'corporation_id' | '_id'> & { _id?: unknown }) {
    return this.model.create({ ...doc, corporation_id: member.corporationId } as unknown as T);
  }

  /** The member's own corporation's documents matching `filter` (where its new ones go). */
  findOwn(member: CorpReader, filter: QueryFilter<T> = {}) {
    return this.model.find({ ...filter, corporation_id: member.corporationId } as QueryFilter<T>);
  }

  /** Sets the fields of the member's corporation's document matching `filter`, creating it when absent. */
  upsertOwn(member: CorpReader, filter: QueryFilter<T>, fields: Partial<Omit<T, 'corporation_id' | '_id'>>) {
    const own = { ...filter, corporation_id: member.corporationId } as QueryFilter<T>;
    return this.model.updateOne(own, { $set: { ...fields, corporation_id: member.corporationId } }, { upsert: true });
  }

  /**
   * A document of one corporation (server-side work that already holds that corporation's own
   * record, e.g. a ping naming its doctrine): never a corporation id from a request.
   */
  ofCorporation(corporationId: number, filter: QueryFilter<T>) {
    return this.model.findOne({ ...filter, corporation_id: corporationId } as QueryFilter<T>);
  }

  /** Deletes the member's corporation's document matching `filter`. */
  deleteOwn(member: CorpReader, filter: QueryFilter<T>) {
    return this.model.deleteOne({ ...filter, corporation_id: member.corporationId } as QueryFilter<T>);
  }
}
