import { typeIconUrl, type CandidateJob, type Ping, type JobExecutor, type Project } from '@eve-toolkit/shared-types';
import { portraitUrl } from '../characters/characters.mapper';
import type { PingDoc, ProjectDoc } from './corp.schema';
import type { Candidate } from './domain/candidates';
import { rsvpSummary } from './domain/pings';

/** A ship or item icon per ping type (type ids checked against the SDE). */
const PING_ICON_TYPE: Record<string, number> = {
  roam: 587, // Rifter
  'home def': 22456, // Sabre (interdictor)
  kta: 24702, // Hurricane
  mining: 17478, // Retriever
  pve: 24698, // Drake
  fuel: 4247, // Helium Fuel Block
  misc: 34, // Tritanium
};

/** A project document -> the API's project (spec §3), executors summed over jobs. */
export function toProject(doc: ProjectDoc, images: string): Project {
  const total = new Map<number, JobExecutor>();
  const jobs = doc.jobs.map((j) => {
    const progress = doc.progress?.[j.id] ?? { done: 0, executors: [] };
    const perChar = new Map<number, JobExecutor>();
    for (const e of progress.executors) {
      const row = perChar.get(e.char_id) ?? {
        char_id: e.char_id,
        name: e.name,
        icon: portraitUrl(images, e.char_id, 32),
        runs: 0,
      };
      row.runs += e.runs;
      perChar.set(e.char_id, row);
      const t = total.get(e.char_id) ?? { char_id: e.char_id, name: e.name, icon: portraitUrl(images, e.char_id, 32), runs: 0 };
      t.runs += e.runs;
      total.set(e.char_id, t);
    }
    return {
      id: j.id,
      name: j.name,
      icon: typeIconUrl(images, j.type_id, 32),
      type_id: j.type_id,
      activity_id: j.activity_id,
      blueprint_id: j.blueprint_id,
      type: j.type,
      pay: j.pay || null,
      quantity: j.quantity,
      done: progress.done,
      executors: [...perChar.values()],
    };
  });
  return {
    id: String(doc._id),
    name: doc.name,
    desc: doc.desc,
    status: doc.status,
    jobs,
    executors: [...total.values()].sort((a, b) => b.runs - a.runs || a.name.localeCompare(b.name)),
    author: doc.author,
    created_at: new Date(doc.created_at).toISOString(),
  };
}

/** What a viewer adds to the shared view of a ping: their answer and whether they may edit it. */
export interface PingViewerFields {
  userId: string | null;
  canEdit: boolean;
}

/**
 * A ping document -> the API's ping. Without a viewer (`userId` null) it is the shared view
 * that socket and domain events carry (`mine` null, `can_edit` false).
 */
export function toPing(doc: PingDoc, images: string, viewer: PingViewerFields = { userId: null, canEdit: false }): Ping {
  return {
    id: String(doc._id),
    name: doc.name,
    desc: doc.desc,
    type: doc.type,
    icon: typeIconUrl(images, PING_ICON_TYPE[doc.type] ?? 34, 32),
    date: new Date(doc.date).toISOString(),
    author: doc.author,
    formup: doc.formup ? { id: doc.formup.id, name: doc.formup.name, security: doc.formup.security } : null,
    doctrine: doc.doctrine ?? '',
    doctrine_ref: doc.doctrine_ref ? { id: doc.doctrine_ref.id, name: doc.doctrine_ref.name } : null,
    comms: doc.comms ?? '',
    srp: doc.srp ?? false,
    fc: doc.fc ?? '',
    rsvp: rsvpSummary(doc.rsvp, viewer.userId),
    can_edit: viewer.canEdit,
    updated_at: new Date(doc.updated_at ?? doc.created_at).toISOString(),
    cancelled: doc.cancelled ? { by: doc.cancelled.by, at: new Date(doc.cancelled.at).toISOString() } : null,
    rev: doc.rev ?? 0,
  };
}

/** A claim candidate -> the API's candidate (spec verify_job): runs = what it credits to `jobId`. */
export function toCandidateJob(c: Candidate, jobId: string, images: string): CandidateJob {
  return {
    job_id: c.ref,
    char_id: c.charId,
    char_name: c.charName,
    char_icon: portraitUrl(images, c.charId, 32),
    runs: c.credits.find((cr) => cr.jobId === jobId)?.units ?? 0,
    facility_name: c.facilityName,
    facility_icon: c.facilityIcon,
  };
}
