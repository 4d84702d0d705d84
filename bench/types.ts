/** One figure of `npm run bench`. `goal` is a human-readable target such as "<= 100 KB". */
export interface BenchResult {
  suite: string;
  name: string;
  value: number;
  unit: string;
  goal?: string;
  /** Whether the goal was met, when there is one. */
  pass?: boolean;
  note?: string;
}

/** Each `bench/*.bench.ts` exports `run`, which returns its figures. */
export type BenchSuite = () => Promise<BenchResult[]>;
