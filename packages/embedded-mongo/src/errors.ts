import type { Document } from 'bson';

/** An error that is reported to the client as `{ ok: 0, errmsg, code, codeName, ...extra }`. */
export class CommandError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
    readonly extra: Document = {},
  ) {
    super(message);
  }

  toReply(): Document {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }
}

export const ErrorCodes = {
  BadValue: 2,
  NoSuchKey: 4,
  FailedToParse: 9,
  TypeMismatch: 14,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  CursorNotFound: 43,
  NamespaceExists: 48,
  CommandNotFound: 59,
  ImmutableField: 66,
  CannotCreateIndex: 67,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  CannotIndexParallelArrays: 171,
  Location40324: 40324,
  DuplicateKey: 11000,
  Unauthorized: 13,
  NotImplemented: 238,
  InvalidPipelineOperator: 168,
} as const;

export const badValue = (msg: string): CommandError => new CommandError(ErrorCodes.BadValue, 'BadValue', msg);
export const failedToParse = (msg: string): CommandError => new CommandError(ErrorCodes.FailedToParse, 'FailedToParse', msg);
export const typeMismatch = (msg: string): CommandError => new CommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', msg);
