/** Typed failures of the ESI client. */
export class EsiError extends Error {
  constructor(
    message: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EsiError';
  }
}

/** ESI could not be reached or kept failing (network errors, timeouts, 5xx) after every retry. */
export class EsiUnavailableError extends EsiError {
  constructor(
    url: string,
    readonly attempts: number,
    readonly lastStatus: number | null,
    cause?: unknown,
  ) {
    const why = lastStatus ? `HTTP ${lastStatus}` : cause instanceof Error ? cause.message : 'нет ответа';
    super(`ESI недоступен (${why}) после ${attempts} попыток: ${url}`, url, { cause });
    this.name = 'EsiUnavailableError';
  }
}

/** ESI answered a definitive client error (4xx other than 420/429); retrying would not help. */
export class EsiHttpError extends EsiError {
  constructor(
    url: string,
    readonly status: number,
    readonly esiMessage: string,
  ) {
    super(`ESI ответил ${status}: ${esiMessage} (${url})`, url);
    this.name = 'EsiHttpError';
  }
}

/** The paged resource changed on every attempt to read it whole. */
export class EsiInconsistentPagesError extends EsiError {
  constructor(url: string, restarts: number) {
    super(`ESI обновлял данные во время постраничного чтения ${restarts} раз подряд: ${url}`, url);
    this.name = 'EsiInconsistentPagesError';
  }
}
