/** Import progress: a cli-progress bar over bytes on a TTY, one line per file otherwise. */
import { SingleBar } from 'cli-progress';

export interface ImportProgress {
  begin(files: readonly { name: string; bytes: number }[]): void;
  file(name: string): void;
  bytes(n: number): void;
  end(): void;
}

export const silentProgress: ImportProgress = { begin() {}, file() {}, bytes() {}, end() {} };

const MB = 1024 * 1024;
const mb = (b: number) => (b / MB).toFixed(1);

export class BarProgress implements ImportProgress {
  private readonly bar = new SingleBar({
    format: 'Импорт SDE [{bar}] {percentage}% | {mbDone}/{mbTotal} МБ | {file} | {eta_formatted}',
    barCompleteChar: '█',
    barIncompleteChar: '░',
    hideCursor: true,
    etaBuffer: 50,
    fps: 5,
    stream: process.stderr,
  });
  private done = 0;
  private total = 0;
  private name = '';

  begin(files: readonly { name: string; bytes: number }[]): void {
    this.total = files.reduce((s, f) => s + f.bytes, 0);
    this.bar.start(this.total, 0, { file: '', mbDone: '0.0', mbTotal: mb(this.total) });
  }
  file(name: string): void {
    this.name = name;
    this.bar.update(this.done, { file: name, mbDone: mb(this.done) });
  }
  bytes(n: number): void {
    this.done += n;
    this.bar.update(this.done, { file: this.name, mbDone: mb(this.done) });
  }
  end(): void {
    this.bar.update(this.total, { file: 'готово', mbDone: mb(this.total) });
    this.bar.stop();
  }
}

export class LogProgress implements ImportProgress {
  private sizes = new Map<string, number>();
  constructor(private readonly log: (msg: string) => void) {}
  begin(files: readonly { name: string; bytes: number }[]): void {
    this.sizes = new Map(files.map((f) => [f.name, f.bytes]));
    this.log(`Импорт SDE: ${files.length} файлов, ${mb(files.reduce((s, f) => s + f.bytes, 0))} МБ`);
  }
  file(name: string): void {
    this.log(`Импорт SDE: ${name} (${mb(this.sizes.get(name) ?? 0)} МБ)`);
  }
  bytes(): void {}
  end(): void {}
}

/** The bar when the output is an interactive terminal, plain log lines otherwise. */
export function defaultProgress(log: (msg: string) => void): ImportProgress {
  return process.stderr.isTTY ? new BarProgress() : new LogProgress(log);
}
