export interface VerifiedFile {
  /** The request path, e.g. `/media/<id>/320.mp4`. */
  path: string;
  /** What the server must send for it. */
  bytes: Buffer;
}
export interface WrongBody {
  path: string;
  range: string;
  status: number;
  why: string;
}
export interface VerifiedLoadResult {
  reads: number;
  dropped: number;
  bytes: number;
  wrongCount: number;
  wrong: WrongBody[];
  /** Completed reads, in ms, sorted. */
  latencies: number[];
}
export function verifiedRangeLoad(options: {
  port: number;
  files: VerifiedFile[];
  readers: number;
  reads?: number;
  seconds?: number;
  dropEvery?: number;
  span?: { min: number; max: number };
}): Promise<VerifiedLoadResult>;
